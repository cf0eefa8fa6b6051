import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import { graphMailVendor } from '../../../infra/local/sandbox/graph-mail.js';
import { mailControlVendor } from '../../../infra/local/sandbox/mail-page.js';
import { connectSandboxMailbox } from '../../../infra/local/sandbox/mail-testing.js';
import { microsoftVendor } from '../../../infra/local/sandbox/microsoft.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { createMailApis } from './mail-api.js';
import { type MailApi, MailApiFailure, type OutgoingMail } from './port.js';

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
    vendors: [microsoftVendor, graphMailVendor, mailControlVendor],
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
