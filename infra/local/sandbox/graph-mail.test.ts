import { Client, type Middleware } from '@microsoft/microsoft-graph-client';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { graphMailVendor } from './graph-mail.js';
import { mailControlVendor } from './mail-page.js';
import { mailPushVendor } from './mail-push.js';
import { startTestEndpoint } from './mail-test-endpoint.js';
import { connectSandboxMailbox } from './mail-testing.js';
import { microsoftVendor } from './microsoft.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [microsoftVendor, graphMailVendor, mailControlVendor, mailPushVendor],
    log: () => {},
  });
});
afterAll(() => sandbox.stop());

/** Graph's client as the Outlook adapter builds it: one fetch middleware, the sandbox's base URL. */
const graphClient = (accessToken: string) => {
  const middleware: Middleware = {
    execute: async (context) => {
      const url = typeof context.request === 'string' ? context.request : context.request.url;
      const options = (context.options ?? {}) as RequestInit;
      context.response = await fetch(url, {
        ...options,
        headers: { ...(options.headers as Record<string, string>), Authorization: `Bearer ${accessToken}` },
      });
    },
  };
  return Client.initWithMiddleware({
    baseUrl: `${sandbox.url}/microsoft/graph/`,
    defaultVersion: 'v1.0',
    middleware,
  });
};

const base = () => `${sandbox.url}/microsoft/graph/v1.0/`;
/** A delta or next link as a path the client takes (it strips only https hosts from a full URL). */
const relative = (link: string) => link.slice(base().length - 1);

const mailbox = async (email: string) => {
  const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', email);
  return { accessToken, api: graphClient(accessToken) };
};

const post = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const statusOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode;
  }
};

type Message = { id: string; conversationId: string; internetMessageId: string; subject: string };
type Page = { value: Message[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

const mimeOf = async (fields: ConstructorParameters<typeof MailComposer>[0]) =>
  (await new MailComposer(fields).compile().build()).toString('base64');

const sendMime = async (api: Client, fields: ConstructorParameters<typeof MailComposer>[0]) =>
  api
    .api('/me/sendMail')
    .header('Content-Type', 'text/plain')
    .post(await mimeOf(fields));

const sentByMessageId = async (api: Client, messageId: string) =>
  (
    (await api
      .api('/me/mailFolders/sentitems/messages')
      .filter(`internetMessageId eq '${messageId}'`)
      .select('id,conversationId,internetMessageId,subject')
      .get()) as Page
  ).value;

describe('the sandbox Microsoft Graph mail', () => {
  it('sends a MIME message keeping its Message-ID and headers, found in sent items by internetMessageId', async () => {
    const { api } = await mailbox('ada@contoso.com');
    await sendMime(api, {
      from: 'Ada <ada@contoso.com>',
      to: 'jane@acme.example',
      subject: 'Hello Jane',
      text: 'Dear Jane',
      messageId: '<draft-02@contoso.com>',
      headers: { 'X-Outreach-Draft-Id': '02' },
    });
    const [sent] = await sentByMessageId(api, '<draft-02@contoso.com>');
    expect(sent).toMatchObject({ internetMessageId: '<draft-02@contoso.com>', subject: 'Hello Jane' });
    expect(Object.keys(sent!).sort()).toEqual(['@odata.etag', 'conversationId', 'id', 'internetMessageId', 'subject']);
    const full = await api.api(`/me/messages/${sent!.id}`).get();
    expect(full).toMatchObject({
      from: { emailAddress: { address: 'ada@contoso.com' } },
      toRecipients: [{ emailAddress: { address: 'jane@acme.example' } }],
      body: { contentType: 'text' },
    });
    expect(full.internetMessageHeaders).toBeUndefined();
    const headers = await api.api(`/me/messages/${sent!.id}`).select('internetMessageHeaders').get();
    const draftHeader = (headers.internetMessageHeaders as { name: string; value: string }[]).find(
      (header) => header.name.toLowerCase() === 'x-outreach-draft-id',
    );
    expect(draftHeader?.value).toBe('02');
    expect(await sentByMessageId(api, '<other@contoso.com>')).toEqual([]);
  });

  it('sends a JSON message, and refuses custom headers that do not start with x-', async () => {
    const { api } = await mailbox('bob@contoso.com');
    const message = {
      subject: 'JSON',
      body: { contentType: 'Text', content: 'Hi' },
      toRecipients: [{ emailAddress: { address: 'jane@acme.example' } }],
      internetMessageHeaders: [{ name: 'X-Outreach-Draft-Id', value: '03' }],
    };
    await api.api('/me/sendMail').post({ message, saveToSentItems: true });
    const sent = (await api.api('/me/mailFolders/sentitems/messages').get()) as Page;
    expect(sent.value.map((entry) => entry.subject)).toEqual(['JSON']);
    const quoted = (await api.api("/me/mailFolders('SentItems')/messages").get()) as Page;
    expect(quoted.value.map((entry) => entry.subject)).toEqual(['JSON']);
    const invalid = { ...message, internetMessageHeaders: [{ name: 'In-Reply-To', value: '<x@y>' }] };
    expect(await statusOf(api.api('/me/sendMail').post({ message: invalid }))).toBe(400);
  });

  it('delivers a reply made by the control to the inbox in the same conversation, and delta reads it once', async () => {
    const { api } = await mailbox('carl@contoso.com');
    const initial = (await api.api('/me/mailFolders/inbox/messages/delta').get()) as Page;
    expect(initial.value).toEqual([]);
    const deltaLink = initial['@odata.deltaLink']!;
    expect(deltaLink).toContain('$deltatoken=');
    await sendMime(api, {
      from: 'carl@contoso.com',
      to: 'jane@acme.example',
      subject: 'Lunch',
      text: 'Lunch?',
      messageId: '<lunch@contoso.com>',
    });
    const reply = await post('/_sandbox/mail/reply', { messageId: '<lunch@contoso.com>', body: 'Sure' });
    expect(reply.status).toBe(200);

    const changes = (await api.api(relative(deltaLink)).get()) as Page;
    expect(changes.value).toHaveLength(1);
    const [sent] = await sentByMessageId(api, '<lunch@contoso.com>');
    expect(changes.value[0]).toMatchObject({ subject: 'Re: Lunch', conversationId: sent!.conversationId });
    const again = (await api.api(relative(changes['@odata.deltaLink']!)).get()) as Page;
    expect(again.value).toEqual([]);
    const found = (await api.api('/me/messages').filter(`conversationId eq '${sent!.conversationId}'`).get()) as Page;
    expect(found.value.map((entry) => entry.subject)).toEqual(['Re: Lunch', 'Lunch']);
  });

  it("types an invitation's answer as Graph's eventMessageResponse, and /$value answers its MIME", async () => {
    const { api, accessToken } = await mailbox('rsvp@contoso.com');
    const initial = (await api.api('/me/mailFolders/inbox/messages/delta').select('subject').get()) as Page;
    const invitation = (uid: string, messageId: string) =>
      sendMime(api, {
        from: 'Rita <rsvp@contoso.com>',
        to: 'Jane <jane@acme.example>',
        subject: 'Invitation: Coffee chat',
        text: 'Coffee?',
        messageId,
        icalEvent: {
          method: 'REQUEST',
          content: [
            'BEGIN:VCALENDAR',
            'VERSION:2.0',
            'METHOD:REQUEST',
            'BEGIN:VEVENT',
            `UID:${uid}`,
            'SEQUENCE:0',
            'DTSTART:20301202T100000Z',
            'SUMMARY:Coffee chat',
            'ORGANIZER;CN=Rita:mailto:rsvp@contoso.com',
            'ATTENDEE;CN=Jane;PARTSTAT=NEEDS-ACTION:mailto:jane@acme.example',
            'END:VEVENT',
            'END:VCALENDAR',
          ].join('\r\n'),
        },
      });
    await invitation('coffee-1@contoso.com', '<coffee-1@contoso.com>');
    await invitation('coffee-2@contoso.com', '<coffee-2@contoso.com>');
    const [sent] = await sentByMessageId(api, '<coffee-1@contoso.com>');
    expect(sent).toMatchObject({
      '@odata.type': '#microsoft.graph.eventMessageRequest',
      subject: 'Invitation: Coffee chat',
    });
    expect(
      await post('/_sandbox/mail/rsvp', { messageId: '<coffee-1@contoso.com>', answer: 'accepted' }),
    ).toMatchObject({
      status: 200,
    });
    expect(
      await post('/_sandbox/mail/rsvp', { messageId: '<coffee-2@contoso.com>', answer: 'tentative' }),
    ).toMatchObject({
      status: 200,
    });
    await post('/_sandbox/mail/reply', { messageId: '<coffee-1@contoso.com>', body: 'See you there' });

    // delta with $select: the derived type comes unasked; its properties only in their cast form
    const changes = (await api.api(relative(initial['@odata.deltaLink']!)).get()) as Page;
    expect(changes.value.map((entry) => [entry.subject, (entry as Record<string, unknown>)['@odata.type']])).toEqual([
      ['Accepted: Coffee chat', '#microsoft.graph.eventMessageResponse'],
      ['Tentatively accepted: Coffee chat', '#microsoft.graph.eventMessageResponse'],
      ['Re: Invitation: Coffee chat', undefined],
    ]);
    const [accepted, tentative, reply] = changes.value as (Message & Record<string, unknown>)[];
    expect(await api.api(`/me/messages/${accepted!.id}`).get()).toMatchObject({
      '@odata.type': '#microsoft.graph.eventMessageResponse',
      meetingMessageType: 'meetingAccepted',
      responseType: 'accepted',
    });
    const selected = await api.api(`/me/messages/${tentative!.id}`).select('subject').get();
    expect(selected).toMatchObject({ '@odata.type': '#microsoft.graph.eventMessageResponse' });
    expect(selected.meetingMessageType).toBeUndefined();
    expect(
      await api
        .api(`/me/messages/${tentative!.id}`)
        .select('subject,microsoft.graph.eventMessage/meetingMessageType')
        .get(),
    ).toMatchObject({ meetingMessageType: 'meetingTenativelyAccepted' });
    expect(await statusOf(api.api(`/me/messages/${tentative!.id}`).select('subject,meetingMessageType').get())).toBe(
      400,
    );
    const plain = await api.api(`/me/messages/${reply!.id}`).get();
    expect(plain['@odata.type']).toBeUndefined();
    expect(plain.meetingMessageType).toBeUndefined();

    // the MIME, as Exchange writes the response again: its text/calendar REPLY with the attendee's PARTSTAT
    const raw = await fetch(`${base()}me/messages/${accepted!.id}/$value`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(raw.status).toBe(200);
    const mime = await raw.text();
    expect(mime).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REPLY/i);
    expect(mime).toContain('Subject: Accepted: Coffee chat');
  });

  it('pages an initial delta sync by Prefer odata.maxpagesize with next links', async () => {
    const { api } = await mailbox('dora@contoso.com');
    await sendMime(api, {
      from: 'dora@contoso.com',
      to: 'jane@acme.example',
      subject: 'Q',
      text: 'q',
      messageId: '<q@contoso.com>',
    });
    for (const body of ['one', 'two', 'three'])
      await post('/_sandbox/mail/reply', { messageId: '<q@contoso.com>', body });
    const first = (await api
      .api('/me/mailFolders/inbox/messages/delta')
      .header('Prefer', 'odata.maxpagesize=2')
      .get()) as Page;
    expect(first.value).toHaveLength(2);
    const second = (await api.api(relative(first['@odata.nextLink']!)).get()) as Page;
    expect(second.value).toHaveLength(1);
    expect(second['@odata.deltaLink']).toBeDefined();
  });

  it('answers 410 syncStateNotFound to a delta token the mailbox no longer keeps, or of another mailbox', async () => {
    const { api } = await mailbox('eve@contoso.com');
    const link = ((await api.api('/me/mailFolders/inbox/messages/delta').get()) as Page)['@odata.deltaLink']!;
    expect((await post('/_sandbox/mail/expire-cursors', { email: 'eve@contoso.com' })).status).toBe(200);
    const lost = await fetch(link, {
      headers: { Authorization: `Bearer ${(await mailbox('eve@contoso.com')).accessToken}` },
    });
    expect(lost.status).toBe(410);
    expect(await lost.json()).toMatchObject({ error: { code: 'syncStateNotFound' } });
    const other = await mailbox('fay@contoso.com');
    expect(await statusOf(other.api.api(relative(link)).get())).toBe(410);
  });

  it('creates a subscription after the validation handshake, and notifies new inbox mail with its clientState', async () => {
    const endpoint = await startTestEndpoint();
    try {
      const { api } = await mailbox('gus@contoso.com');
      const expirationDateTime = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
      const subscription = await api.api('/subscriptions').post({
        changeType: 'created',
        notificationUrl: `${endpoint.url}/api/webhooks/outlook`,
        lifecycleNotificationUrl: `${endpoint.url}/api/webhooks/outlook`,
        resource: "me/mailFolders('Inbox')/messages",
        expirationDateTime,
        clientState: 'secret-state',
      });
      expect(subscription).toMatchObject({ id: expect.any(String), clientState: 'secret-state', expirationDateTime });

      await sendMime(api, {
        from: 'gus@contoso.com',
        to: 'jane@acme.example',
        subject: 'Ping',
        text: 'p',
        messageId: '<ping@contoso.com>',
      });
      const notified = endpoint.next();
      await post('/_sandbox/mail/reply', { messageId: '<ping@contoso.com>', body: 'Pong' });
      const notification = JSON.parse((await notified).body) as { value: Record<string, unknown>[] };
      const inbox = (await api.api('/me/mailFolders/inbox/messages').get()) as Page;
      expect(notification.value).toEqual([
        expect.objectContaining({
          subscriptionId: subscription.id,
          clientState: 'secret-state',
          changeType: 'created',
          resource: expect.stringMatching(/^Users\/.+\/Messages\/.+$/),
          resourceData: expect.objectContaining({ id: inbox.value[0]!.id }),
          tenantId: expect.any(String),
        }),
      ]);
      // only the inbox's new mail: the sent message made no notification
      expect(endpoint.received).toHaveLength(1);

      const lifecycle = endpoint.next();
      const asked = await post('/_sandbox/mail/lifecycle', {
        subscriptionId: subscription.id,
        lifecycleEvent: 'reauthorizationRequired',
      });
      expect(asked.status).toBe(200);
      expect(JSON.parse((await lifecycle).body)).toEqual({
        value: [
          expect.objectContaining({
            subscriptionId: subscription.id,
            clientState: 'secret-state',
            lifecycleEvent: 'reauthorizationRequired',
          }),
        ],
      });

      const renewedTo = new Date(Date.now() + 3600 * 1000).toISOString();
      const renewed = await api.api(`/subscriptions/${subscription.id}`).patch({ expirationDateTime: renewedTo });
      expect(renewed.expirationDateTime).toBe(renewedTo);
      await api.api(`/subscriptions/${subscription.id}`).delete();
      expect(await statusOf(api.api(`/subscriptions/${subscription.id}`).get())).toBe(404);
    } finally {
      await endpoint.stop();
    }
  });

  it('refuses a subscription whose endpoint does not echo the validation token, or that lasts too long', async () => {
    const silent = await startTestEndpoint({ echoValidation: false });
    try {
      const { api } = await mailbox('hal@contoso.com');
      const body = {
        changeType: 'created',
        notificationUrl: `${silent.url}/hook`,
        resource: 'me/mailFolders/inbox/messages',
        expirationDateTime: new Date(Date.now() + 3600 * 1000).toISOString(),
        clientState: 's',
      };
      expect(await statusOf(api.api('/subscriptions').post(body))).toBe(400);
      const tooLong = { ...body, expirationDateTime: new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString() };
      expect(await statusOf(api.api('/subscriptions').post(tooLong))).toBe(400);
      expect(silent.received).toHaveLength(0);
    } finally {
      await silent.stop();
    }
  });

  it('answers 401 after the grant is revoked, and 429 with Retry-After while the mailbox is throttled', async () => {
    const { api, accessToken } = await mailbox('ivy@contoso.com');
    await post('/_sandbox/mail/throttle', { email: 'ivy@contoso.com', provider: 'outlook', seconds: 5, count: 1 });
    const throttled = await fetch(`${base()}me/messages`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('5');
    expect(await statusOf(api.api('/me/messages').get())).toBe(200);
    expect((await post('/_sandbox/oauth/revoke', { email: 'ivy@contoso.com' })).status).toBe(200);
    expect(await statusOf(api.api('/me/messages').get())).toBe(401);
  });
});
