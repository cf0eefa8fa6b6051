import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { cursorSigner } from '../core/cursor.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { contactKey } from '../data/contact.js';
import { profileKey } from '../data/user-profile.js';
import { getDraft } from '../data/draft.js';
import { recordIncomingEmail } from '../conversations/index.js';
import { mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import { type MailApi, MailApiFailure } from '../providers/mail/port.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { lambdaContext, userClaims } from '../test/api-event.js';
import { callRoute, dataOf } from '../test/call-route.js';
import { connectMailbox } from '../test/connect-mailbox.js';
import { setAttributes } from '../test/raw-items.js';
import { sqsRecord } from '../test/sqs-event.js';
import { queueDueSends } from './due-sends.js';
import { draftMessageId } from './send-rules.js';
import { sendWorker } from './send-worker.js';
import type { SendingDeps } from './sending.js';
import * as drafts from './service.js';

/**
 * Sending through the real mail adapters (@googleapis/gmail, @microsoft/microsoft-graph-client, nodemailer's MIME)
 * pointed at the sandbox by base URL, as the local stack runs them; the mailbox connected through the sandbox's
 * consent page. What arrived is read back from the sandbox's mail control (`GET /_sandbox/mail/messages`).
 */
let sandbox: Sandbox;
let restoreEnv: () => void;
const db = createDataClient(process.env.TABLE_NAME!);
const logger = createLogger('drafts-sandbox-test');
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

type SandboxMessage = {
  id: string;
  threadId: string;
  from: string;
  to: string;
  subject: string;
  body: string;
  messageId: string;
  inReplyTo: string | null;
  sentAt: string;
  attachments: { fileName: string | null; contentType: string; size: number }[];
};
const messagesWith = async (filter: 'to' | 'from', address: string): Promise<SandboxMessage[]> => {
  const response = await fetch(`${sandbox.url}/_sandbox/mail/messages?${filter}=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SandboxMessage[]).reverse();
};
/** what arrived at `address`, oldest first */
const messagesTo = (address: string) => messagesWith('to', address);
/** what the user's own mailbox `address` sent, oldest first (sandbox people are shared by every test) */
const messagesFrom = (address: string) => messagesWith('from', address);

/** A user with a mailbox connected through the sandbox, a contact with a verified address, the worker on the real adapters. */
const world = async (provider: MailProvider) => {
  const claims = userClaims();
  const uid = claims.sub as string;
  const email = `${uid.slice(0, 8)}@${provider === 'gmail' ? 'gmail.com' : 'outlook.com'}`;
  await connectMailbox(claims, { provider, email });
  const contactAddress = `grace.${uid.slice(0, 8)}@navy.example`;
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

  // a year no other test's drafts are due in: the due-sends job below sends every draft due before its clock, the
  // other files' too (they run side by side on a machine of more cores)
  const clock = { now: new Date('2019-03-04T10:00:00.000Z') };
  const now = () => new Date(clock.now);
  const queued: { uid: string; draftId: string }[] = [];
  const queue = {
    send: async (name: string, message: unknown) => {
      if (name === 'send') queued.push(message as { uid: string; draftId: string });
    },
    sendMany: async (name: string, messages: unknown[]) => {
      if (name === 'send') queued.push(...(messages as { uid: string; draftId: string }[]));
    },
  };
  const draftsDeps: drafts.DraftsDeps = { db, now, newId: drafts.newDraftId, cursors: cursorSigner('k'), queue };
  const apis = createMailApis(process.env);
  const sendingDeps: SendingDeps = {
    db,
    now,
    newId: drafts.newDraftId,
    logger,
    queue,
    mailboxes: mailboxesDepsFromEnv(logger, process.env),
    mailApis: apis,
    storage,
  };
  const deliver = (handler: ReturnType<typeof sendWorker>, draftId: string, receiveCount = 1) =>
    handler({ Records: [sqsRecord(JSON.stringify({ uid, draftId }), { receiveCount })] }, lambdaContext());
  return {
    uid,
    email,
    contactId: contact.id as string,
    contactAddress,
    clock,
    queued,
    draftsDeps,
    sendingDeps,
    apis,
    deliver,
  };
};

describe.each(['gmail', 'outlook'] as const)('sending from a %s mailbox through the sandbox', (provider) => {
  it('sends once across a crash after the provider took it, then threads the due follow-up under it', async () => {
    const w = await world(provider);
    const draft = await drafts.createDraft(w.draftsDeps, w.uid, {
      contactId: w.contactId,
      subject: 'Compilers',
      body: 'Dear Grace, may I ask you about compilers?',
    });
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    expect(w.queued).toEqual([{ uid: w.uid, draftId: draft.id }]);

    // the provider takes the e-mail, but the answer never comes back (a timeout): the retry must not send it again
    const real = w.apis[provider];
    const crashing: MailApi = {
      ...real,
      send: async (token, mail) => {
        await real.send(token, mail);
        throw new MailApiFailure('unavailable', 'the answer never came back');
      },
    };
    const crashingWorker = sendWorker({ ...w.sendingDeps, mailApis: { ...w.apis, [provider]: crashing } }, logger);
    expect((await w.deliver(crashingWorker, draft.id)).batchItemFailures).toHaveLength(1);
    const worker = sendWorker(w.sendingDeps, logger);
    expect(await w.deliver(worker, draft.id, 2)).toEqual({ batchItemFailures: [] });

    const arrived = await messagesTo(w.contactAddress);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({
      from: w.email,
      subject: 'Compilers',
      messageId: draftMessageId(draft.id, w.email),
    });
    expect(arrived[0]!.body).toContain('may I ask you about compilers?');
    const sent = await getDraft(db, w.uid, draft.id);
    expect(sent).toMatchObject({ status: 'sent', sentMessageId: draftMessageId(draft.id, w.email) });

    // three days later at 09:00 UTC the follow-up is due: it goes in the same thread
    const followUp = (await drafts.contactDrafts(w.draftsDeps, w.uid, w.contactId)).find(
      (item) => item.draftType === 'follow_up',
    )!;
    w.clock.now = new Date(Date.parse(followUp.scheduledSendTime!) + 1000);
    await queueDueSends({ ...w.draftsDeps, logger });
    expect(w.queued.filter((item) => item.uid === w.uid).at(-1)).toEqual({ uid: w.uid, draftId: followUp.id });
    expect(await w.deliver(worker, followUp.id)).toEqual({ batchItemFailures: [] });
    const thread = await messagesTo(w.contactAddress);
    expect(thread).toHaveLength(2);
    expect(thread[1]).toMatchObject({
      subject: 'Re: Compilers',
      inReplyTo: arrived[0]!.messageId,
      threadId: arrived[0]!.threadId,
    });
  });

  it("sends a reply to the contact's answer in the same thread, answering their message (DESIGN §9)", async () => {
    const w = await world(provider);
    const draft = await drafts.createDraft(w.draftsDeps, w.uid, {
      contactId: w.contactId,
      subject: 'Compilers',
      body: 'Dear Grace, may I ask you about compilers?',
    });
    await drafts.sendDraft(w.draftsDeps, w.uid, draft.id);
    const worker = sendWorker(w.sendingDeps, logger);
    expect(await w.deliver(worker, draft.id)).toEqual({ batchItemFailures: [] });
    const [first] = await messagesTo(w.contactAddress);

    // Grace answers on the sandbox's mail control; the reply checks record it in the conversation (its id the draft's)
    const answered = await fetch(`${sandbox.url}/_sandbox/mail/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: first!.id, body: 'How about Thursday at 5pm CET?' }),
    });
    expect(answered.status).toBe(200);
    const [answer] = await messagesTo(w.email);
    expect(answer).toMatchObject({ inReplyTo: first!.messageId });
    await recordIncomingEmail(db, w.uid, draft.id, {
      kind: 'reply',
      providerMessageId: answer!.id,
      messageId: answer!.messageId,
      from: w.contactAddress,
      fromName: 'Grace Hopper',
      to: w.email,
      subject: answer!.subject,
      body: answer!.body,
      // as the reply checks record it: at the time the mailbox received it
      at: new Date(answer!.sentAt),
    });

    const reply = await drafts.createDraft(w.draftsDeps, w.uid, {
      contactId: w.contactId,
      conversationId: draft.id,
      draftType: 'reply',
      isPrimary: false,
      subject: 'Re: Compilers',
      body: 'Thursday at 5pm CET works well for me.',
    });
    w.clock.now = new Date(w.clock.now.getTime() + 60_000);
    await drafts.sendDraft(w.draftsDeps, w.uid, reply.id);
    expect(await w.deliver(worker, reply.id)).toEqual({ batchItemFailures: [] });

    const thread = await messagesTo(w.contactAddress);
    expect(thread).toHaveLength(2);
    expect(thread[1]).toMatchObject({
      from: w.email,
      subject: 'Re: Compilers',
      threadId: first!.threadId,
      inReplyTo: answer!.messageId,
      messageId: draftMessageId(reply.id, w.email),
    });
    expect(thread[1]!.body).toContain('Thursday at 5pm CET works well for me.');
    expect(await getDraft(db, w.uid, reply.id)).toMatchObject({ status: 'sent' });
  });
});

describe('the résumé on the e-mails of a conversation (SPEC §3 App settings includeResume)', () => {
  const resumeName = 'Ada Lovelace CV.pdf';
  const resumeBytes = new TextEncoder().encode('%PDF-1.4 Ada Lovelace, analyst of the Analytical Engine');
  const resumeAttachment = { name: resumeName, source: 'resume', size: resumeBytes.length };
  const withResume = [{ fileName: resumeName, contentType: 'application/pdf', size: resumeBytes.length }];

  /** A Gmail user (includeResume on, the default) whose résumé is uploaded, and the send worker. */
  const resumeWorld = async () => {
    const w = await world('gmail');
    const key = `users/${w.uid}/resume/cv.pdf`;
    await storage.put(key, resumeBytes, { contentType: 'application/pdf' });
    await setAttributes(db, profileKey(w.uid), { resumeFileKey: key, resumeFileName: resumeName });
    const worker = sendWorker(w.sendingDeps, logger);
    /** sends the draft now and answers what arrived of it, as the sandbox's mail of this user's mailbox lists it */
    const send = async (draftId: string) => {
      w.clock.now = new Date(w.clock.now.getTime() + 60_000);
      await drafts.sendDraft(w.draftsDeps, w.uid, draftId);
      expect(await w.deliver(worker, draftId)).toEqual({ batchItemFailures: [] });
      const sent = await getDraft(db, w.uid, draftId);
      expect(sent).toMatchObject({ status: 'sent' });
      const arrived = (await messagesFrom(w.email)).find((message) => message.messageId === sent!.sentMessageId);
      expect(arrived).toBeDefined();
      return arrived!;
    };
    const first = (attachments?: (typeof resumeAttachment)[]) =>
      drafts.createDraft(w.draftsDeps, w.uid, {
        contactId: w.contactId,
        subject: 'Compilers',
        body: 'Dear Grace, may I ask you about compilers?',
        ...(attachments ? { attachments } : {}),
      });
    /** the follow-up the first e-mail's send scheduled, called off so the person can change it (it is a draft again) */
    const followUpOf = async () => {
      const followUp = (await drafts.contactDrafts(w.draftsDeps, w.uid, w.contactId)).find(
        (item) => item.draftType === 'follow_up',
      )!;
      await drafts.updateDraft(w.draftsDeps, w.uid, followUp.id, { scheduledSendTime: null });
      return followUp;
    };
    return { ...w, send, first, followUpOf };
  };

  it('goes with the first e-mail only: the follow-up and the reply carry none', async () => {
    const w = await resumeWorld();
    const draft = await w.first();
    expect((await w.send(draft.id)).attachments).toEqual(withResume);

    const followUp = await w.followUpOf();
    expect((await w.send(followUp.id)).attachments).toEqual([]);

    const [firstSent] = await messagesTo(w.contactAddress);
    const answered = await fetch(`${sandbox.url}/_sandbox/mail/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: firstSent!.id, body: 'Happy to. Thursday?' }),
    });
    expect(answered.status).toBe(200);
    const [answer] = await messagesTo(w.email);
    await recordIncomingEmail(db, w.uid, draft.id, {
      kind: 'reply',
      providerMessageId: answer!.id,
      messageId: answer!.messageId,
      from: w.contactAddress,
      fromName: 'Grace Hopper',
      to: w.email,
      subject: answer!.subject,
      body: answer!.body,
      at: new Date(answer!.sentAt),
    });
    const reply = await drafts.createDraft(w.draftsDeps, w.uid, {
      contactId: w.contactId,
      conversationId: draft.id,
      draftType: 'reply',
      isPrimary: false,
      subject: 'Re: Compilers',
      body: 'Thursday works well for me.',
    });
    expect((await w.send(reply.id)).attachments).toEqual([]);
  });

  it('is not sent with a first e-mail it was removed from', async () => {
    const w = await resumeWorld();
    const draft = await w.first();
    await drafts.updateDraft(w.draftsDeps, w.uid, draft.id, { attachments: [] });
    expect((await w.send(draft.id)).attachments).toEqual([]);
  });

  it('is sent with a follow-up it was added to, and only there', async () => {
    const w = await resumeWorld();
    const draft = await w.first([]);
    expect((await w.send(draft.id)).attachments).toEqual([]);
    const followUp = await w.followUpOf();
    await drafts.updateDraft(w.draftsDeps, w.uid, followUp.id, { attachments: [resumeAttachment] });
    expect((await w.send(followUp.id)).attachments).toEqual(withResume);
  });
});
