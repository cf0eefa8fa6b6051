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
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [googleVendor, gmailVendor, mailControlVendor],
    log: () => {},
  });
});
afterAll(() => sandbox.stop());

type ControlMessage = {
  id: string;
  threadId: string;
  from: string;
  to: string;
  subject: string;
  body: string;
  sentAt: string;
  messageId: string;
  inReplyTo: string | null;
  attachments: { fileName: string | null; contentType: string; size: number }[];
};

const post = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const messages = async (query: string) =>
  (await (await fetch(`${sandbox.url}/_sandbox/mail/messages?${query}`)).json()) as ControlMessage[];

/** A Gmail mailbox that sent `subject` to `to`. */
const sender = async (
  email: string,
  to: string,
  subject: string,
  text = 'Hello',
  attachments: { filename: string; content: string; contentType: string }[] = [],
) => {
  const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', email);
  const api = gmail({ version: 'v1', rootUrl: `${sandbox.url}/`, retry: false });
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: accessToken });
  const raw = await new MailComposer({ from: email, to, subject, text, attachments }).compile().build();
  const sent = await api.users.messages.send({ auth, userId: 'me', requestBody: { raw: raw.toString('base64url') } });
  const get = async (id: string) => (await api.users.messages.get({ auth, userId: 'me', id })).data;
  return { sent: sent.data, get, api, auth };
};

const header = (message: gmail_v1.Schema$Message, name: string) =>
  message.payload?.headers?.find((entry) => entry.name?.toLowerCase() === name.toLowerCase())?.value;

describe('the sandbox mail control', () => {
  it('lists sent mail by recipient and by sender, newest first, in the shape of DESIGN §8', async () => {
    const { sent } = await sender('ada@gmail.com', 'Jane <jane@acme.example>', 'First');
    await sender('ada@gmail.com', 'jane@acme.example', 'Second');
    const toJane = await messages('to=Jane@Acme.example');
    expect(toJane.map((message) => message.subject)).toEqual(['Second', 'First']);
    expect(toJane[1]).toEqual({
      id: sent.id,
      threadId: sent.threadId,
      from: 'ada@gmail.com',
      to: 'jane@acme.example',
      subject: 'First',
      body: 'Hello\n',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      messageId: expect.stringMatching(/^<.+>$/),
      inReplyTo: null,
      attachments: [],
    });
    expect((await messages('from=ada@gmail.com&to=jane@acme.example')).length).toBe(2);
    expect(await messages('from=nobody@acme.example')).toEqual([]);
  });

  it('lists the files a message carries, on the page and in the control', async () => {
    const cv = { filename: 'Ada CV.pdf', content: '%PDF-1.4 Ada', contentType: 'application/pdf' };
    await sender('fay@gmail.com', 'lou@acme.example', 'With a CV', 'Attached', [cv]);
    const [listed] = await messages('from=fay@gmail.com');
    expect(listed!.attachments).toEqual([{ fileName: 'Ada CV.pdf', contentType: 'application/pdf', size: 12 }]);
    const html = await (await fetch(`${sandbox.url}/_sandbox/mail`)).text();
    const article = html.split('<article ').find((candidate) => candidate.includes('With a CV'));
    expect(article).toContain('<ul class="attachments" aria-label="Attachments"><li>Ada CV.pdf');
    expect(article).toContain('application/pdf, 12 bytes');
  });

  it('answers as the recipient, or as another address, with an auto-reply marked Auto-Submitted', async () => {
    const bob = await sender('bob@gmail.com', 'kim@acme.example', 'Meeting');
    const reply = await post('/_sandbox/mail/reply', {
      messageId: bob.sent.id,
      body: 'Out of office',
      autoReply: true,
    });
    const answer = (await reply.json()) as ControlMessage;
    expect(answer).toMatchObject({ from: 'kim@acme.example', to: 'bob@gmail.com', threadId: bob.sent.threadId });
    const inbox = await bob.get(answer.id);
    expect(header(inbox, 'Auto-Submitted')).toBe('auto-replied');
    expect(header(inbox, 'Subject')).toBe('Automatic reply: Meeting');

    const asOther = await post('/_sandbox/mail/reply', {
      messageId: bob.sent.id,
      body: 'Me too',
      from: 'lee@acme.example',
    });
    expect(((await asOther.json()) as ControlMessage).from).toBe('lee@acme.example');
  });

  it('bounces a sent message with a delivery status notification in its thread', async () => {
    const carl = await sender('carl@gmail.com', 'gone@acme.example', 'Proposal');
    const response = await post('/_sandbox/mail/bounce', { messageId: carl.sent.id });
    expect(response.status).toBe(200);
    const dsn = (await response.json()) as ControlMessage;
    expect(dsn).toMatchObject({
      from: `mailer-daemon@sandbox.local`,
      to: 'carl@gmail.com',
      subject: 'Delivery Status Notification (Failure)',
      threadId: carl.sent.threadId,
    });
    expect(dsn.body).toContain('gone@acme.example');
    const inbox = await carl.get(dsn.id);
    expect(inbox.labelIds).toEqual(['INBOX']);
    expect(header(inbox, 'X-Failed-Recipients')).toBe('gone@acme.example');
    expect(header(inbox, 'Content-Type')).toMatch(/^multipart\/report; report-type=delivery-status/);
    expect(inbox.payload?.mimeType).toBe('multipart/report');
  });

  it('shows every mailbox and each message once under its recipient, with a reply form and a Bounce button', async () => {
    await connectSandboxMailbox(sandbox.url, 'gmail', 'quiet@gmail.com');
    await sender('dora@gmail.com', 'pat@acme.example', 'Hi <Pat>', 'Body & more');
    const response = await fetch(`${sandbox.url}/_sandbox/mail`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('quiet@gmail.com');
    const articles = html
      .split('<article ')
      .slice(1)
      .filter((article) => article.includes('Hi &#60;Pat&#62;'));
    expect(articles).toHaveLength(1);
    expect(articles[0]).toContain('Body &#38; more');
    expect(articles[0]).toMatch(/<label for="[^"]+">Reply as pat@acme.example<\/label>/);
    expect(articles[0]).toMatch(/<button type="submit" form="form-reply-[0-9a-f]+">Send reply<\/button>/);
    expect(articles[0]).toContain('>Bounce</button>');
  });

  it('answers a message as received, byte for byte, as message/rfc822, and the page links to it as Show original', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'orig@gmail.com');
    const api = gmail({ version: 'v1', rootUrl: `${sandbox.url}/`, retry: false });
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: accessToken });
    const raw = await new MailComposer({
      from: 'orig@gmail.com',
      to: 'lee@acme.example',
      subject: 'Ünïcode original',
      text: 'Line one\r\nLine two é',
      attachments: [{ filename: 'cv.pdf', content: Buffer.from('%PDF-1.4 bytes\u0000\u00ff') }],
    })
      .compile()
      .build();
    const sent = await api.users.messages.send({ auth, userId: 'me', requestBody: { raw: raw.toString('base64url') } });
    const response = await fetch(`${sandbox.url}/_sandbox/mail/messages/${sent.data.id}/raw`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('message/rfc822');
    expect(Buffer.from(await response.arrayBuffer()).equals(raw)).toBe(true);
    const html = await (await fetch(`${sandbox.url}/_sandbox/mail`)).text();
    expect(html).toContain(
      `<a href="/_sandbox/mail/messages/${sent.data.id}/raw" target="_blank" rel="noopener">Show original</a>`,
    );
    expect((await fetch(`${sandbox.url}/_sandbox/mail/messages/nope/raw`)).status).toBe(404);
  });

  it("answers from the page's form and goes back to the page", async () => {
    const eve = await sender('eve@gmail.com', 'ray@acme.example', 'Form');
    const response = await fetch(`${sandbox.url}/_sandbox/mail/reply`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ messageId: eve.sent.id!, from: 'ray@acme.example', body: 'By form' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/_sandbox/mail');
    expect((await messages('from=ray@acme.example')).map((message) => message.body.trim())).toEqual(['By form']);
  });

  it('refuses an unknown message and a body without what it needs', async () => {
    expect((await post('/_sandbox/mail/reply', { messageId: 'nope', body: 'x' })).status).toBe(404);
    expect((await post('/_sandbox/mail/bounce', { messageId: 'nope' })).status).toBe(404);
    expect((await post('/_sandbox/mail/reply', { body: 'x' })).status).toBe(400);
    expect((await post('/_sandbox/mail/throttle', { email: 'a@b.c', provider: 'yahoo', seconds: 1 })).status).toBe(400);
  });
});
