import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../retry.js';
import { type ScriptedAnswer, startScriptedVendor } from '../test/scripted-vendor.js';
import { createGraphMailClient, graphMailApi } from './graph-mail.js';
import { MailApiFailure, type OutgoingMail } from './port.js';
import { readMailSettings } from './settings.js';

const policy: RetryPolicy = { attemptTimeoutMs: 400, retries: 1, baseDelayMs: 1, maxDelayMs: 50 };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A scripted Graph; `answers` may name links under its own URL (`link('/me/...')`). */
const vendor = async (answers: ScriptedAnswer[] | ((link: (rest: string) => string) => ScriptedAnswer[])) => {
  const script: ScriptedAnswer[] = [];
  const scripted = await startScriptedVendor(script);
  stop = scripted.stop;
  const settings = readMailSettings({ MICROSOFT_GRAPH_BASE_URL: `${scripted.url}/graph/` }).microsoft;
  const waits: number[] = [];
  const outlook = graphMailApi(settings, createGraphMailClient(settings, policy), async (ms) => {
    waits.push(ms);
  });
  const link = (rest: string) => `${scripted.url}/graph/v1.0${rest}`;
  script.push(...(typeof answers === 'function' ? answers(link) : answers));
  const calls = () => scripted.requests.map((request) => `${request.method} ${decodeURIComponent(request.url)}`);
  return { ...scripted, outlook, waits, link, calls };
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailApiFailure);
  return error as MailApiFailure;
};

const graphError = (code: string) => ({ error: { code, message: 'refused' } });

const mail: OutgoingMail = {
  from: 'ada@contoso.com',
  to: 'grace@navy.example',
  subject: 'Hello',
  body: 'Hi Grace',
  messageId: "<draft-01J'x@contoso.com>",
};

const sentItem = {
  id: 'AAMk-sent',
  conversationId: 'conv-1',
  internetMessageId: "<draft-01J'x@contoso.com>",
  sentDateTime: '2026-11-24T12:00:00Z',
};

const message = (id: string, withHeaders = true) => ({
  id,
  conversationId: `conv-${id}`,
  internetMessageId: `<${id}@navy.example>`,
  subject: 'Re: Hello',
  from: { emailAddress: { name: 'Grace Hopper', address: 'Grace@Navy.example' } },
  toRecipients: [{ emailAddress: { name: 'Ada', address: 'Ada@Contoso.com' } }],
  receivedDateTime: '2026-11-24T12:05:00Z',
  body: { contentType: 'text', content: 'Happy to talk.' },
  ...(withHeaders
    ? {
        internetMessageHeaders: [
          { name: 'In-Reply-To', value: '<draft-01J@contoso.com>' },
          { name: 'References', value: '<draft-01J@contoso.com>' },
          { name: 'X-Auto-Response-Suppress', value: 'All' },
          { name: 'Precedence', value: 'bulk' },
        ],
      }
    : {}),
});

/** How Graph answers a meeting response in the organizer's mailbox: its derived type, whatever `$select` named. */
const meetingResponse = { '@odata.type': '#microsoft.graph.eventMessageResponse' };

/** An attendee's iTIP REPLY (RFC 5546 §3.2.3). */
const reply = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'METHOD:REPLY',
  'BEGIN:VEVENT',
  'UID:01kbx6z4d3j8q2w5e7r9t1y3v5@meetings.outreach',
  'SEQUENCE:0',
  'DTSTAMP:20261124T120500Z',
  'DTSTART:20301202T100000Z',
  'ATTENDEE;CN=Grace Hopper;PARTSTAT=ACCEPTED:mailto:grace@navy.example',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\n');

/**
 * The MIME `/$value` answers for the meeting response: the text, an HTML alternative and the `text/calendar;
 * method=REPLY` part (quoted-printable, as Exchange writes it), inside multipart/mixed.
 */
const answerMime = async () =>
  (
    await new MailComposer({
      from: { name: 'Grace Hopper', address: 'grace@navy.example' },
      to: 'ada@contoso.com',
      subject: 'Accepted: Coffee chat',
      text: 'Grace Hopper has accepted this invitation.',
      html: '<p>Grace Hopper has accepted this invitation.</p>',
      icalEvent: { method: 'REPLY', content: reply },
      attachments: [{ filename: 'notes.txt', content: 'not a calendar' }],
      newline: 'windows',
    })
      .compile()
      .build()
  ).toString('utf8');

describe('the Graph mail adapter', () => {
  it('sends the MIME message base64 as text/plain, then finds it in Sent Items by its Message-ID', async () => {
    const { outlook, requests, waits, calls } = await vendor([
      { status: 202 },
      { status: 200, json: { value: [] } },
      { status: 200, json: { value: [sentItem] } },
    ]);
    expect(await outlook.send('EwB.token', mail)).toEqual({
      providerMessageId: 'AAMk-sent',
      threadId: 'conv-1',
      messageId: "<draft-01J'x@contoso.com>",
      sentAt: new Date('2026-11-24T12:00:00Z'),
    });
    expect(calls()).toEqual([
      'POST /graph/v1.0/me/sendMail',
      ...Array(2).fill(
        "GET /graph/v1.0/me/mailFolders/sentitems/messages?$filter=internetMessageId eq '<draft-01J''x@contoso.com>'&$select=id,conversationId,internetMessageId,sentDateTime&$top=1",
      ),
    ]);
    expect(requests[0]!.headers['content-type']).toBe('text/plain');
    expect(requests.every((request) => request.headers.authorization === 'Bearer EwB.token')).toBe(true);
    expect(waits).toEqual([250]);
  });

  it('reports a sent message not yet in Sent Items as unavailable after a few looks, without sending again', async () => {
    const { outlook, calls } = await vendor([{ status: 202 }, { status: 200, json: { value: [] } }]);
    expect((await failureOf(outlook.send('t', mail))).kind).toBe('unavailable');
    expect(calls().filter((call) => call.startsWith('POST'))).toHaveLength(1);
    expect(calls()).toHaveLength(6);
  });

  it('never repeats a sendMail that failed, and maps a refused recipient to rejected', async () => {
    const busy = await vendor([{ status: 503, json: graphError('ServiceUnavailable') }]);
    expect((await failureOf(busy.outlook.send('t', mail))).kind).toBe('unavailable');
    expect(busy.requests).toHaveLength(1);
    await stop?.();
    const refused = await vendor([{ status: 400, json: graphError('ErrorInvalidRecipients') }]);
    expect(await failureOf(refused.outlook.send('t', mail))).toMatchObject({ kind: 'rejected', status: 400 });
  });

  it('sends an e-mail over 4 MB as a draft: created from its MIME, the résumé through an upload session, then sent', async () => {
    const resume = new Uint8Array(4_900_000).map((_, index) => index % 251);
    const { outlook, calls, requests } = await vendor((link) => [
      { status: 200, json: { value: [] } },
      { status: 201, json: { id: 'AAMk-draft', isDraft: true } },
      { status: 201, json: { uploadUrl: link('/upload/s1?authtoken=x'), nextExpectedRanges: ['0-'] } },
      { status: 200, json: { nextExpectedRanges: ['3932160'] } },
      { status: 201 },
      { status: 202 },
      { status: 200, json: { value: [sentItem] } },
    ]);
    const sent = await outlook.send('t', {
      ...mail,
      inReplyTo: '<first@navy.example>',
      attachments: [{ fileName: 'resume.pdf', contentType: 'application/pdf', content: resume }],
    });
    expect(sent.providerMessageId).toBe('AAMk-sent');
    expect(calls()).toEqual([
      `GET /graph/v1.0/me/mailFolders/drafts/messages?$filter=internetMessageId eq '<draft-01J''x@contoso.com>'&$select=id`,
      'POST /graph/v1.0/me/messages',
      'POST /graph/v1.0/me/messages/AAMk-draft/attachments/createUploadSession',
      'PUT /graph/v1.0/upload/s1?authtoken=x',
      'PUT /graph/v1.0/upload/s1?authtoken=x',
      'POST /graph/v1.0/me/messages/AAMk-draft/send',
      expect.stringMatching(/^GET \/graph\/v1\.0\/me\/mailFolders\/sentitems\/messages\?/),
    ]);
    expect(requests[1]!.headers['content-type']).toBe('text/plain');
    // the upload URL is pre-authenticated: the mailbox's token never goes there
    expect(requests[3]!.headers.authorization).toBeUndefined();
    expect(requests[3]!.headers['content-range']).toBe('bytes 0-3932159/4900000');
    expect(requests[4]!.headers['content-range']).toBe('bytes 3932160-4899999/4900000');
    expect(requests[4]!.headers['content-length']).toBe(String(4_900_000 - 3_932_160));
  });

  it('reuses the draft an earlier attempt left, adding only the attachments it lacks', async () => {
    const small = new Uint8Array(1_000_000);
    const { outlook, calls } = await vendor([
      { status: 200, json: { value: [{ id: 'AAMk-earlier' }] } },
      { status: 200, json: { value: [{ name: 'resume.pdf', size: 3_500_000 }] } },
      { status: 201, json: { id: 'att-2' } },
      { status: 202 },
      { status: 200, json: { value: [sentItem] } },
    ]);
    await outlook.send('t', {
      ...mail,
      attachments: [
        { fileName: 'resume.pdf', contentType: 'application/pdf', content: new Uint8Array(3_500_000) },
        { fileName: 'cover.pdf', contentType: 'application/pdf', content: small },
      ],
    });
    expect(calls().slice(0, 4)).toEqual([
      expect.stringContaining('GET /graph/v1.0/me/mailFolders/drafts/messages?'),
      'GET /graph/v1.0/me/messages/AAMk-earlier/attachments?$select=name,size',
      'POST /graph/v1.0/me/messages/AAMk-earlier/attachments',
      'POST /graph/v1.0/me/messages/AAMk-earlier/send',
    ]);
  });

  it('answers consent_required when the grant may not create drafts (403), and sends nothing', async () => {
    const { outlook, calls } = await vendor([
      { status: 200, json: { value: [] } },
      { status: 403, json: graphError('ErrorAccessDenied') },
    ]);
    const failure = await failureOf(
      outlook.send('t', {
        ...mail,
        attachments: [{ fileName: 'resume.pdf', contentType: 'application/pdf', content: new Uint8Array(3_200_000) }],
      }),
    );
    expect(failure.kind).toBe('consent_required');
    expect(calls()).toHaveLength(2);
  });

  it.each([
    [401, 'InvalidAuthenticationToken', 'unauthorized'],
    [403, 'ErrorAccessDenied', 'unauthorized'],
    [410, 'syncStateNotFound', 'not_found'],
    [400, 'SyncStateNotFound', 'not_found'],
    [404, 'ErrorItemNotFound', 'not_found'],
    [400, 'ErrorInvalidUrlQuery', 'rejected'],
  ] as const)('maps a %i %s answer to %s', async (status, code, kind) => {
    const { outlook, link } = await vendor([{ status, json: graphError(code) }]);
    const failure = await failureOf(
      outlook.changesSince('t', link('/me/mailFolders/inbox/messages/delta?$deltatoken=abc'), 10),
    );
    expect(failure.kind).toBe(kind);
    expect(failure.message).not.toContain('Bearer');
  });

  it('reports a 429 with its Retry-After at once when it asks for longer than the policy waits', async () => {
    const { outlook, requests, link } = await vendor([
      { status: 429, headers: { 'Retry-After': '30' }, json: graphError('ApplicationThrottled') },
    ]);
    const failure = await failureOf(
      outlook.changesSince('t', link('/me/mailFolders/inbox/messages/delta?$deltatoken=abc'), 10),
    );
    expect(failure).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 30 });
    expect(requests).toHaveLength(1);
  });

  it('sends no token to a stored cursor that is not a link under the Graph base URL', async () => {
    const { outlook, requests, url } = await vendor([{ status: 200, json: { value: [] } }]);
    for (const cursor of [
      'https://attacker.example/graph/v1.0/me/mailFolders/inbox/messages/delta?$deltatoken=abc',
      `${url}/elsewhere/v1.0/me/messages`,
      'not a link',
    ]) {
      expect((await failureOf(outlook.changesSince('t', cursor, 10))).kind).toBe('not_found');
    }
    expect(requests).toHaveLength(0);
  });

  it('follows the delta pages to the delta link, leaves removals out and fetches missing headers', async () => {
    const { outlook, requests, link, calls } = await vendor((link) => [
      {
        status: 200,
        json: {
          value: [message('m1'), { id: 'gone', '@removed': { reason: 'deleted' } }],
          '@odata.nextLink': link("/me/mailFolders('inbox')/messages/delta?$skiptoken=p2"),
        },
      },
      {
        status: 200,
        json: {
          value: [message('m2', false)],
          '@odata.deltaLink': link("/me/mailFolders('inbox')/messages/delta?$deltatoken=d2"),
        },
      },
      { status: 200, json: message('m2') },
    ]);
    const changes = await outlook.changesSince(
      't',
      link("/me/mailFolders('inbox')/messages/delta?$deltatoken=d1"),
      100,
    );
    expect(changes.cursor).toBe(link("/me/mailFolders('inbox')/messages/delta?$deltatoken=d2"));
    expect(changes.messages.map((found) => found.providerMessageId)).toEqual(['m1', 'm2']);
    expect(changes.messages[1]).toEqual({
      providerMessageId: 'm2',
      threadId: 'conv-m2',
      messageId: '<m2@navy.example>',
      inReplyTo: '<draft-01J@contoso.com>',
      references: ['<draft-01J@contoso.com>'],
      from: { email: 'grace@navy.example', name: 'Grace Hopper' },
      to: ['ada@contoso.com'],
      subject: 'Re: Hello',
      body: 'Happy to talk.',
      receivedAt: new Date('2026-11-24T12:05:00Z'),
      headers: { precedence: 'bulk' },
    });
    expect(calls()).toEqual([
      "GET /graph/v1.0/me/mailFolders('inbox')/messages/delta?$deltatoken=d1",
      "GET /graph/v1.0/me/mailFolders('inbox')/messages/delta?$skiptoken=p2",
      'GET /graph/v1.0/me/messages/m2?$select=id,conversationId,internetMessageId,subject,from,toRecipients,receivedDateTime,body,internetMessageHeaders',
    ]);
    expect(requests[0]!.headers.prefer).toBe('outlook.body-content-type="text", odata.maxpagesize=50');
  });

  it("reads an attendee's answer to a meeting (Graph's eventMessageResponse) from its MIME, and only that one", async () => {
    const mime = await answerMime();
    const { outlook, link, calls, requests } = await vendor((link) => [
      {
        status: 200,
        json: {
          value: [message('m1'), { ...message('m2'), ...meetingResponse, subject: 'Accepted: Coffee chat' }],
          '@odata.deltaLink': link('/me/mailFolders/inbox/messages/delta?$deltatoken=d2'),
        },
      },
      { status: 200, text: mime },
    ]);
    const changes = await outlook.changesSince('t', link('/me/mailFolders/inbox/messages/delta?$deltatoken=d1'), 10);
    expect(changes.messages.map(({ providerMessageId, calendar }) => ({ providerMessageId, calendar }))).toEqual([
      { providerMessageId: 'm1', calendar: undefined },
      { providerMessageId: 'm2', calendar: reply.replaceAll('\n', '\r\n') },
    ]);
    expect(calls().slice(1)).toEqual(['GET /graph/v1.0/me/messages/m2/$value']);
    expect(requests[1]!.headers.authorization).toBe('Bearer t');
  });

  it('leaves out a meeting response gone before its MIME was read, rather than pass it off as a reply', async () => {
    const { outlook, link } = await vendor((link) => [
      {
        status: 200,
        json: {
          value: [{ ...message('m1'), ...meetingResponse }, message('m2')],
          '@odata.deltaLink': link('/me/mailFolders/inbox/messages/delta?$deltatoken=d2'),
        },
      },
      { status: 404, json: graphError('ErrorItemNotFound') },
    ]);
    const changes = await outlook.changesSince('t', link('/me/mailFolders/inbox/messages/delta?$deltatoken=d1'), 10);
    expect(changes.messages.map((found) => found.providerMessageId)).toEqual(['m2']);
  });

  it("reads a meeting response's MIME in a thread too, and a failure to read it fails the read", async () => {
    const { outlook } = await vendor([
      { status: 200, json: { value: [{ ...message('m1'), ...meetingResponse }] } },
      { status: 200, text: await answerMime() },
    ]);
    const [found] = await outlook.threadMessages('t', 'conv-m1');
    expect(found?.calendar).toContain('METHOD:REPLY');
    await stop?.();
    const busy = await vendor([
      { status: 200, json: { value: [{ ...message('m1'), ...meetingResponse }] } },
      { status: 503, json: graphError('ServiceUnavailable') },
    ]);
    expect((await failureOf(busy.outlook.threadMessages('t', 'conv-m1'))).kind).toBe('unavailable');
  });

  it('reads by id a delta entry that came with a few fields only, and skips one gone since', async () => {
    const { outlook, link, calls } = await vendor((link) => [
      {
        status: 200,
        json: {
          value: [
            { id: 'm1', isRead: true, parentFolderId: 'inbox' },
            { id: 'gone', isRead: true },
          ],
          '@odata.deltaLink': link('/me/mailFolders/inbox/messages/delta?$deltatoken=d2'),
        },
      },
      { status: 200, json: message('m1') },
      { status: 404, json: graphError('ErrorItemNotFound') },
    ]);
    const changes = await outlook.changesSince('t', link('/me/mailFolders/inbox/messages/delta?$deltatoken=d1'), 10);
    expect(changes.messages.map((found) => found.providerMessageId)).toEqual(['m1']);
    expect(
      calls()
        .slice(1)
        .map((call) => call.split('?')[0]),
    ).toEqual(['GET /graph/v1.0/me/messages/m1', 'GET /graph/v1.0/me/messages/gone']);
  });

  it('stops before a page that could overrun the limit and answers the next link as the cursor', async () => {
    const { outlook, requests, link } = await vendor((link) => [
      {
        status: 200,
        json: {
          value: [message('m1')],
          '@odata.nextLink': link("/me/mailFolders('inbox')/messages/delta?$skiptoken=p2"),
        },
      },
    ]);
    const changes = await outlook.changesSince('t', link("/me/mailFolders('inbox')/messages/delta?$deltatoken=d1"), 1);
    expect(changes).toMatchObject({ cursor: link("/me/mailFolders('inbox')/messages/delta?$skiptoken=p2") });
    expect(changes.messages).toHaveLength(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.prefer).toContain('odata.maxpagesize=1');
  });

  it('starts a cursor with a delta round of the messages received from now on', async () => {
    const { outlook, link, calls } = await vendor((link) => [
      {
        status: 200,
        json: { value: [], '@odata.deltaLink': link("/me/mailFolders('inbox')/messages/delta?$deltatoken=now") },
      },
    ]);
    const before = new Date();
    expect(await outlook.currentCursor('t')).toBe(link("/me/mailFolders('inbox')/messages/delta?$deltatoken=now"));
    const url = new URL(calls()[0]!.slice(4), 'http://x');
    expect(url.pathname).toBe("/graph/v1.0/me/mailFolders('inbox')/messages/delta");
    expect(url.searchParams.get('changeType')).toBe('created');
    const since = /^receivedDateTime ge (.+)$/.exec(url.searchParams.get('$filter') ?? '')?.[1];
    expect(new Date(since!).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('reads an HTML body as text', async () => {
    const { outlook } = await vendor([
      {
        status: 200,
        json: { value: [{ ...message('m1'), body: { contentType: 'html', content: '<div>Yes&nbsp;please</div>' } }] },
      },
    ]);
    const [found] = await outlook.threadMessages('t', 'conv-m1');
    expect(found!.body).toBe('Yes please');
  });

  it('subscribes to new inbox messages with lifecycle events and answers a fresh delta link; renews by PATCH', async () => {
    const expiry = '2026-11-27T10:00:00Z';
    const created = await vendor((link) => [
      { status: 201, json: { id: 'sub-1', expirationDateTime: expiry, resource: "me/mailFolders('inbox')/messages" } },
      {
        status: 200,
        json: { value: [], '@odata.deltaLink': link("/me/mailFolders('inbox')/messages/delta?$deltatoken=w") },
      },
    ]);
    expect(
      await created.outlook.watch('t', {
        notificationUrl: 'https://api.example/api/webhooks/outlook',
        clientState: 's3',
      }),
    ).toEqual({
      id: 'sub-1',
      expiresAt: new Date(expiry),
      cursor: created.link("/me/mailFolders('inbox')/messages/delta?$deltatoken=w"),
    });
    expect(created.calls()[0]).toBe('POST /graph/v1.0/subscriptions');
    expect(created.calls()[1]).toMatch(/^GET \/graph\/v1.0\/me\/mailFolders\('inbox'\)\/messages\/delta\?/);
    await stop?.();

    const renewed = await vendor([{ status: 200, json: { id: 'sub-1', expirationDateTime: expiry } }]);
    expect(await renewed.outlook.watch('t', { renewId: 'sub-1' })).toEqual({
      id: 'sub-1',
      expiresAt: new Date(expiry),
      cursor: null,
    });
    expect(renewed.calls()).toEqual(['PATCH /graph/v1.0/subscriptions/sub-1']);
  });

  it('answers a new subscription even when the delta round after it fails', async () => {
    const { outlook } = await vendor([
      { status: 201, json: { id: 'sub-2', expirationDateTime: '2026-11-27T10:00:00Z' } },
      { status: 503, json: graphError('ServiceUnavailable') },
    ]);
    expect(await outlook.watch('t', { notificationUrl: 'https://api.example/hook', clientState: 's' })).toEqual({
      id: 'sub-2',
      expiresAt: new Date('2026-11-27T10:00:00Z'),
      cursor: null,
    });
  });

  it('ignores a subscription already gone when unwatching', async () => {
    const { outlook, calls } = await vendor([{ status: 404, json: graphError('ResourceNotFound') }]);
    await outlook.unwatch('t', 'sub-1');
    expect(calls()).toEqual(['DELETE /graph/v1.0/subscriptions/sub-1']);
  });
});
