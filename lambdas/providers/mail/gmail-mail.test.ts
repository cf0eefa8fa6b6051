import { afterEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../retry.js';
import { type ScriptedAnswer, startScriptedVendor } from '../test/scripted-vendor.js';
import { gmailMailApi } from './gmail-mail.js';
import { createGmailClient } from './google.js';
import { messageBodyLimitBytes } from './message-fields.js';
import { MailApiFailure, type OutgoingMail } from './port.js';
import { readMailSettings } from './settings.js';

const policy: RetryPolicy = { attemptTimeoutMs: 400, retries: 1, baseDelayMs: 1, maxDelayMs: 50 };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

const vendor = async (script: ScriptedAnswer[]) => {
  const scripted = await startScriptedVendor(script);
  stop = scripted.stop;
  const settings = readMailSettings({ GMAIL_API_BASE_URL: `${scripted.url}/` }).google;
  return { ...scripted, gmail: gmailMailApi(settings, createGmailClient(settings), policy) };
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailApiFailure);
  return error as MailApiFailure;
};

const gmailError = (code: number, reason: string, status = 'FAILED_PRECONDITION') => ({
  error: { code, message: 'refused', status, errors: [{ domain: 'global', reason, message: 'refused' }] },
});

const mail: OutgoingMail = {
  from: 'ada@gmail.com',
  to: 'grace@navy.example',
  subject: 'Hello',
  body: 'Hi Grace',
  messageId: '<draft-01J@gmail.com>',
};

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A Gmail message (format full) of a multipart/alternative e-mail. */
const fullMessage = (
  id: string,
  overrides: { plain?: string; html?: string; headers?: Record<string, string> } = {},
) => ({
  id,
  threadId: `thread-${id}`,
  internalDate: '1764000000000',
  payload: {
    mimeType: 'multipart/alternative',
    headers: Object.entries({
      From: '"Hopper, Grace" <Grace@Navy.example>',
      To: 'Ada <ada@gmail.com>, team@gmail.com',
      Subject: 'Re: Hello',
      'Message-ID': `<${id}@navy.example>`,
      'In-Reply-To': '<draft-01J@gmail.com>',
      References: '<first@gmail.com>\r\n <draft-01J@gmail.com>',
      'Auto-Submitted': 'auto-replied',
      'X-Unrelated': 'dropped',
      ...overrides.headers,
    }).map(([name, value]) => ({ name, value })),
    parts: [
      ...(overrides.plain === undefined
        ? []
        : [
            {
              mimeType: 'text/plain',
              filename: '',
              headers: [{ name: 'Content-Type', value: 'text/plain; charset="UTF-8"' }],
              body: { data: b64(overrides.plain) },
            },
          ]),
      {
        mimeType: 'text/html',
        filename: '',
        headers: [{ name: 'Content-Type', value: 'text/html; charset=UTF-8' }],
        body: { data: b64(overrides.html ?? '<p>Thanks &amp; see you</p><script>x()</script>') },
      },
    ],
  },
});

describe('the Gmail mail adapter', () => {
  it('uploads the MIME message with the thread id, then answers the Message-ID Gmail kept', async () => {
    const { gmail, requests } = await vendor([
      { status: 200, json: { id: 'm1', threadId: 't1', labelIds: ['SENT'] } },
      {
        status: 200,
        json: {
          id: 'm1',
          threadId: 't1',
          internalDate: '1764000000000',
          payload: { headers: [{ name: 'Message-ID', value: '<draft-01J@gmail.com>' }] },
        },
      },
    ]);
    const sent = await gmail.send('ya29.token', { ...mail, threadId: 't1' });
    expect(sent).toEqual({
      providerMessageId: 'm1',
      threadId: 't1',
      messageId: '<draft-01J@gmail.com>',
      sentAt: new Date(1764000000000),
    });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /upload/gmail/v1/users/me/messages/send?uploadType=multipart',
      'GET /gmail/v1/users/me/messages/m1?format=metadata&metadataHeaders=Message-ID',
    ]);
    expect(requests[0]!.headers['content-type']).toMatch(/^multipart\/related; boundary=/);
    expect(requests.every((request) => request.headers.authorization === 'Bearer ya29.token')).toBe(true);
  });

  it('never repeats a send that failed or timed out, so an e-mail cannot go out twice from one call', async () => {
    const busy = await vendor([{ status: 503, json: gmailError(503, 'backendError', 'UNAVAILABLE') }]);
    expect((await failureOf(busy.gmail.send('t', mail))).kind).toBe('unavailable');
    expect(busy.requests).toHaveLength(1);
    await stop?.();
    const hanging = await vendor(['hang']);
    expect((await failureOf(hanging.gmail.send('t', mail))).kind).toBe('unavailable');
    expect(hanging.requests).toHaveLength(1);
  });

  it('sends in a new thread when the thread is gone from the mailbox, and only then', async () => {
    const { gmail, requests } = await vendor([
      { status: 400, json: gmailError(400, 'invalidArgument', 'INVALID_ARGUMENT') },
      { status: 200, json: { id: 'm2', threadId: 't2' } },
      { status: 200, json: { id: 'm2', threadId: 't2', internalDate: '1764000000000' } },
    ]);
    expect(await gmail.send('t', { ...mail, threadId: 'deleted-thread' })).toMatchObject({
      providerMessageId: 'm2',
      threadId: 't2',
    });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    await stop?.();
    const refused = await vendor([{ status: 400, json: gmailError(400, 'invalidArgument', 'INVALID_ARGUMENT') }]);
    expect((await failureOf(refused.gmail.send('t', mail))).kind).toBe('rejected');
    expect(refused.requests).toHaveLength(1);
  });

  it('tries a read again after a server error, then reports the mailbox unavailable', async () => {
    const { gmail, requests } = await vendor([{ status: 500, json: gmailError(500, 'backendError', 'INTERNAL') }]);
    expect((await failureOf(gmail.currentCursor('t'))).kind).toBe('unavailable');
    expect(requests).toHaveLength(2);
  });

  it.each([
    [401, 'authError', 'unauthorized'],
    [403, 'insufficientPermissions', 'unauthorized'],
    [403, 'userRateLimitExceeded', 'rate_limited'],
    [403, 'rateLimitExceeded', 'rate_limited'],
    [403, 'dailyLimitExceeded', 'rate_limited'],
    [404, 'notFound', 'not_found'],
    [400, 'invalidArgument', 'rejected'],
  ] as const)('maps a %i %s answer to %s', async (status, reason, kind) => {
    const { gmail } = await vendor([{ status, json: gmailError(status, reason) }]);
    const failure = await failureOf(gmail.changesSince('t', '100', 10));
    expect(failure.kind).toBe(kind);
    expect(failure.status).toBe(status);
    expect(failure.message).not.toContain('Bearer');
  });

  it('reports a 429 with the Retry-After it asks for, without waiting that long', async () => {
    const { gmail, requests } = await vendor([
      {
        status: 429,
        headers: { 'Retry-After': '120' },
        json: gmailError(429, 'rateLimitExceeded', 'RESOURCE_EXHAUSTED'),
      },
    ]);
    const failure = await failureOf(gmail.findSent('t', '<draft-01J@gmail.com>'));
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 120, status: 429 });
    expect(requests).toHaveLength(1);
  });

  it('finds a sent message by its Message-ID in the sent mail, or answers null', async () => {
    const none = await vendor([{ status: 200, json: { resultSizeEstimate: 0 } }]);
    expect(await none.gmail.findSent('t', '<draft-01J@gmail.com>')).toBeNull();
    const url = new URL(none.requests[0]!.url, 'http://x');
    expect(url.pathname).toBe('/gmail/v1/users/me/messages');
    expect(url.searchParams.get('q')).toBe('rfc822msgid:draft-01J@gmail.com in:sent');
  });

  it('reads new inbox messages page by page and answers the mailbox history id as the next cursor', async () => {
    const { gmail, requests } = await vendor([
      {
        status: 200,
        json: {
          history: [{ id: '101', messagesAdded: [{ message: { id: 'a', threadId: 'thread-a' } }] }],
          nextPageToken: 'page-2',
          historyId: '150',
        },
      },
      {
        status: 200,
        json: {
          history: [
            { id: '102', messagesAdded: [{ message: { id: 'a', threadId: 'thread-a' } }] },
            { id: '103', messagesAdded: [{ message: { id: 'b', threadId: 'thread-b' } }] },
          ],
          historyId: '150',
        },
      },
      { status: 200, json: fullMessage('a', { plain: 'Sure, happy to talk.' }) },
    ]);
    const changes = await gmail.changesSince('t', '100', 50);
    expect(changes.cursor).toBe('150');
    expect(changes.messages).toHaveLength(2);
    const history = requests.slice(0, 2).map((request) => new URL(request.url, 'http://x').searchParams);
    expect(history.map((params) => Object.fromEntries(params))).toEqual([
      { startHistoryId: '100', historyTypes: 'messageAdded', labelId: 'INBOX', maxResults: '500' },
      { startHistoryId: '100', historyTypes: 'messageAdded', labelId: 'INBOX', maxResults: '500', pageToken: 'page-2' },
    ]);
    expect(
      requests
        .slice(2)
        .map((request) => request.url.split('?')[0])
        .sort(),
    ).toEqual(['/gmail/v1/users/me/messages/a', '/gmail/v1/users/me/messages/b']);
  });

  it('stops at the limit on a whole history record and answers that record as the cursor', async () => {
    const { gmail, requests } = await vendor([
      {
        status: 200,
        json: {
          history: [
            { id: '101', messagesAdded: [{ message: { id: 'a', threadId: 'thread-a' } }] },
            { id: '102', messagesAdded: [{ message: { id: 'b', threadId: 'thread-b' } }] },
          ],
          nextPageToken: 'page-2',
          historyId: '150',
        },
      },
      { status: 200, json: fullMessage('a', { plain: 'one' }) },
    ]);
    const changes = await gmail.changesSince('t', '100', 1);
    expect(changes.cursor).toBe('101');
    expect(changes.messages.map((message) => message.providerMessageId)).toEqual(['a']);
    expect(requests).toHaveLength(2);
  });

  it('skips a message deleted before it was read', async () => {
    const { gmail } = await vendor([
      {
        status: 200,
        json: {
          history: [{ id: '101', messagesAdded: [{ message: { id: 'gone', threadId: 'x' } }] }],
          historyId: '101',
        },
      },
      { status: 404, json: gmailError(404, 'notFound', 'NOT_FOUND') },
    ]);
    expect(await gmail.changesSince('t', '100', 10)).toEqual({ messages: [], cursor: '101' });
  });

  it('makes a message of the text part, its addresses, threading and the classification headers', async () => {
    const { gmail } = await vendor([
      { status: 200, json: { messages: [fullMessage('a', { plain: 'Grüße, Grace' })] } },
    ]);
    const [message] = await gmail.threadMessages('t', 'thread-a');
    expect(message).toEqual({
      providerMessageId: 'a',
      threadId: 'thread-a',
      messageId: '<a@navy.example>',
      inReplyTo: '<draft-01J@gmail.com>',
      references: ['<first@gmail.com>', '<draft-01J@gmail.com>'],
      from: { email: 'grace@navy.example', name: 'Hopper, Grace' },
      to: ['ada@gmail.com', 'team@gmail.com'],
      subject: 'Re: Hello',
      body: 'Grüße, Grace',
      receivedAt: new Date(1764000000000),
      headers: { 'auto-submitted': 'auto-replied' },
    });
  });

  it('falls back to the HTML part as text, and cuts a long body to 64 KiB', async () => {
    const { gmail } = await vendor([
      { status: 200, json: { messages: [fullMessage('a'), fullMessage('b', { plain: 'é'.repeat(40_000) })] } },
    ]);
    const [html, long] = await gmail.threadMessages('t', 'thread-a');
    expect(html!.body).toBe('Thanks & see you');
    expect(Buffer.byteLength(long!.body)).toBeLessThanOrEqual(messageBodyLimitBytes);
    expect(long!.body).toBe('é'.repeat(messageBodyLimitBytes / 2));
  });

  it('watches the inbox on the topic and answers the watch history id and expiry', async () => {
    const { gmail, requests } = await vendor([
      { status: 200, json: { historyId: '777', expiration: '1764600000000' } },
    ]);
    expect(await gmail.watch('t', { topicName: 'projects/p/topics/gmail-push' })).toEqual({
      id: '777',
      expiresAt: new Date(1764600000000),
      cursor: '777',
    });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/gmail/v1/users/me/watch' });
  });
});
