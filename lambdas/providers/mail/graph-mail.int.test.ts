import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import { simpleParser } from 'mailparser';
import { graphDraftsVendor } from '../../../infra/local/sandbox/graph-drafts.js';
import { graphMailVendor } from '../../../infra/local/sandbox/graph-mail.js';
import { mailControlVendor } from '../../../infra/local/sandbox/mail-page.js';
import { connectSandboxMailbox } from '../../../infra/local/sandbox/mail-testing.js';
import { microsoftVendor } from '../../../infra/local/sandbox/microsoft.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { createGraphMailClient, graphMailApi } from './graph-mail.js';
import { createMailApis } from './mail-api.js';
import { type MailApi, MailApiFailure, type OutgoingMail } from './port.js';
import { readMailSettings } from './settings.js';

/** A webhook that passes Graph's validation handshake (echoes `validationToken` as text/plain). */
let webhook: Server;
let webhookUrl: string;
let sandbox: Sandbox;
let outlook: MailApi;
beforeAll(async () => {
  webhook = createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('validationToken');
    req.resume();
    res.writeHead(token ? 200 : 202, { 'Content-Type': 'text/plain' });
    res.end(token ?? '');
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/api/webhooks/outlook`;
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [microsoftVendor, graphDraftsVendor, graphMailVendor, mailControlVendor],
    log: () => {},
  });
  outlook = createMailApis({ MICROSOFT_GRAPH_BASE_URL: `${sandbox.url}/microsoft/graph/` }).outlook;
});
afterAll(async () => {
  await sandbox.stop();
  webhook.closeAllConnections();
  await new Promise((resolve) => webhook.close(resolve));
});

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return response.json() as Promise<{ id: string }>;
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailApiFailure);
  return error as MailApiFailure;
};

const outgoing = (from: string, draftId: string, overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  from,
  fromName: 'Ada Lovelace',
  to: 'grace@navy.example',
  toName: 'Grace Hopper',
  subject: 'The engine',
  body: 'Dear Grace, shall we talk about the engine?',
  messageId: `<draft-${draftId}@contoso.com>`,
  headers: { 'X-Outreach-Draft-Id': draftId },
  ...overrides,
});

describe('the Graph mail adapter against the sandbox', () => {
  it('sends an e-mail as MIME, finds it in Sent Items, and reads the reply from the delta link on', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', 'ada@contoso.com');
    const cursor = await outlook.currentCursor(accessToken);
    const sent = await outlook.send(
      accessToken,
      outgoing('ada@contoso.com', '01JA', {
        attachments: [
          { fileName: 'resume.pdf', contentType: 'application/pdf', content: new Uint8Array([0x25, 0x50]) },
        ],
      }),
    );
    expect(sent).toEqual({
      providerMessageId: expect.any(String),
      threadId: expect.any(String),
      messageId: '<draft-01JA@contoso.com>',
      sentAt: expect.any(Date),
    });
    expect(await outlook.findSent(accessToken, '<draft-01JA@contoso.com>')).toEqual(sent);
    expect(await outlook.findSent(accessToken, "<draft-n'ever@contoso.com>")).toBeNull();
    const quiet = await outlook.changesSince(accessToken, cursor, 50);
    expect(quiet.messages).toEqual([]);

    await control('/_sandbox/mail/reply', { messageId: sent.messageId, body: 'Yes, gladly. Grace' });
    const changes = await outlook.changesSince(accessToken, quiet.cursor, 50);
    expect(changes.messages).toHaveLength(1);
    expect(changes.messages[0]).toMatchObject({
      threadId: sent.threadId,
      inReplyTo: '<draft-01JA@contoso.com>',
      references: ['<draft-01JA@contoso.com>'],
      from: { email: 'grace@navy.example' },
      to: ['ada@contoso.com'],
      subject: 'Re: The engine',
    });
    expect(changes.messages[0]!.body.trim()).toBe('Yes, gladly. Grace');
    expect((await outlook.changesSince(accessToken, changes.cursor, 50)).messages).toEqual([]);

    const thread = await outlook.threadMessages(accessToken, sent.threadId);
    expect(thread.map((message) => message.providerMessageId)).toEqual([
      sent.providerMessageId,
      changes.messages[0]!.providerMessageId,
    ]);
    expect(thread[0]!.headers['x-outreach-draft-id']).toBe('01JA');
  });

  /** A résumé of `size` bytes whose every position differs from its neighbours (a range cut wrongly shows). */
  const resumeOf = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 31 + 7) % 256);
  /** The message of this Message-ID exactly as its recipient got it, parsed. */
  const receivedAs = async (to: string, messageId: string) => {
    const listed = (await (
      await fetch(`${sandbox.url}/_sandbox/mail/messages?to=${encodeURIComponent(to)}`)
    ).json()) as { id: string; messageId: string }[];
    const mine = listed.filter((message) => message.messageId === messageId);
    const raws = await Promise.all(
      mine.map(async (message) =>
        Buffer.from(await (await fetch(`${sandbox.url}/_sandbox/mail/messages/${message.id}/raw`)).arrayBuffer()),
      ),
    );
    return Promise.all(raws.map((raw) => simpleParser(raw)));
  };
  const usage = async (email: string) =>
    (
      (await (await fetch(`${sandbox.url}/_sandbox/mail/usage?email=${email}`)).json()) as Record<
        string,
        { calls: Record<string, number> }
      >
    )[`outlook:${email}`]!.calls;

  it('sends a 4.9 MB résumé from Outlook over Graph’s 4 MB sendMail: it arrives whole, threaded as sendMail threads', async () => {
    const email = 'big.resume@contoso.com';
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', email);
    const resume = resumeOf(4_900_000);
    const mail = outgoing(email, '01JBIG', {
      to: 'grace.big@navy.example',
      subject: 'Re: The engine',
      inReplyTo: '<theirs@navy.example>',
      references: ['<draft-01JFIRST@contoso.com>', '<theirs@navy.example>'],
      attachments: [
        { fileName: 'Ada Lovelace résumé.pdf', contentType: 'application/pdf', content: resume },
        { fileName: 'cover.txt', contentType: 'text/plain', content: new TextEncoder().encode('Cover letter') },
      ],
    });
    const sent = await outlook.send(accessToken, mail);
    expect(sent.messageId).toBe(mail.messageId);
    expect(await outlook.findSent(accessToken, mail.messageId)).toEqual(sent);
    const [received, ...others] = await receivedAs('grace.big@navy.example', mail.messageId);
    expect(others).toEqual([]);
    expect(received!.inReplyTo).toBe('<theirs@navy.example>');
    expect(received!.references).toEqual(['<draft-01JFIRST@contoso.com>', '<theirs@navy.example>']);
    expect(received!.headers.get('x-outreach-draft-id')).toBe('01JBIG');
    expect(received!.from?.value[0]).toEqual({ address: email, name: 'Ada Lovelace' });
    expect(received!.text?.trim()).toBe(mail.body);
    const pdf = received!.attachments.find((attachment) => attachment.filename === 'Ada Lovelace résumé.pdf');
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.content.equals(Buffer.from(resume))).toBe(true);
    expect(received!.attachments.find((attachment) => attachment.filename === 'cover.txt')?.content.toString()).toBe(
      'Cover letter',
    );
    // the large message took the draft's way, not sendMail
    expect(await usage(email)).toMatchObject({
      'messages.create': 1,
      'attachments.createUploadSession': 1,
      'messages.send': 1,
    });
    expect((await usage(email)).sendMail).toBeUndefined();
  });

  it('sends a large e-mail once when an attempt stopped after its draft was made: the retry reuses that draft', async () => {
    const email = 'crash.resume@contoso.com';
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', email);
    const settings = readMailSettings({ MICROSOFT_GRAPH_BASE_URL: `${sandbox.url}/microsoft/graph/` }).microsoft;
    // the first attempt dies at its first upload, the draft made and waiting in Drafts
    const crashing = graphMailApi(settings, createGraphMailClient(settings), undefined, async () => {
      throw new TypeError('fetch failed');
    });
    const mail = outgoing(email, '01JCRASH', {
      to: 'grace.crash@navy.example',
      attachments: [{ fileName: 'resume.pdf', contentType: 'application/pdf', content: resumeOf(4_200_000) }],
    });
    expect((await failureOf(crashing.send(accessToken, mail))).kind).toBe('unavailable');
    expect(await outlook.findSent(accessToken, mail.messageId)).toBeNull();

    await outlook.send(accessToken, mail);
    const received = await receivedAs('grace.crash@navy.example', mail.messageId);
    expect(received).toHaveLength(1);
    expect(received[0]!.attachments[0]!.content.equals(Buffer.from(mail.attachments![0]!.content))).toBe(true);
    expect((await usage(email))['messages.create']).toBe(1);
    // sent from the draft: none left behind
    const drafts = await fetch(
      `${sandbox.url}/microsoft/graph/v1.0/me/mailFolders/drafts/messages?$filter=${encodeURIComponent(`internetMessageId eq '${mail.messageId}'`)}`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
    );
    expect(((await drafts.json()) as { value: unknown[] }).value).toEqual([]);
  });

  it('answers consent_required for a large e-mail from a mailbox connected before Mail.ReadWrite, and sends nothing', async () => {
    const email = 'before.drafts@contoso.com';
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', email, [
      'offline_access',
      'User.Read',
      'Mail.Send',
      'Mail.Read',
    ]);
    const mail = outgoing(email, '01JOLD', {
      to: 'grace.old@navy.example',
      attachments: [{ fileName: 'resume.pdf', contentType: 'application/pdf', content: resumeOf(3_400_000) }],
    });
    const failure = await failureOf(outlook.send(accessToken, mail));
    expect(failure.kind).toBe('consent_required');
    expect(await receivedAs('grace.old@navy.example', mail.messageId)).toEqual([]);
    // a small one still goes through sendMail, as before
    await outlook.send(accessToken, outgoing(email, '01JOLDSMALL', { to: 'grace.old@navy.example' }));
    expect(await receivedAs('grace.old@navy.example', '<draft-01JOLDSMALL@contoso.com>')).toHaveLength(1);
  });

  it('shows auto-replies and bounces with the headers that classify them', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', 'ada.auto@contoso.com');
    const cursor = await outlook.currentCursor(accessToken);
    const sent = await outlook.send(accessToken, outgoing('ada.auto@contoso.com', '01JB'));
    await control('/_sandbox/mail/reply', { messageId: sent.messageId, body: 'I am away.', autoReply: true });
    await control('/_sandbox/mail/bounce', { messageId: sent.messageId });
    const { messages } = await outlook.changesSince(accessToken, cursor, 50);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.headers).toMatchObject({ 'auto-submitted': 'auto-replied' });
    expect(messages[1]!.from.email).toBe('mailer-daemon@sandbox.local');
    expect(messages[1]!.headers).toMatchObject({ 'x-failed-recipients': 'grace@navy.example' });
    expect(messages[1]!.inReplyTo).toBe('<draft-01JB@contoso.com>');
  });

  it('reads at most the limit and goes on from the link it answered', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', 'ada.many@contoso.com');
    const cursor = await outlook.currentCursor(accessToken);
    const sent = await outlook.send(accessToken, outgoing('ada.many@contoso.com', '01JM'));
    for (const body of ['one', 'two', 'three']) {
      await control('/_sandbox/mail/reply', { messageId: sent.messageId, body });
    }
    const first = await outlook.changesSince(accessToken, cursor, 2);
    const rest = await outlook.changesSince(accessToken, first.cursor, 2);
    expect(first.messages).toHaveLength(2);
    expect([...first.messages, ...rest.messages].map((message) => message.body.trim())).toEqual([
      'one',
      'two',
      'three',
    ]);
    expect((await outlook.changesSince(accessToken, rest.cursor, 2)).messages).toEqual([]);
  });

  it('fails as not_found on a lost delta, rate_limited on throttling, unauthorized on a revoked grant', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', 'ada.errors@contoso.com');
    const cursor = await outlook.currentCursor(accessToken);
    const sent = await outlook.send(accessToken, outgoing('ada.errors@contoso.com', '01JE'));
    await control('/_sandbox/mail/reply', { messageId: sent.messageId, body: 'lost' });
    await control('/_sandbox/mail/expire-cursors', { email: 'ada.errors@contoso.com' });
    expect((await failureOf(outlook.changesSince(accessToken, cursor, 10))).kind).toBe('not_found');

    await control('/_sandbox/mail/throttle', {
      email: 'ada.errors@contoso.com',
      provider: 'outlook',
      seconds: 30,
      count: 1,
    });
    expect(await failureOf(outlook.currentCursor(accessToken))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 30,
    });

    await control('/_sandbox/oauth/revoke', { email: 'ada.errors@contoso.com' });
    expect((await failureOf(outlook.currentCursor(accessToken))).kind).toBe('unauthorized');
  });

  it('subscribes to new inbox messages through the validation handshake, renews and deletes it', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', 'ada.watch@contoso.com');
    const before = Date.now();
    const watch = await outlook.watch(accessToken, { notificationUrl: webhookUrl, clientState: 'state-of-ada' });
    expect(watch.id).toEqual(expect.any(String));
    expect(watch.cursor).toMatch(/\/microsoft\/graph\/v1\.0\/.*delta\?\$deltatoken=/);
    expect(watch.expiresAt.getTime()).toBeGreaterThan(before + 2 * 24 * 3600 * 1000);
    const renewed = await outlook.watch(accessToken, { renewId: watch.id });
    expect(renewed).toMatchObject({ id: watch.id, cursor: null });
    await outlook.unwatch(accessToken, watch.id);
    await outlook.unwatch(accessToken, watch.id);
    expect((await failureOf(outlook.watch(accessToken, { renewId: watch.id }))).kind).toBe('not_found');
  });
});
