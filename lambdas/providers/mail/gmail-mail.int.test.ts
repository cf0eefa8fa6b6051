import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import { gmailVendor } from '../../../infra/local/sandbox/gmail-api.js';
import { googleVendor } from '../../../infra/local/sandbox/google.js';
import { mailControlVendor } from '../../../infra/local/sandbox/mail-page.js';
import { connectSandboxMailbox } from '../../../infra/local/sandbox/mail-testing.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { invitationCalendar, invitationFileName, invitationUid } from '../../meetings/invitation.js';
import { parseItipReply } from '../../meetings/itip-reply.js';
import { createMailApis } from './mail-api.js';
import { type MailApi, MailApiFailure, type OutgoingMail } from './port.js';

let sandbox: Sandbox;
let gmail: MailApi;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [googleVendor, gmailVendor, mailControlVendor],
    log: () => {},
  });
  gmail = createMailApis({ GMAIL_API_BASE_URL: `${sandbox.url}/` }).gmail;
});
afterAll(() => sandbox.stop());

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
  messageId: `<draft-${draftId}@gmail.com>`,
  headers: { 'X-Outreach-Draft-Id': draftId },
  ...overrides,
});

describe('the Gmail mail adapter against the sandbox', () => {
  it("reads the contact's answer to an invitation: the REPLY's calendar part, which Gmail gives by attachment id", async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.rsvp@gmail.com');
    const cursor = await gmail.currentCursor(accessToken);
    const meetingId = '01KBX6Z4D3J8Q2W5E7R9T1Y3V5';
    const calendar = await invitationCalendar({
      meeting: {
        id: meetingId,
        title: 'Coffee chat',
        startTime: '2030-12-02T10:00:00.000Z',
        durationMinutes: 30,
        timeZone: 'Europe/London',
        sequence: 1,
      },
      method: 'REQUEST',
      organizer: { email: 'ada.rsvp@gmail.com', name: 'Ada Lovelace' },
      attendee: { email: 'grace@navy.example', name: 'Grace Hopper', firstName: 'Grace' },
      now: new Date(),
    });
    const sent = await gmail.send(
      accessToken,
      outgoing('ada.rsvp@gmail.com', '01RSVP', {
        subject: 'Invitation: Coffee chat',
        calendar: { method: 'REQUEST', content: calendar, fileName: invitationFileName },
      }),
    );

    await control('/_sandbox/mail/rsvp', { messageId: sent.providerMessageId, answer: 'tentative' });

    const [answer] = (await gmail.changesSince(accessToken, cursor, 50)).messages;
    expect(answer).toMatchObject({
      from: { email: 'grace@navy.example', name: 'Grace Hopper' },
      subject: 'Tentatively accepted: Coffee chat',
      inReplyTo: sent.messageId,
      threadId: sent.threadId,
    });
    expect(parseItipReply(answer?.calendar ?? '')).toEqual({
      uid: invitationUid(meetingId),
      attendee: 'grace@navy.example',
      answer: 'tentative',
      sequence: 1,
      stamp: expect.any(Date),
    });
    const [inThread] = (await gmail.threadMessages(accessToken, sent.threadId)).filter(
      (message) => message.from.email === 'grace@navy.example',
    );
    expect(inThread?.calendar).toBe(answer?.calendar);
    // the invitation itself is no answer; a message without an invitation cannot be answered
    const [invitation] = await gmail.threadMessages(accessToken, sent.threadId);
    expect(parseItipReply(invitation?.calendar ?? '')).toBeNull();
    const refused = await fetch(`${sandbox.url}/_sandbox/mail/rsvp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: answer?.providerMessageId, answer: 'accepted' }),
    });
    expect(refused.status).toBe(400);
  });

  it('sends an e-mail, finds it again by its Message-ID, and reads the reply from the cursor on', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada@gmail.com');
    const cursor = await gmail.currentCursor(accessToken);
    const resume = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const sent = await gmail.send(
      accessToken,
      outgoing('ada@gmail.com', '01JA', {
        attachments: [{ fileName: 'resume.pdf', contentType: 'application/pdf', content: resume }],
      }),
    );
    expect(sent).toEqual({
      providerMessageId: expect.any(String),
      threadId: expect.any(String),
      messageId: '<draft-01JA@gmail.com>',
      sentAt: expect.any(Date),
    });
    expect(await gmail.findSent(accessToken, '<draft-01JA@gmail.com>')).toEqual(sent);
    expect(await gmail.findSent(accessToken, '<draft-never@gmail.com>')).toBeNull();
    // sent mail is not an inbox change
    const quiet = await gmail.changesSince(accessToken, cursor, 50);
    expect(quiet.messages).toEqual([]);

    await control('/_sandbox/mail/reply', { messageId: sent.providerMessageId, body: 'Yes, gladly. Grace' });
    const changes = await gmail.changesSince(accessToken, quiet.cursor, 50);
    expect(changes.messages).toHaveLength(1);
    expect(changes.messages[0]).toMatchObject({
      threadId: sent.threadId,
      inReplyTo: '<draft-01JA@gmail.com>',
      references: ['<draft-01JA@gmail.com>'],
      from: { email: 'grace@navy.example' },
      to: ['ada@gmail.com'],
      subject: 'Re: The engine',
    });
    expect(changes.messages[0]!.body.trim()).toBe('Yes, gladly. Grace');
    expect(Number(changes.cursor)).toBeGreaterThan(Number(quiet.cursor));
    expect((await gmail.changesSince(accessToken, changes.cursor, 50)).messages).toEqual([]);

    const thread = await gmail.threadMessages(accessToken, sent.threadId);
    expect(thread.map((message) => message.providerMessageId)).toEqual([
      sent.providerMessageId,
      changes.messages[0]!.providerMessageId,
    ]);
    expect(thread[0]!.headers['x-outreach-draft-id']).toBe('01JA');
  });

  it('threads a follow-up into the conversation with the thread id, In-Reply-To and References', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.follow@gmail.com');
    const first = await gmail.send(accessToken, outgoing('ada.follow@gmail.com', '01JF1'));
    const followUp = await gmail.send(
      accessToken,
      outgoing('ada.follow@gmail.com', '01JF2', {
        subject: 'Re: The engine',
        body: 'Following up on my note.',
        threadId: first.threadId,
        inReplyTo: first.messageId,
        references: [first.messageId],
      }),
    );
    expect(followUp.threadId).toBe(first.threadId);
    const [, second] = await gmail.threadMessages(accessToken, first.threadId);
    // a thread the mailbox does not have (deleted): the e-mail still goes out, in a new thread
    const orphan = await gmail.send(
      accessToken,
      outgoing('ada.follow@gmail.com', '01JF3', { subject: 'Re: Gone', threadId: 'ffffffffffffffff' }),
    );
    expect(orphan.threadId).not.toBe('ffffffffffffffff');
    expect(second).toMatchObject({ inReplyTo: '<draft-01JF1@gmail.com>', references: ['<draft-01JF1@gmail.com>'] });
  });

  it('sends an e-mail carrying a résumé of several megabytes', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.big@gmail.com');
    const resume = new Uint8Array(4 * 1024 * 1024).map((_, index) => (index * 7919) % 256);
    const sent = await gmail.send(
      accessToken,
      outgoing('ada.big@gmail.com', '01JBIG', {
        attachments: [{ fileName: 'resume.pdf', contentType: 'application/pdf', content: resume }],
      }),
    );
    expect(await gmail.findSent(accessToken, '<draft-01JBIG@gmail.com>')).toEqual(sent);
  });

  it('shows auto-replies and bounces with the headers that classify them', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.auto@gmail.com');
    const cursor = await gmail.currentCursor(accessToken);
    const sent = await gmail.send(accessToken, outgoing('ada.auto@gmail.com', '01JB'));
    await control('/_sandbox/mail/reply', { messageId: sent.providerMessageId, body: 'I am away.', autoReply: true });
    await control('/_sandbox/mail/bounce', { messageId: sent.providerMessageId });
    const { messages } = await gmail.changesSince(accessToken, cursor, 50);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.headers).toMatchObject({ 'auto-submitted': 'auto-replied' });
    expect(messages[1]!.from.email).toBe('mailer-daemon@sandbox.local');
    expect(messages[1]!.headers).toMatchObject({ 'x-failed-recipients': 'grace@navy.example' });
    expect(messages[1]!.headers['content-type']).toContain('multipart/report');
    expect(messages[1]!.inReplyTo).toBe('<draft-01JB@gmail.com>');
  });

  it('reads at most the limit and goes on from the cursor it answered', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.many@gmail.com');
    const cursor = await gmail.currentCursor(accessToken);
    const sent = await gmail.send(accessToken, outgoing('ada.many@gmail.com', '01JM'));
    for (const body of ['one', 'two', 'three']) {
      await control('/_sandbox/mail/reply', { messageId: sent.providerMessageId, body });
    }
    const first = await gmail.changesSince(accessToken, cursor, 2);
    const rest = await gmail.changesSince(accessToken, first.cursor, 2);
    expect([...first.messages, ...rest.messages].map((message) => message.body.trim())).toEqual([
      'one',
      'two',
      'three',
    ]);
    expect(first.messages).toHaveLength(2);
  });

  it('fails as not_found on a lost cursor, rate_limited on throttling, unauthorized on a revoked grant', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.errors@gmail.com');
    const cursor = await gmail.currentCursor(accessToken);
    const sent = await gmail.send(accessToken, outgoing('ada.errors@gmail.com', '01JE'));
    await control('/_sandbox/mail/reply', { messageId: sent.providerMessageId, body: 'lost' });
    // the mailbox forgets its history: a cursor from before is too old
    await control('/_sandbox/mail/expire-cursors', { email: 'ada.errors@gmail.com' });
    expect((await failureOf(gmail.changesSince(accessToken, cursor, 10))).kind).toBe('not_found');

    await control('/_sandbox/mail/throttle', {
      email: 'ada.errors@gmail.com',
      provider: 'gmail',
      seconds: 30,
      count: 1,
    });
    expect(await failureOf(gmail.currentCursor(accessToken))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 30,
    });

    await control('/_sandbox/oauth/revoke', { email: 'ada.errors@gmail.com' });
    expect((await failureOf(gmail.currentCursor(accessToken))).kind).toBe('unauthorized');
  });

  it('watches the inbox for a week and stops', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'gmail', 'ada.watch@gmail.com');
    const before = Date.now();
    const watch = await gmail.watch(accessToken, { topicName: 'projects/outreach-local/topics/gmail-push' });
    expect(watch.cursor).toBe(watch.id);
    expect(watch.expiresAt.getTime()).toBeGreaterThan(before + 6 * 24 * 3600 * 1000);
    await gmail.unwatch(accessToken, watch.id);
  });
});
