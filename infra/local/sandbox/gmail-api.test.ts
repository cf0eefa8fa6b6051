import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { gmailVendor } from './gmail-api.js';
import { googleVendor } from './google.js';
import { mailControlVendor } from './mail-page.js';
import { connectSandboxMailbox } from './mail-testing.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
let api: gmail_v1.Gmail;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [googleVendor, gmailVendor, mailControlVendor],
    log: () => {},
  });
  api = gmail({ version: 'v1', rootUrl: `${sandbox.url}/`, retry: false });
});
afterAll(() => sandbox.stop());

const auth = (accessToken: string) => {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: accessToken });
  return client;
};

const mime = (fields: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(fields).compile().build();

/** A Gmail mailbox of the sandbox, and its API calls as the adapter makes them. */
const mailbox = async (email: string, base = sandbox.url) => {
  const { accessToken } = await connectSandboxMailbox(base, 'gmail', email);
  const client = base === sandbox.url ? api : gmail({ version: 'v1', rootUrl: `${base}/`, retry: false });
  const options = { auth: auth(accessToken), userId: 'me' };
  return {
    accessToken,
    send: async (fields: ConstructorParameters<typeof MailComposer>[0], threadId?: string) =>
      (
        await client.users.messages.send({
          ...options,
          requestBody: { raw: (await mime(fields)).toString('base64url'), ...(threadId ? { threadId } : {}) },
        })
      ).data,
    get: async (id: string, format = 'full') => (await client.users.messages.get({ ...options, id, format })).data,
    list: async (q: string) => (await client.users.messages.list({ ...options, q })).data,
    thread: async (id: string) => (await client.users.threads.get({ ...options, id })).data,
    history: async (startHistoryId: string) =>
      (
        await client.users.history.list({
          ...options,
          startHistoryId,
          historyTypes: ['messageAdded'],
          labelId: 'INBOX',
        })
      ).data,
    profile: async () => (await client.users.getProfile(options)).data,
    watch: async () =>
      (
        await client.users.watch({
          ...options,
          requestBody: { topicName: 'projects/outreach-local/topics/gmail-push', labelIds: ['INBOX'] },
        })
      ).data,
  };
};

const post = (path: string, body: unknown, base = sandbox.url) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const statusOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { status?: number }).status;
  }
};

const header = (message: gmail_v1.Schema$Message, name: string) =>
  message.payload?.headers?.find((entry) => entry.name?.toLowerCase() === name.toLowerCase())?.value;

const textOf = (message: gmail_v1.Schema$Message) => {
  const part = message.payload?.parts?.find((entry) => entry.mimeType === 'text/plain') ?? message.payload;
  return Buffer.from(part?.body?.data ?? '', 'base64url').toString('utf8');
};

describe('the sandbox Gmail API', () => {
  it('sends a raw MIME message keeping its Message-ID, and reads it back in every format', async () => {
    const ada = await mailbox('ada@gmail.com');
    const sent = await ada.send({
      from: 'Ada Lovelace <ada@gmail.com>',
      to: 'Jane Doe <jane@acme.example>',
      subject: 'Hello Jane',
      text: 'Dear Jane,\nshall we talk?',
      messageId: '<draft-01@gmail.com>',
      headers: { 'X-Outreach-Draft-Id': '01' },
    });
    expect(sent).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), threadId: sent.id, labelIds: ['SENT'] });

    const full = await ada.get(sent.id!);
    expect(full).toMatchObject({
      id: sent.id,
      threadId: sent.id,
      labelIds: ['SENT'],
      snippet: 'Dear Jane, shall we talk?',
    });
    expect(header(full, 'Message-ID')).toBe('<draft-01@gmail.com>');
    expect(header(full, 'X-Outreach-Draft-Id')).toBe('01');
    expect(header(full, 'Subject')).toBe('Hello Jane');
    expect(textOf(full).trim()).toBe('Dear Jane,\nshall we talk?');
    expect(Number(full.internalDate)).toBeGreaterThan(0);

    const metadata = await api.users.messages.get({
      auth: auth(ada.accessToken),
      userId: 'me',
      id: sent.id!,
      format: 'metadata',
      metadataHeaders: ['Message-ID'],
    });
    expect(metadata.data.payload?.headers).toEqual([{ name: 'Message-ID', value: '<draft-01@gmail.com>' }]);
    expect((await ada.get(sent.id!, 'minimal')).payload).toBeUndefined();
    const raw = await ada.get(sent.id!, 'raw');
    expect(Buffer.from(raw.raw!, 'base64url').toString()).toContain('Message-ID: <draft-01@gmail.com>');
  });

  it('finds a sent message by rfc822msgid, with or without angle brackets, and in:sent', async () => {
    const bob = await mailbox('bob@gmail.com');
    const sent = await bob.send({
      from: 'bob@gmail.com',
      to: 'x@acme.example',
      subject: 'S',
      text: 'b',
      messageId: '<find-me@gmail.com>',
    });
    expect((await bob.list('rfc822msgid:<find-me@gmail.com>')).messages).toEqual([
      { id: sent.id, threadId: sent.threadId },
    ]);
    expect((await bob.list('rfc822msgid:find-me@gmail.com in:sent')).messages).toHaveLength(1);
    expect(await bob.list('rfc822msgid:<other@gmail.com>')).toEqual({ resultSizeEstimate: 0 });
    expect((await bob.list('in:inbox')).messages).toBeUndefined();
  });

  it('sets From to the mailbox and makes a Message-ID when the message has none', async () => {
    const carl = await mailbox('carl@gmail.com');
    const sent = await carl.send({
      from: 'Carl <someone-else@gmail.com>',
      to: 'x@acme.example',
      subject: 'S',
      text: 'b',
    });
    const message = await carl.get(sent.id!);
    expect(header(message, 'From')).toBe('Carl <carl@gmail.com>');
    expect(header(message, 'Message-ID')).toMatch(/^<.+@.+>$/);
  });

  it('threads an answer sent by the control into the same thread, and history.list shows it after the cursor', async () => {
    const dora = await mailbox('dora@gmail.com');
    const { historyId: before } = await dora.profile();
    const sent = await dora.send({
      from: 'dora@gmail.com',
      to: 'jane@acme.example',
      subject: 'Coffee?',
      text: 'Hi',
      messageId: '<coffee@gmail.com>',
    });
    const reply = await post('/_sandbox/mail/reply', { messageId: sent.id, body: 'Yes please' });
    expect(reply.status).toBe(200);

    const history = await dora.history(before!);
    expect(history.history).toHaveLength(1);
    const added = history.history![0]!.messagesAdded![0]!.message!;
    expect(added).toMatchObject({ threadId: sent.threadId, labelIds: ['INBOX'] });
    const answer = await dora.get(added.id!);
    expect(header(answer, 'From')).toBe('jane@acme.example');
    expect(header(answer, 'Subject')).toBe('Re: Coffee?');
    expect(header(answer, 'In-Reply-To')).toBe('<coffee@gmail.com>');
    expect(header(answer, 'References')).toBe('<coffee@gmail.com>');
    expect(textOf(answer).trim()).toBe('Yes please');

    const thread = await dora.thread(sent.threadId!);
    expect(thread.messages?.map((message) => message.id)).toEqual([sent.id, added.id]);
    expect(Number(history.historyId)).toBeGreaterThan(Number(before));
    expect((await dora.history(history.historyId!)).history).toBeUndefined();
  });

  it("files a reply sent with the thread's id in that thread, and a reply with a new subject in a new one", async () => {
    const eve = await mailbox('eve@gmail.com');
    const first = await eve.send({
      from: 'eve@gmail.com',
      to: 'x@acme.example',
      subject: 'Plan',
      text: '1',
      messageId: '<plan@gmail.com>',
    });
    const followUp = await eve.send(
      {
        from: 'eve@gmail.com',
        to: 'x@acme.example',
        subject: 'Re: Plan',
        text: '2',
        inReplyTo: '<plan@gmail.com>',
        references: ['<plan@gmail.com>'],
      },
      first.threadId!,
    );
    expect(followUp.threadId).toBe(first.threadId);
    const other = await eve.send(
      { from: 'eve@gmail.com', to: 'x@acme.example', subject: 'Other', text: '3' },
      first.threadId!,
    );
    expect(other.threadId).not.toBe(first.threadId);
    expect(
      await statusOf(
        eve.send({ from: 'eve@gmail.com', to: 'x@acme.example', subject: 'Plan', text: '4' }, 'ffffffffffffffff'),
      ),
    ).toBe(400);
  });

  it('files mail to oneself as one message labelled SENT and INBOX, in the inbox history', async () => {
    const joy = await mailbox('joy@gmail.com');
    const { historyId } = await joy.profile();
    const sent = await joy.send({ from: 'joy@gmail.com', to: 'joy@gmail.com', subject: 'Note', text: 'n' });
    expect(sent.labelIds).toEqual(['SENT', 'INBOX']);
    const history = await joy.history(historyId!);
    expect(history.history?.map((record) => record.messagesAdded?.[0]?.message?.id)).toEqual([sent.id]);
    expect((await joy.list('in:inbox')).messages).toEqual([{ id: sent.id, threadId: sent.threadId }]);
  });

  it("counts each mailbox's Gmail quota units: a history.list of an idle mailbox costs 2", async () => {
    const lou = await mailbox('lou@gmail.com');
    const { historyId } = await lou.profile();
    const usage = async () =>
      (
        (await (await fetch(`${sandbox.url}/_sandbox/mail/usage?email=lou@gmail.com`)).json()) as Record<
          string,
          { units: number; calls: Record<string, number> }
        >
      )['gmail:lou@gmail.com']!;
    const before = await usage();
    await lou.history(historyId!);
    const after = await usage();
    expect(after.units - before.units).toBe(2);
    expect(after.calls['history.list']).toBe(1);
  });

  it('answers 404 to history.list from a cursor the mailbox no longer keeps', async () => {
    const fay = await mailbox('fay@gmail.com');
    const { historyId } = await fay.profile();
    await fay.send({ from: 'fay@gmail.com', to: 'x@acme.example', subject: 'S', text: 'b' });
    expect((await post('/_sandbox/mail/expire-cursors', { email: 'fay@gmail.com' })).status).toBe(200);
    expect(await statusOf(fay.history(historyId!))).toBe(404);
    const { historyId: now } = await fay.profile();
    expect(await statusOf(fay.history(now!))).toBe(200);
  });

  it('starts a watch for 7 days at the current history id, and stops it', async () => {
    const gus = await mailbox('gus@gmail.com');
    const { historyId } = await gus.profile();
    const watched = await gus.watch();
    expect(watched.historyId).toBe(historyId);
    expect(Number(watched.expiration) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const stopped = await api.users.stop({ auth: auth(gus.accessToken), userId: 'me' });
    expect(stopped.status).toBe(204);
    const invalid = api.users.watch({
      auth: auth(gus.accessToken),
      userId: 'me',
      requestBody: { topicName: 'gmail-push' },
    });
    expect(await statusOf(invalid)).toBe(400);
  });

  it('answers 401 after the grant is revoked, and 429 with Retry-After while the mailbox is throttled', async () => {
    const hal = await mailbox('hal@gmail.com');
    expect(
      (await post('/_sandbox/mail/throttle', { email: 'hal@gmail.com', provider: 'gmail', seconds: 7, count: 1 }))
        .status,
    ).toBe(200);
    const throttled = await fetch(`${sandbox.url}/gmail/v1/users/me/profile`, {
      headers: { Authorization: `Bearer ${hal.accessToken}` },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect((await hal.profile()).emailAddress).toBe('hal@gmail.com');
    expect((await post('/_sandbox/oauth/revoke', { email: 'hal@gmail.com' })).status).toBe(200);
    expect(await statusOf(hal.list('in:sent'))).toBe(401);
    expect(await statusOf(hal.send({ from: 'hal@gmail.com', to: 'x@acme.example', subject: 'S', text: 'b' }))).toBe(
      401,
    );
  });

  it('answers 400 to a send without a message or with a body that is not JSON', async () => {
    const kim = await mailbox('kim@gmail.com');
    for (const body of ['{}', 'not json']) {
      const response = await fetch(`${sandbox.url}/gmail/v1/users/me/messages/send`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${kim.accessToken}`, 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
    }
  });

  it('keeps mailboxes and their mail across a restart of the sandbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-mail-'));
    try {
      const first = await startSandbox({
        port: await freePort(),
        vendors: [googleVendor, gmailVendor, mailControlVendor],
        log: () => {},
        dataDir,
      });
      const ivy = await mailbox('ivy@gmail.com', first.url);
      const sent = await ivy.send({ from: 'ivy@gmail.com', to: 'x@acme.example', subject: 'Kept', text: 'b' });
      const { historyId } = await ivy.profile();
      await first.stop();
      const second = await startSandbox({
        port: await freePort(),
        vendors: [googleVendor, gmailVendor, mailControlVendor],
        log: () => {},
        dataDir,
      });
      try {
        const client = gmail({ version: 'v1', rootUrl: `${second.url}/`, retry: false });
        const options = { auth: auth(ivy.accessToken), userId: 'me' };
        expect((await client.users.messages.get({ ...options, id: sent.id! })).data.snippet).toBe('b');
        expect((await client.users.getProfile(options)).data.historyId).toBe(historyId);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
