import { UpdateCommand } from '../data/dynamo.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import { cursorSigner } from '../core/cursor.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { contactKey } from '../data/contact.js';
import { getDraft } from '../data/draft.js';
import { getMailbox, listMailboxes, mailboxKey } from '../data/mailbox.js';
import { profileKey } from '../data/user-profile.js';
import { mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import { microsoftScopesBeforeDrafts } from '../providers/mail/scopes.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { lambdaContext, userClaims } from '../test/api-event.js';
import { callRoute, dataOf } from '../test/call-route.js';
import { connectMailbox } from '../test/connect-mailbox.js';
import { setAttributes } from '../test/raw-items.js';
import { sqsRecord } from '../test/sqs-event.js';
import { draftMessageId } from './send-rules.js';
import { sendWorker } from './send-worker.js';
import type { SendingDeps } from './sending.js';
import * as drafts from './service.js';

/**
 * An Outlook mailbox sending what Gmail sends: a résumé that puts the e-mail over Graph's 4 MB `sendMail` goes as a
 * draft with an upload session, through the real adapters pointed at the sandbox, whose Graph keeps Microsoft's
 * limits. A mailbox connected before the app asked for `Mail.ReadWrite` keeps renewing and sending small e-mails; it
 * is asked to reconnect when its first large one needs the permission.
 */
let sandbox: Sandbox;
let restoreEnv: () => void;
const db = createDataClient(process.env.TABLE_NAME!);
const logger = createLogger('outlook-large-send-test');
const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME!);

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
  const env = lambdaEnvironment({ sandboxEndpoint: `http://127.0.0.1:${port}` });
  restoreEnv = applyEnvironment(
    Object.fromEntries(Object.entries(env).filter(([name]) => /^(GOOGLE|GMAIL|MICROSOFT)_/.test(name))),
  );
});

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.stop();
});

/** Connects the user's Outlook mailbox through the app's sign-in; `scopes` replaces what the app asks for. */
const connect = async (claims: Record<string, unknown>, email: string, scopes?: readonly string[]) => {
  await connectMailbox(claims, { provider: 'outlook', email, ...(scopes ? { scopes } : {}) });
};

/** Bytes whose every position differs from its neighbours, so a range cut or joined wrongly shows. */
const resumeOf = (size: number) => Buffer.from(Uint8Array.from({ length: size }, (_, index) => (index * 13 + 5) % 256));

/** What the contact received, as received, parsed. */
const received = async (to: string) => {
  const listed = (await (await fetch(`${sandbox.url}/_sandbox/mail/messages?to=${encodeURIComponent(to)}`)).json()) as {
    id: string;
  }[];
  return Promise.all(
    listed.map(async (message) =>
      simpleParser(
        Buffer.from(await (await fetch(`${sandbox.url}/_sandbox/mail/messages/${message.id}/raw`)).arrayBuffer()),
      ),
    ),
  );
};

/** A user, a contact with a verified address, a résumé of `resumeBytes` attached to every e-mail, the send worker. */
const world = async (resumeBytes: number) => {
  const claims = userClaims();
  const uid = claims.sub as string;
  const email = `${uid.slice(0, 8).toLowerCase()}@contoso.example`;
  const contactAddress = `grace.${uid.slice(0, 8).toLowerCase()}@navy.example`;
  const contact = await dataOf(
    callRoute('POST /api/contacts', {
      claims,
      body: {
        name: 'Grace Hopper',
        email: contactAddress,
      },
    }),
  );
  await setAttributes(db, contactKey(uid, contact.id), { emailQevStatus: 'valid', firstName: 'Grace' });
  const resume = resumeOf(resumeBytes);
  const resumeKey = `users/${uid}/resume/resume.pdf`;
  await storage.put(resumeKey, resume, { contentType: 'application/pdf' });
  await setAttributes(db, profileKey(uid), {
    entity: 'userProfile',
    uid,
    displayName: 'Ada Lovelace',
    resumeFileKey: resumeKey,
    resumeFileName: 'Ada Lovelace résumé.pdf',
    settings: { ...settingsDefaults, includeResume: true, autoFollowUp: false },
  });
  // the sending guard spreads a mailbox's sends (DESIGN §6): a send again is made a few minutes on
  const clock = { now: new Date() };
  const now = () => new Date(clock.now);
  const queue = { send: async () => {}, sendMany: async () => {} };
  const draftsDeps: drafts.DraftsDeps = { db, now, newId: drafts.newDraftId, cursors: cursorSigner('k'), queue };
  const sendingDeps: SendingDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    logger,
    queue,
    mailboxes: mailboxesDepsFromEnv(logger, process.env),
    mailApis: createMailApis(process.env),
    storage,
  };
  const worker = sendWorker(sendingDeps, logger);
  /** a new initial e-mail to the contact, sent now through the worker: the draft as it then is */
  const send = async (existing?: string) => {
    const id =
      existing ??
      (
        await drafts.createDraft(draftsDeps, uid, {
          contactId: contact.id,
          subject: 'Compilers',
          body: 'Dear Grace, my résumé is attached.',
        })
      ).id;
    await drafts.sendDraft(draftsDeps, uid, id);
    const answer = await worker({ Records: [sqsRecord(JSON.stringify({ uid, draftId: id }))] }, lambdaContext());
    expect(answer).toEqual({ batchItemFailures: [] });
    return (await getDraft(db, uid, id))!;
  };
  const mailbox = async () => (await listMailboxes(db, uid)).mailboxes[0]!;
  return { claims, uid, email, contactAddress, resume, send, mailbox, clock };
};

describe('a large e-mail from Outlook', () => {
  it('sends a 4.9 MB résumé whole: over sendMail’s 4 MB it goes as a draft, its résumé uploaded in ranges', async () => {
    const w = await world(4_900_000);
    await connect(w.claims, w.email);
    const sent = await w.send();
    expect(sent).toMatchObject({ status: 'sent', sentMessageId: draftMessageId(sent.id, w.email) });
    const [message, ...others] = await received(w.contactAddress);
    expect(others).toEqual([]);
    expect(message!.messageId).toBe(draftMessageId(sent.id, w.email));
    expect(message!.headers.get('x-outreach-draft-id')).toBe(sent.id);
    const pdf = message!.attachments.find((attachment) => attachment.filename === 'Ada Lovelace résumé.pdf');
    expect(pdf?.content.equals(w.resume)).toBe(true);
  });

  it('keeps a mailbox connected before drafts were asked for working, and asks it to reconnect on its first large e-mail', async () => {
    const w = await world(4_000_000);
    await connect(w.claims, w.email, microsoftScopesBeforeDrafts);
    // as stored before the app kept the granted scopes
    const before = await w.mailbox();
    await db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mailboxKey(w.uid, before.id),
        UpdateExpression: 'REMOVE scopes',
      }),
    );

    // it renews as it is (a renewal asking for Mail.ReadWrite would be refused) and stays connected
    const response = await callRoute('POST /api/email-connections/{id}/refresh', {
      claims: w.claims,
      params: { id: before.id },
    });
    expect(response.status, response.raw).toBe(200);
    const renewed = response.json.data;
    expect(renewed).toMatchObject({ status: 'connected', refreshError: null });

    // the first large e-mail: not sent, the reason said, the mailbox asked to reconnect
    const failed = await w.send();
    expect(failed).toMatchObject({ status: 'failed', failureReason: draftMessages.reconnectForLargeMail(w.email) });
    expect(await getMailbox(db, w.uid, before.id)).toMatchObject({
      status: 'expired',
      refreshError: 'permission_denied',
    });
    expect(await received(w.contactAddress)).toEqual([]);

    // reconnected (the app's own scopes now), the same draft sent again goes out whole
    await connect(w.claims, w.email);
    expect(await w.mailbox()).toMatchObject({
      status: 'connected',
      scopes: expect.arrayContaining(['Mail.ReadWrite']),
    });
    w.clock.now = new Date(w.clock.now.getTime() + 10 * 60_000);
    const sent = await w.send(failed.id);
    expect(sent.status).toBe('sent');
    const [message] = await received(w.contactAddress);
    expect(message!.attachments[0]!.content.equals(w.resume)).toBe(true);
  });
});
