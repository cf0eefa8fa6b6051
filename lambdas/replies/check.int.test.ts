import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvironment, lambdaEnvironment } from '../../infra/local/lambda-env.js';
import { freePorts } from '../../infra/local/net.js';
import { rsvpCalendar } from '../../infra/local/sandbox/mail-rsvp.js';
import { connectSandboxMailbox } from '../../infra/local/sandbox/mail-testing.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import type { LiveEvent } from '../../shared/live-events.js';
import type { QueueName } from '../../shared/queues.js';
import { replyCheckMessages } from '../../shared/schemas/conversations.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { RsvpAnswer } from '../../shared/schemas/meetings.js';
import type { ReplyCheckMessage } from '../../shared/schemas/replies.js';
import * as conversations from '../conversations/index.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { getContact } from '../data/contact.js';
import { conversationKey } from '../data/conversation.js';
import { draftKey } from '../data/draft.js';
import { getDoNotContact } from '../data/do-not-contact.js';
import { getMailbox, mailboxKey } from '../data/mailbox.js';
import { getMailSync, mailSyncKey } from '../data/mail-sync.js';
import { createMeetingItem, getMeeting, type MeetingItem } from '../data/meeting.js';
import { userNotifications } from '../data/notification.js';
import { getPipelineEntry } from '../data/pipeline.js';
import { answersDraftOf, cancelFollowUps } from '../drafts/index.js';
import { mailboxesDepsFromEnv, markMailboxActive } from '../mailboxes/index.js';
import { invitationUid, recordRsvp } from '../meetings/index.js';
import { createOpenAiClient, openAi } from '../providers/ai/openai.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import { type MailApi, MailApiFailure } from '../providers/mail/port.js';
import { lambdaContext, userClaims } from '../test/api-event.js';
import { callRoute, dataOf } from '../test/call-route.js';
import { connectMailbox } from '../test/connect-mailbox.js';
import { setAttributes } from '../test/raw-items.js';
import { ulid } from 'ulid';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { checkMailbox, replyCheckRules } from './check.js';
import type { ReplyDeps } from './deps.js';
import { fanOutReplyChecks } from './reply-check-schedule.js';
import { replyCheckWorker } from './reply-check-worker.js';
import { checkReplies, outlookBatch, replyCheckStatus } from './service.js';
import { fakeMailApi } from './test/fake-mail-api.js';

/**
 * Reply checks against DynamoDB Local with the conversations and drafts domains' real functions; mailboxes connected
 * through the sandbox's consent page (their tokens sealed and renewed by the mailboxes domain); the mail APIs are
 * in-memory doubles (test/fake-mail-api.ts) so failures and lost cursors can be made at will, but where a test reads
 * through the real adapter against the sandbox (`setup({ outlookApi })`).
 */
let sandbox: Sandbox;
let sandboxUrl: string;
let restoreEnv: () => void;
const db = createDataClient(process.env.TABLE_NAME!);
const silent = { warn: () => {}, info: () => {}, error: () => {} };

beforeAll(async () => {
  const [port] = (await freePorts(1)) as [number];
  sandbox = await startSandbox({ port, log: () => {} });
  sandboxUrl = `http://127.0.0.1:${port}`;
  const env = lambdaEnvironment({ sandboxEndpoint: `http://127.0.0.1:${port}` });
  restoreEnv = applyEnvironment(
    Object.fromEntries(Object.entries(env).filter(([name]) => /^(GOOGLE|GMAIL|MICROSOFT)_/.test(name))),
  );
});

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.stop();
});

/** A user with a mailbox connected through the sandbox's consent page and a contact. */
const newUser = async (provider: MailProvider = 'gmail') => {
  const claims = userClaims();
  const email = `${claims.sub.slice(0, 8)}@${provider === 'gmail' ? 'gmail.com' : 'outlook.com'}`;
  const mailboxId = await connectMailbox(claims, { provider, email });
  const contact = await dataOf(
    callRoute('POST /api/contacts', {
      claims,
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
      },
    }),
  );
  return { uid: claims.sub, claims, email, mailboxId, contactId: contact.id as string, provider };
};
type User = Awaited<ReturnType<typeof newUser>>;

/** `outlookApi`: the real Graph adapter (against the sandbox) in place of the Outlook double. */
const setup = (options: { outlookApi?: MailApi } = {}) => {
  const clock = { now: new Date() };
  const now = () => new Date(clock.now);
  const gmail = fakeMailApi('gmail', { now });
  const outlook = fakeMailApi('outlook', { now });
  const events: { uid: string; event: LiveEvent }[] = [];
  const warnings: { message: string; fields: unknown }[] = [];
  const sent: { queue: QueueName; message: ReplyCheckMessage; delaySeconds?: number }[] = [];
  const deps: ReplyDeps = {
    db,
    mailboxes: mailboxesDepsFromEnv(silent as never),
    mail: { gmail: gmail.api, outlook: options.outlookApi ?? outlook.api },
    conversations: { ...conversations, cancelFollowUps, answersDraftOf },
    meetings: { recordRsvp },
    queue: {
      send: async (queue, message, options) =>
        void sent.push({ queue, message: message as ReplyCheckMessage, delaySeconds: options?.delaySeconds }),
      sendMany: async (queue, messages) =>
        void sent.push(...messages.map((message) => ({ queue, message: message as ReplyCheckMessage }))),
    },
    live: { publish: async (uid, event) => void events.push({ uid, event }) },
    settings: {
      gmailTopic: 'projects/test/topics/gmail',
      gmailPushAudience: undefined,
      gmailPushServiceAccount: undefined,
      googleJwksUrl: 'http://127.0.0.1:1/certs',
      outlookNotificationUrl: 'http://localhost:3001/api/webhooks/outlook',
    },
    // the AI port's real adapter against the sandbox model, which labels from the text (DESIGN §9 'Triage')
    ai: openAi(
      createOpenAiClient({
        baseURL: `${sandboxUrl}/openai/v1`,
        apiKey: 'sandbox-key',
        apiKeySecret: undefined,
        model: 'm',
      }),
      'gpt-4o-mini',
    ),
    now,
    newSecret: () => `secret-${randomUUID()}`,
    logger: {
      ...silent,
      warn: (message: unknown, ...fields: unknown[]) =>
        void warnings.push({ message: String(message), fields: fields[0] }),
    },
  };
  const fake = (provider: MailProvider) => (provider === 'gmail' ? gmail : outlook);
  /**
   * An e-mail the user sent to the contact, recorded as the send worker records it; `recorded: false` only in the
   * mailbox, as while the send worker has not recorded it yet (`record` does later).
   */
  const sendTo = async (user: User, options: { draftId?: string; recorded?: boolean } = {}) => {
    const draftId = options.draftId ?? randomUUID();
    const threadId = `thread-${randomUUID()}`;
    const messageId = `<draft-${draftId}@${user.email.split('@')[1]}>`;
    fake(user.provider).deliver({
      threadId,
      messageId,
      from: { email: user.email, name: 'Ada' },
      to: ['grace@example.com'],
      subject: 'Coffee next week?',
      headers: { 'x-outreach-draft-id': draftId },
    });
    const record = async () => {
      const { conversation } = await conversations.recordSentEmail(db, user.uid, {
        conversationId: null,
        contactId: user.contactId,
        draftId,
        draftType: 'initial_outreach',
        mailboxId: user.mailboxId,
        provider: user.provider,
        from: user.email,
        fromName: 'Ada',
        to: 'grace@example.com',
        subject: 'Coffee next week?',
        body: 'Hi Grace, coffee next week?',
        sentAt: now(),
        messageId,
        providerMessageId: `sent-${draftId}`,
        threadId,
      });
      await markMailboxActive(db, user.uid, user.mailboxId, user.provider, now());
      return conversation;
    };
    const conversation = options.recorded === false ? null : await record();
    return { conversation: conversation!, threadId, messageId, record };
  };
  const replyTo = (
    user: User,
    thread: { threadId: string; messageId: string },
    overrides: Parameters<typeof gmail.deliver>[0] extends infer M ? Partial<M> : never = {},
  ) =>
    fake(user.provider).deliver({
      threadId: thread.threadId,
      inReplyTo: thread.messageId,
      references: [thread.messageId],
      from: { email: 'grace@example.com', name: 'Grace Hopper' },
      to: [user.email],
      subject: 'Re: Coffee next week?',
      body: 'Sounds good, Tuesday works.',
      ...overrides,
    });
  const check = (user: User, reason: ReplyCheckMessage['reason'] = 'schedule') =>
    checkMailbox(deps, user.uid, user.mailboxId, { reason });
  return { clock, gmail, outlook, events, sent, warnings, deps, sendTo, replyTo, check };
};

const eventTypes = (events: { event: LiveEvent }[]) => events.map(({ event }) => event.type);

describe('a reply check', () => {
  it('records a reply once: the conversation, a notification, the pipeline, follow-ups cancelled, the tabs told', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    // the first check has no cursor: it starts push, takes the cursor and reads the open conversations' threads
    expect(await t.check(user)).toMatchObject({ status: 'checked', recorded: [] });
    expect(t.gmail.calls).toEqual(['watch', 'currentCursor', 'threadMessages']);
    expect(await getMailSync(db, user.uid, user.mailboxId)).toMatchObject({
      cursor: String(t.gmail.state.historyId),
      watchId: expect.any(String),
      active: true,
    });

    const reply = t.replyTo(user, thread);
    t.gmail.calls.splice(0);
    const result = await t.check(user);

    expect(result).toMatchObject({
      status: 'checked',
      recorded: [{ conversationId: thread.conversation.id, kind: 'reply', from: 'grace@example.com' }],
    });
    // an idle cycle afterwards is one history read, nothing else (push is not due for renewal)
    expect(t.gmail.calls).toEqual(['changesSince']);
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      replyStatus: 'REPLY_RECEIVED',
      replySender: 'grace@example.com',
    });
    const notifications = await userNotifications(db, user.uid);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ id: `${reply.messageId}-${reply.receivedAt.getTime()}` });
    expect((await getPipelineEntry(db, user.uid, user.contactId))?.stage).toBe('replied');
    // the contact shows it (SPEC §3 conversationStatus: the contacts table's Conversation column)
    const contact = await getContact(db, user.uid, user.contactId);
    expect(contact).toMatchObject({ conversationStatus: 'REPLY_RECEIVED', emailStatus: 'sent', emailCount: 1 });
    expect(eventTypes(t.events)).toEqual([
      'reply.received',
      'notification.created',
      'pipeline.changed',
      'conversation.updated',
    ]);

    // the same message read again (a cursor reset, a concurrent run) records nothing and tells nobody
    t.events.splice(0);
    await getMailSync(db, user.uid, user.mailboxId);
    expect(await t.check(user, 'push')).toMatchObject({ status: 'checked', recorded: [] });
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
    expect(t.events).toEqual([]);
    expect(await getContact(db, user.uid, user.contactId)).toEqual(contact);
  });

  it('leaves no gap between the cursor and push: a reply that comes while the first check reads is pushed', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    // the contact answers just after the first check read the conversation's thread
    const { threadMessages } = t.gmail.api;
    let reply: ReturnType<typeof t.replyTo> | undefined;
    t.gmail.api.threadMessages = async (token, threadId) => {
      const messages = await threadMessages(token, threadId);
      reply = t.replyTo(user, thread);
      return messages;
    };
    expect(await t.check(user)).toMatchObject({ status: 'checked', recorded: [] });
    expect(reply).toBeDefined();
    // push (a Gmail watch announces what comes after its history id) had started before the reply came, so the reply
    // is pushed; the check that push queues reads it from the cursor
    const [watch] = t.gmail.state.watches;
    const sync = await getMailSync(db, user.uid, user.mailboxId);
    expect(Number(watch?.id)).toBeLessThanOrEqual(Number(sync?.cursor));
    expect(await t.check(user, 'push')).toMatchObject({
      status: 'checked',
      recorded: [{ conversationId: thread.conversation.id, kind: 'reply' }],
    });
  });

  /** A user whose draft is being sent: its e-mail is in the mailbox, its conversation not recorded yet. */
  const sendUnderWay = async (t: ReturnType<typeof setup>) => {
    const user = await newUser();
    expect(await t.check(user)).toMatchObject({ status: 'checked' });
    const draft = await dataOf(
      callRoute('POST /api/drafts', {
        claims: user.claims,
        body: { contactId: user.contactId, subject: 'Coffee next week?', body: 'Hi Grace' },
      }),
    );
    await setAttributes(db, draftKey(user.uid, draft.id as string), { status: 'sending' });
    const thread = await t.sendTo(user, { draftId: draft.id as string, recorded: false });
    return { user, thread };
  };

  /** Runs the queued readings one after another, a minute apart, as SQS delivers them; how many ran. */
  const readingsUntilDone = async (t: ReturnType<typeof setup>, user: User) => {
    let readings = 0;
    for (let message = t.sent.shift()?.message; message && readings < 50; message = t.sent.shift()?.message) {
      readings += 1;
      t.clock.now = new Date(t.clock.now.getTime() + replyCheckRules.sendUnderWay.delaySeconds * 1000);
      await checkMailbox(t.deps, user.uid, user.mailboxId, message);
    }
    return readings;
  };

  it('reads again, until its send is recorded, a reply that came before: a bounce can come within seconds', async () => {
    const t = setup();
    // the draft is being sent: the provider took its e-mail, the send worker has not recorded it yet
    const { user, thread } = await sendUnderWay(t);
    const bounce = t.replyTo(user, thread, {
      from: { email: 'mailer-daemon@googlemail.com', name: 'Mail Delivery Subsystem' },
      subject: 'Delivery Status Notification (Failure)',
      body: `Address not found. Your message wasn't delivered to grace@example.com.\n\nMessage-ID: ${thread.messageId}`,
      headers: { 'x-failed-recipients': 'grace@example.com', 'auto-submitted': 'auto-replied' },
    });
    // and a reply to someone else's e-mail, in the same run: nothing of ours, nothing to wait for
    t.gmail.deliver({
      threadId: `thread-${randomUUID()}`,
      inReplyTo: '<lunch@contoso.com>',
      from: { email: 'bob@contoso.com', name: 'Bob' },
      to: [user.email],
    });

    expect(await t.check(user, 'push')).toMatchObject({ status: 'checked', recorded: [] });
    expect(t.sent).toEqual([
      {
        queue: 'reply-check',
        message: expect.objectContaining({ later: { threads: [thread.threadId], attempt: 1 } }),
        delaySeconds: replyCheckRules.sendUnderWay.delaySeconds,
      },
    ]);
    const first = t.sent.splice(0)[0]!.message;

    // a minute on, still not recorded: read again, and queued once more
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    expect(await checkMailbox(t.deps, user.uid, user.mailboxId, first)).toMatchObject({ recorded: [] });
    expect(t.sent.map(({ message }) => message.later)).toEqual([{ threads: [thread.threadId], attempt: 2 }]);
    const second = t.sent.splice(0)[0]!.message;

    // the send is recorded: the next reading records the bounce, and queues nothing more
    await thread.record();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const result = await checkMailbox(t.deps, user.uid, user.mailboxId, second);
    expect(result.recorded).toEqual([expect.objectContaining({ kind: 'bounce', from: bounce.from.email })]);
    expect(t.sent).toEqual([]);
    expect(await getDoNotContact(db, user.uid, 'grace@example.com')).toMatchObject({ reason: 'bounce' });
  });

  it('stops waiting for a send that is never recorded: once its answer is 15 minutes old, at most 15 readings', async () => {
    const { delaySeconds, forMs, attempts } = replyCheckRules.sendUnderWay;
    const t = setup();
    const { user, thread } = await sendUnderWay(t);
    // an answer that came 10 minutes ago: read again until it is 15 minutes old
    t.replyTo(user, thread, { receivedAt: new Date(t.clock.now.getTime() - 10 * 60_000) });
    await t.check(user, 'push');
    expect(await readingsUntilDone(t, user)).toBe((forMs - 10 * 60_000) / (delaySeconds * 1000));

    // one the provider dates in the future never grows old: the readings stop at their count
    const other = await sendUnderWay(t);
    t.replyTo(other.user, other.thread, { receivedAt: new Date(t.clock.now.getTime() + 24 * 3600_000) });
    await t.check(other.user, 'push');
    expect(await readingsUntilDone(t, other.user)).toBe(attempts);
  });

  it('queues many waiting threads 25 to a message, each run its own, and a provider that fails reads them later', async () => {
    const t = setup();
    const { user, thread } = await sendUnderWay(t);
    // thirty answers to the e-mail, each in a thread of its own (a new subject, a forward)
    for (let index = 0; index < 30; index += 1) {
      t.gmail.deliver({
        threadId: `thread-${randomUUID()}`,
        inReplyTo: thread.messageId,
        references: [thread.messageId],
        from: { email: `reader${index}@example.com`, name: 'Reader' },
        to: [user.email],
      });
    }
    await checkMailbox(t.deps, user.uid, user.mailboxId, { reason: 'push', checkId: 'gmail-1' });
    expect(t.sent.map(({ message }) => message.later?.threads.length)).toEqual([25, 5]);
    const queued = t.sent.splice(0);
    // two more answers in one of those threads, each read by its own push: each waited for, none taken for a repeat
    const [firstThread] = queued[0]!.message.later!.threads;
    const pushes = [];
    for (const checkId of ['gmail-2', 'gmail-3']) {
      t.gmail.deliver({
        threadId: firstThread!,
        inReplyTo: thread.messageId,
        from: { email: 'a@example.com', name: null },
        to: [],
      });
      await checkMailbox(t.deps, user.uid, user.mailboxId, { reason: 'push', checkId });
      pushes.push(...t.sent.splice(0).map(({ message }) => message));
    }
    expect(pushes.map((message) => message.later)).toEqual([
      { threads: [firstThread], attempt: 1 },
      { threads: [firstThread], attempt: 1 },
    ]);
    expect(new Set(pushes.map((message) => message.checkId)).size).toBe(2);
    // a reading delivered twice queues the same next one (run once); each reading's next is its own
    await checkMailbox(t.deps, user.uid, user.mailboxId, queued[0]!.message);
    await checkMailbox(t.deps, user.uid, user.mailboxId, queued[0]!.message);
    const [again, next] = t.sent.splice(0);
    expect(again?.message.checkId).toBe(next?.message.checkId);
    expect(next?.message.checkId).not.toBe(queued[0]!.message.checkId);

    // Gmail does not answer: no error of the mailbox's checks, the threads are read again later
    t.gmail.state.failWith = new MailApiFailure('unavailable', 'backend error', { status: 503 });
    expect(await checkMailbox(t.deps, user.uid, user.mailboxId, queued[1]!.message)).toMatchObject({
      status: 'failed',
      error: null,
    });
    expect(t.sent.map(({ message }) => message.later)).toEqual([
      { threads: queued[1]!.message.later!.threads, attempt: 2 },
    ]);
    expect((await getMailSync(db, user.uid, user.mailboxId))?.errorCount).toBe(0);

    // while the provider asks us to wait (a 429's Retry-After of 2 minutes), the threads wait with it
    t.sent.splice(0);
    t.gmail.state.failWith = null;
    const retryAt = new Date(t.clock.now.getTime() + 120_000).toISOString();
    await setAttributes(db, mailSyncKey(user.uid, user.mailboxId), { retryAt });
    t.gmail.calls.splice(0);
    expect(await checkMailbox(t.deps, user.uid, user.mailboxId, queued[1]!.message)).toMatchObject({
      status: 'waiting',
    });
    expect(t.gmail.calls).toEqual([]);
    expect(t.sent.map(({ message, delaySeconds }) => [message.later?.attempt, delaySeconds])).toEqual([[2, 120]]);
  });

  it("ignores messages from the mailbox's own address", async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, { from: { email: user.email.toUpperCase(), name: 'Me' }, body: 'A note to myself' });

    expect(await t.check(user)).toMatchObject({ status: 'checked', recorded: [] });
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      replyStatus: 'awaiting_reply',
    });
    expect(await userNotifications(db, user.uid)).toEqual([]);
  });

  it('shows an auto-reply in the conversation without counting it as a reply', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, {
      subject: 'Automatic reply: Coffee next week?',
      body: 'I am out of the office until Monday.',
      headers: { 'auto-submitted': 'auto-replied' },
    });

    expect(await t.check(user)).toMatchObject({ recorded: [{ kind: 'auto_reply' }] });
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      replyStatus: 'auto_reply',
    });
    expect((await getContact(db, user.uid, user.contactId))?.conversationStatus).toBe('auto_reply');
    expect(await userNotifications(db, user.uid)).toEqual([]);
    expect((await getPipelineEntry(db, user.uid, user.contactId))?.stage).toBe('contacted');
    expect(eventTypes(t.events)).not.toContain('reply.received');
  });

  it('marks a bounced e-mail and puts the address on the do-not-contact list', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    // a DSN in another thread: found by the Message-ID its report quotes
    t.gmail.deliver({
      threadId: `dsn-${randomUUID()}`,
      from: { email: 'mailer-daemon@googlemail.com', name: 'Mail Delivery Subsystem' },
      to: [user.email],
      subject: 'Delivery Status Notification (Failure)',
      body: `Address not found.\n\nMessage-ID: ${thread.messageId}`,
      headers: { 'x-failed-recipients': 'grace@example.com' },
    });

    expect(await t.check(user)).toMatchObject({ recorded: [{ kind: 'bounce' }] });
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      replyStatus: 'bounced',
    });
    expect((await getContact(db, user.uid, user.contactId))?.conversationStatus).toBe('bounced');
    expect(await getDoNotContact(db, user.uid, 'grace@example.com')).toBeTruthy();
    expect(await userNotifications(db, user.uid)).toEqual([]);
  });

  it('puts an address that asks to unsubscribe on the do-not-contact list, and only that one', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, { body: 'Please remove me from your list.\n\nOn Monday, Ada wrote:\n> Hi Grace' });

    expect(await t.check(user)).toMatchObject({ recorded: [{ kind: 'reply' }] });
    expect(await getDoNotContact(db, user.uid, 'grace@example.com')).toMatchObject({ reason: 'unsubscribe' });

    const other = await newUser();
    const otherThread = await t.sendTo(other);
    await t.check(other);
    t.replyTo(other, otherThread, { body: 'Tuesday works!\n\nOn Monday, Ada wrote:\n> reply STOP to unsubscribe' });
    await t.check(other);
    expect(await getDoNotContact(db, other.uid, 'grace@example.com')).toBeNull();
  });

  it('resyncs a lost cursor from the open threads without recording anything twice', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, { body: 'Out of the office', headers: { 'auto-submitted': 'auto-replied' } });
    await t.check(user);
    // the cursor is lost (Gmail keeps about a week of history) while the real answer arrives
    t.replyTo(user, thread, { body: 'Back now: Tuesday works' });
    t.gmail.state.oldestCursor = t.gmail.state.historyId + 1;
    t.gmail.calls.splice(0);

    const result = await t.check(user);

    expect(result.recorded.map((recorded) => recorded.kind)).toEqual(['reply']);
    expect(t.gmail.calls).toEqual(['changesSince', 'currentCursor', 'threadMessages']);
    const emails = await (await import('../data/conversation.js')).conversationEmails(
      db,
      user.uid,
      thread.conversation.id,
    );
    // each once (both arrived at the test clock's one instant, so their order is not asserted)
    const received = emails.filter((email) => email.kind !== 'sent').map((email) => [email.kind, email.body]);
    expect(received.sort()).toEqual([
      ['auto_reply', 'Out of the office'],
      ['reply', 'Back now: Tuesday works'],
    ]);
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
    expect((await getMailSync(db, user.uid, user.mailboxId))?.cursor).toBe(String(t.gmail.state.historyId));
    t.gmail.state.oldestCursor = 0;
    expect(await t.check(user, 'push')).toMatchObject({ status: 'checked', recorded: [] });
  });

  it('resyncs every open conversation after a lost cursor, a bounded page per run, resuming after a failed page and notifying once', async () => {
    const t = setup();
    const user = await newUser();
    const threads: Awaited<ReturnType<typeof t.sendTo>>[] = [];
    for (let sent = 0; sent < 60; sent += 1) {
      threads.push(await t.sendTo(user));
      t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    }
    await t.check(user);
    const worker = replyCheckWorker(t.deps, createLogger('replies'), memoryIdempotencyStore().store);
    const drain = async () => {
      for (let round = 0; t.sent.length > 0; round += 1) {
        expect(round).toBeLessThan(10);
        const { message } = t.sent.shift()!;
        expect(await worker(sqsEvent(sqsRecord(JSON.stringify(message))))).toEqual({ batchItemFailures: [] });
      }
    };
    await drain();
    // the outage: the cursor is lost while the contact of the OLDEST conversation answers
    t.replyTo(user, threads[0]!, { body: 'Sorry for the delay: Tuesday works' });
    t.gmail.state.oldestCursor = t.gmail.state.historyId + 1;
    t.gmail.calls.splice(0);

    expect(await t.check(user)).toMatchObject({ status: 'checked' });
    // one bounded page in this run, the next one queued
    expect(t.gmail.calls.filter((name) => name === 'threadMessages')).toHaveLength(replyCheckRules.resyncConversations);
    expect(t.sent).toEqual([
      { queue: 'reply-check', message: expect.objectContaining({ resync: expect.any(Object) }) },
    ]);

    // the second page fails half-way (the provider is down): the queue delivers it again and the resync goes on
    const second = t.sent[0]!.message;
    t.gmail.state.failWith = new MailApiFailure('unavailable', 'Gmail is down', { status: 503 });
    expect((await worker(sqsEvent(sqsRecord(JSON.stringify(second))))).batchItemFailures).toHaveLength(1);
    t.gmail.state.failWith = null;
    await drain();
    expect(t.gmail.calls.filter((name) => name === 'threadMessages').length).toBeGreaterThanOrEqual(60);

    expect(await conversations.getConversation(db, user.uid, threads[0]!.conversation.id)).toMatchObject({
      replyStatus: 'REPLY_RECEIVED',
    });
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
    // a page read again whatever the worker's claims say (a crash after recording) records nothing twice
    expect(
      await checkMailbox(t.deps, user.uid, user.mailboxId, { reason: 'schedule', resync: second.resync }),
    ).toMatchObject({
      recorded: [],
    });
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
  });

  it('records a reply once when two checks of one mailbox run at the same time', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread);

    const results = await Promise.all([t.check(user, 'push'), t.check(user, 'schedule'), t.check(user, 'push')]);

    expect(results.flatMap((result) => result.recorded)).toHaveLength(1);
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
    expect((await getMailSync(db, user.uid, user.mailboxId))?.cursor).toBe(String(t.gmail.state.historyId));
  });
  it('reads, by the schedule too, a conversation the contact answered (their next message) for 30 days; then the schedule spends no quota on it while push still reads it', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread);
    await t.check(user);
    // answered, the conversation goes on: the safety net still finds the contact's next message
    t.replyTo(user, thread, { body: 'One more thing' });
    expect(await t.check(user, 'schedule')).toMatchObject({ status: 'checked', recorded: [{ kind: 'reply' }] });
    // a month later nothing is open any more: the scheduled check reads nothing at the provider
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    t.gmail.calls.splice(0);
    expect(await t.check(user, 'schedule')).toMatchObject({ status: 'idle' });
    expect(t.gmail.calls).toEqual([]);
  });

  it('spends no quota on a scheduled check of a mailbox whose conversations are closed; push still reads it', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    // closed by the user (PATCH /api/conversations/{id}/reply-status)
    await setAttributes(db, conversationKey(user.uid, thread.conversation.id), { replyStatus: 'closed' });
    t.gmail.calls.splice(0);
    expect(await t.check(user, 'schedule')).toMatchObject({ status: 'idle' });
    expect(t.gmail.calls).toEqual([]);
    t.replyTo(user, thread, { body: 'One more thing' });
    expect(await t.check(user, 'push')).toMatchObject({ status: 'checked', recorded: [{ kind: 'reply' }] });
  });
});

describe('reply triage', () => {
  /** the received e-mail of the conversation (there is one) */
  const received = async (user: User, conversationId: string) =>
    (
      await dataOf(callRoute('GET /api/conversations/{id}', { claims: user.claims, params: { id: conversationId } }))
    ).emails.filter((email) => email.kind !== 'sent');

  it('labels a reply from its words, on the e-mail, the notification, the conversation and the pipeline card', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, { body: 'Sounds great, I am interested. Can we set up a call?' });

    expect(await t.check(user)).toMatchObject({ recorded: [{ kind: 'reply' }] });
    const [email] = await received(user, thread.conversation.id);
    expect(email).toMatchObject({ classification: 'interested', classifiedBy: 'model' });
    expect(email).not.toHaveProperty('returnDate');
    expect(await userNotifications(db, user.uid)).toEqual([expect.objectContaining({ classification: 'interested' })]);
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      latestLabel: { emailId: email!.id, classification: 'interested', classifiedBy: 'model' },
    });
    const board = await dataOf(callRoute('GET /api/pipeline', { claims: user.claims }));
    const card = board.stages.flatMap((stage) => stage.cards).find((item) => item.contactId === user.contactId);
    expect(card).toMatchObject({ stage: 'replied', classification: 'interested' });
    expect(await getDoNotContact(db, user.uid, 'grace@example.com')).toBeNull();
  });

  it("reads an out-of-office's return date, whether the headers or the words say it is one, and it is no reply", async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    // RFC 3834: the headers decide the label; the date is read from the text
    t.replyTo(user, thread, {
      subject: 'Automatic reply: Coffee next week?',
      body: 'I am out of the office until 14 January 2031 with limited access to e-mail.',
      headers: { 'auto-submitted': 'auto-replied' },
    });
    expect(await t.check(user)).toMatchObject({ recorded: [{ kind: 'auto_reply' }] });
    expect(await received(user, thread.conversation.id)).toEqual([
      expect.objectContaining({ classification: 'out_of_office', classifiedBy: 'headers', returnDate: '2031-01-15' }),
    ]);

    // no such header: the model reads it, in German, and it is still no reply
    const other = await newUser();
    const otherThread = await t.sendTo(other);
    await t.check(other);
    t.replyTo(other, otherThread, {
      subject: 'Re: Coffee next week?',
      body: 'Ich bin bis 14. Januar 2031 nicht im Büro.',
    });
    expect(await t.check(other)).toMatchObject({ recorded: [{ kind: 'auto_reply' }] });
    expect(await received(other, otherThread.conversation.id)).toEqual([
      expect.objectContaining({
        kind: 'auto_reply',
        classification: 'out_of_office',
        classifiedBy: 'model',
        returnDate: '2031-01-15',
      }),
    ]);
    expect(await conversations.getConversation(db, other.uid, otherThread.conversation.id)).toMatchObject({
      replyStatus: 'auto_reply',
    });
    expect(await userNotifications(db, other.uid)).toEqual([]);
  });

  it('labels a delivery report a bounce by its headers', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, {
      from: { email: 'mailer-daemon@googlemail.com', name: 'Mail Delivery Subsystem' },
      subject: 'Delivery Status Notification (Failure)',
      body: 'Address not found.',
    });
    await t.check(user);
    expect(await received(user, thread.conversation.id)).toEqual([
      expect.objectContaining({ kind: 'bounce', classification: 'bounce', classifiedBy: 'headers' }),
    ]);
  });

  it('records a reply the model cannot label as other, and logs why without its text', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    // the sandbox model answers 500 to a message holding its fail marker
    t.replyTo(user, thread, { body: 'Confidential words sandbox:fail' });

    expect(await t.check(user)).toMatchObject({ recorded: [{ kind: 'reply' }] });
    expect(await received(user, thread.conversation.id)).toEqual([
      expect.objectContaining({
        classification: 'other',
        classifiedBy: 'model',
        body: 'Confidential words sandbox:fail',
      }),
    ]);
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
    expect(t.warnings).toEqual([
      {
        message: 'a reply was not classified; recorded as other',
        fields: expect.objectContaining({ reason: expect.stringMatching(/^busy/) }),
      },
    ]);
    expect(JSON.stringify(t.warnings)).not.toContain('Confidential');
  });

  it("keeps the person's correction, only theirs: another user's is 404", async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, { body: 'Thanks for the note.' });
    await t.check(user);
    const [email] = await received(user, thread.conversation.id);
    expect(email).toMatchObject({ classification: 'other', classifiedBy: 'model' });

    const params = { id: thread.conversation.id, messageId: email!.id };
    const stranger = await newUser();
    const refused = await callRoute('PATCH /api/conversations/{id}/messages/{messageId}', {
      claims: stranger.claims,
      params,
      body: { classification: 'unsubscribe' },
    });
    expect(refused.status).toBe(404);
    expect(await received(user, thread.conversation.id)).toEqual([
      expect.objectContaining({ classification: 'other' }),
    ]);

    const corrected = await dataOf(
      callRoute('PATCH /api/conversations/{id}/messages/{messageId}', {
        claims: user.claims,
        params,
        body: { classification: 'unsubscribe' },
      }),
    );
    expect(corrected).toMatchObject({ id: email!.id, classification: 'unsubscribe', classifiedBy: 'user' });
    expect(await received(user, thread.conversation.id)).toEqual([
      expect.objectContaining({ classification: 'unsubscribe', classifiedBy: 'user' }),
    ]);
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      latestLabel: { emailId: email!.id, classification: 'unsubscribe', classifiedBy: 'user' },
    });
    expect(await userNotifications(db, user.uid)).toEqual([expect.objectContaining({ classification: 'unsubscribe' })]);
    expect(await getDoNotContact(db, user.uid, 'grace@example.com')).toMatchObject({ reason: 'unsubscribe' });
    expect(await getDoNotContact(db, stranger.uid, 'grace@example.com')).toBeNull();

    // read again, the message keeps the person's label
    t.gmail.state.oldestCursor = t.gmail.state.historyId + 1;
    await t.check(user, 'push');
    expect(await received(user, thread.conversation.id)).toEqual([
      expect.objectContaining({ classification: 'unsubscribe', classifiedBy: 'user' }),
    ]);
  });
});

/** A meeting of the user with their contact (Grace Hopper), its invitation sent at SEQUENCE `sequence`. */
const bookMeeting = async (user: User, sequence = 0) => {
  const now = new Date().toISOString();
  const meeting: MeetingItem = {
    id: ulid(),
    userId: user.uid,
    contactId: user.contactId,
    contactName: 'Grace Hopper',
    contactEmail: 'grace@example.com',
    contactCompany: null,
    title: 'Coffee chat',
    startTime: '2030-12-02T10:00:00.000Z',
    durationMinutes: 30,
    timeZone: 'UTC',
    notes: '',
    status: 'scheduled',
    sequence,
    invitation: { status: 'sent', method: 'REQUEST', sequence, sentAt: now },
    invitedSequence: sequence,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await createMeetingItem(db, meeting);
  return meeting;
};

/** The contact's calendar answers the meeting's invitation: an iTIP REPLY (RFC 5546 §3.2.3), as the sandbox sends it. */
const answerOf = (
  meeting: Pick<MeetingItem, 'id' | 'title' | 'sequence'>,
  answer: RsvpAnswer,
  options: { attendee?: string; organizer?: string; at?: Date } = {},
) =>
  rsvpCalendar(
    {
      method: 'REQUEST',
      uid: invitationUid(meeting.id),
      sequence: meeting.sequence,
      stamp: null,
      summary: meeting.title,
      start: new Date('2030-12-02T10:00:00Z'),
      end: new Date('2030-12-02T10:30:00Z'),
      organizer: { address: options.organizer ?? 'ada@example.com', name: 'Ada Lovelace', partstat: null },
      attendees: [],
    },
    { address: options.attendee ?? 'grace@example.com', name: 'Grace Hopper' },
    answer,
    options.at ?? new Date(),
  );

describe("a contact's answer to a meeting invitation", () => {
  it('records the answer on the meeting and notifies once, however often the message is read, and is no reply', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    const meeting = await bookMeeting(user);
    // in the outreach's thread, as a calendar answers from the contact's mailbox: without its calendar part this
    // message would be the contact's reply
    const message = t.replyTo(user, thread, {
      subject: 'Accepted: Coffee chat',
      body: 'Grace Hopper has accepted this invitation.',
      calendar: answerOf(meeting, 'accepted'),
    });

    // two deliveries at once, then the same message read again after the cursor is lost
    await Promise.all([t.check(user, 'push'), t.check(user, 'schedule')]);
    t.gmail.state.oldestCursor = t.gmail.state.historyId + 1;
    await t.check(user, 'push');

    const stored = await getMeeting(db, user.uid, meeting.id);
    expect(stored?.rsvp).toEqual({ answer: 'accepted', sequence: 0, answeredAt: expect.any(String) });
    expect(stored?.version).toBe(meeting.version + 1);
    const notifications = await userNotifications(db, user.uid);
    expect(notifications).toEqual([
      expect.objectContaining({
        contact: { name: 'Grace Hopper', email: 'grace@example.com' },
        contactId: user.contactId,
        conversationId: null,
        timestamp: message.receivedAt.toISOString(),
        rsvp: { meetingId: meeting.id, title: 'Coffee chat', answer: 'accepted' },
      }),
    ]);
    expect(eventTypes(t.events).filter((type) => type === 'meeting.updated')).toHaveLength(1);
    expect(eventTypes(t.events).filter((type) => type === 'notification.created')).toHaveLength(1);
    // no reply: the conversation still waits, the contact is still 'contacted'
    expect(await conversations.getConversation(db, user.uid, thread.conversation.id)).toMatchObject({
      replyStatus: 'awaiting_reply',
      lastReplyDate: null,
    });
    expect((await getContact(db, user.uid, user.contactId))?.conversationStatus).toBe('awaiting_reply');
    expect((await getPipelineEntry(db, user.uid, user.contactId))?.stage).toBe('contacted');
    expect(eventTypes(t.events)).not.toContain('reply.received');

    // the contact changes their mind: a later answer replaces it, tentatively then declined
    t.replyTo(user, thread, {
      subject: 'Declined: Coffee chat',
      calendar: answerOf(meeting, 'declined', { at: new Date(Date.now() + 60_000) }),
    });
    await t.check(user, 'push');
    expect((await getMeeting(db, user.uid, meeting.id))?.rsvp?.answer).toBe('declined');
    expect((await userNotifications(db, user.uid)).map((notification) => notification.rsvp?.answer)).toEqual(
      expect.arrayContaining(['accepted', 'declined']),
    );
  });

  it('reads the answer in an Outlook mailbox (a meeting response, its REPLY in its MIME), once, and it is no reply', async () => {
    // every piece real but the queues: the Graph adapter against the sandbox's Graph, the contact's calendar answering
    // on the sandbox's mail control
    const outlook = createMailApis({ MICROSOFT_GRAPH_BASE_URL: `${sandbox.url}/microsoft/graph/` }).outlook;
    const t = setup({ outlookApi: outlook });
    const user = await newUser('outlook');
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', user.email);
    const draftId = ulid();
    const outreach = await outlook.send(accessToken, {
      from: user.email,
      fromName: 'Ada Lovelace',
      to: 'grace@example.com',
      toName: 'Grace Hopper',
      subject: 'Coffee next week?',
      body: 'Hi Grace, coffee next week?',
      messageId: `<draft-${draftId}@outlook.com>`,
      headers: { 'X-Outreach-Draft-Id': draftId },
    });
    const { conversation } = await conversations.recordSentEmail(db, user.uid, {
      conversationId: null,
      contactId: user.contactId,
      draftId,
      draftType: 'initial_outreach',
      mailboxId: user.mailboxId,
      provider: 'outlook',
      from: user.email,
      fromName: 'Ada Lovelace',
      to: 'grace@example.com',
      subject: 'Coffee next week?',
      body: 'Hi Grace, coffee next week?',
      sentAt: outreach.sentAt,
      messageId: outreach.messageId,
      providerMessageId: outreach.providerMessageId,
      threadId: outreach.threadId,
    });
    await markMailboxActive(db, user.uid, user.mailboxId, 'outlook', new Date());
    expect(await t.check(user)).toMatchObject({ status: 'checked' });
    const before = (await getMailSync(db, user.uid, user.mailboxId))!.cursor!;
    // the meeting's invitation (its UID, the contact as ATTENDEE) with the text/calendar REQUEST and invite.ics, here
    // in the outreach's thread: read without its calendar, the contact's answer would be their reply
    const meeting = await bookMeeting(user);
    const invitation = await outlook.send(accessToken, {
      from: user.email,
      fromName: 'Ada Lovelace',
      to: 'grace@example.com',
      toName: 'Grace Hopper',
      subject: 'Invitation: Coffee chat @ Mon 2 Dec 2030 10:00 UTC',
      body: 'Ada Lovelace invites you to Coffee chat.',
      messageId: `<invite-${meeting.id}@outlook.com>`,
      inReplyTo: outreach.messageId,
      references: [outreach.messageId],
      threadId: outreach.threadId,
      calendar: {
        method: 'REQUEST',
        fileName: 'invite.ics',
        content: [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'METHOD:REQUEST',
          'BEGIN:VEVENT',
          `UID:${invitationUid(meeting.id)}`,
          'SEQUENCE:0',
          'DTSTAMP:20261206T070000Z',
          'DTSTART:20301202T100000Z',
          'DTEND:20301202T103000Z',
          'SUMMARY:Coffee chat',
          `ORGANIZER;CN=Ada Lovelace:mailto:${user.email}`,
          'ATTENDEE;CN=Grace Hopper;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:grace@example.com',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      },
    });

    // the contact presses Accept in their calendar: the REPLY comes back to the Outlook mailbox
    const answered = await fetch(`${sandbox.url}/_sandbox/mail/rsvp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: invitation.providerMessageId, answer: 'accepted' }),
    });
    expect(answered.status, await answered.text()).toBe(200);
    expect(await outlook.threadMessages(accessToken, outreach.threadId)).toHaveLength(3);
    // two deliveries at once, then the same message read again from the cursor before it
    await Promise.all([t.check(user, 'push'), t.check(user, 'schedule')]);
    await setAttributes(db, mailSyncKey(user.uid, user.mailboxId), { cursor: before });
    await t.check(user, 'push');

    const stored = await getMeeting(db, user.uid, meeting.id);
    expect(stored?.rsvp).toEqual({ answer: 'accepted', sequence: 0, answeredAt: expect.any(String) });
    expect(stored?.version).toBe(meeting.version + 1);
    // the bell's 'Grace Hopper accepted: Coffee chat'
    expect(await userNotifications(db, user.uid)).toEqual([
      expect.objectContaining({
        contact: { name: 'Grace Hopper', email: 'grace@example.com' },
        conversationId: null,
        rsvp: { meetingId: meeting.id, title: 'Coffee chat', answer: 'accepted' },
      }),
    ]);
    expect(eventTypes(t.events).filter((type) => type === 'meeting.updated')).toHaveLength(1);
    // no reply: the outreach still waits for one
    expect(await conversations.getConversation(db, user.uid, conversation.id)).toMatchObject({
      replyStatus: 'awaiting_reply',
      lastReplyDate: null,
    });
    expect((await getContact(db, user.uid, user.contactId))?.conversationStatus).toBe('awaiting_reply');
    expect((await getPipelineEntry(db, user.uid, user.contactId))?.stage).toBe('contacted');
    expect(eventTypes(t.events)).not.toContain('reply.received');
  });

  it("changes nothing for a REPLY naming another user's meeting, or answered by someone other than the contact", async () => {
    const t = setup();
    const victim = await newUser();
    const theirs = await bookMeeting(victim);
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    const own = await bookMeeting(user);
    // a crafted answer in the user's own mailbox naming the victim's meeting UID
    t.replyTo(user, thread, { subject: 'Accepted: Coffee chat', calendar: answerOf(theirs, 'accepted') });
    // an answer to the user's meeting from an address that was not invited
    t.replyTo(user, thread, {
      from: { email: 'mallory@example.com', name: 'Mallory' },
      subject: 'Declined: Coffee chat',
      calendar: answerOf(own, 'declined', { attendee: 'mallory@example.com' }),
    });

    expect(await t.check(user, 'push')).toMatchObject({ status: 'checked', recorded: [] });

    expect(await getMeeting(db, victim.uid, theirs.id)).toEqual(theirs);
    expect(await userNotifications(db, victim.uid)).toEqual([]);
    expect(await getMeeting(db, user.uid, own.id)).toEqual(own);
    expect(await userNotifications(db, user.uid)).toEqual([]);
    expect(eventTypes(t.events)).not.toContain('meeting.updated');
  });
});

describe('the reply-check worker', () => {
  it('runs a redelivered message once', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread);
    const worker = replyCheckWorker(t.deps, createLogger('replies'), memoryIdempotencyStore().store);
    const body = JSON.stringify({ uid: user.uid, mailboxId: user.mailboxId, reason: 'push', checkId: 'gmail-1234' });
    const record = sqsRecord(body);
    t.gmail.calls.splice(0);

    expect(await worker(sqsEvent(record), lambdaContext())).toEqual({ batchItemFailures: [] });
    expect(await worker(sqsEvent(sqsRecord(body, { messageId: record.messageId, receiveCount: 2 })))).toEqual({
      batchItemFailures: [],
    });
    expect(await worker(sqsEvent(sqsRecord(body)))).toEqual({ batchItemFailures: [] });

    expect(t.gmail.calls.filter((name) => name === 'changesSince')).toHaveLength(1);
    expect(await userNotifications(db, user.uid)).toHaveLength(1);
  });
});

describe('reply-check failures (SPEC §8)', () => {
  it('marks a Gmail mailbox whose token is refused expired, with the banner text, and takes it off the fan-out', async () => {
    const t = setup();
    const user = await newUser();
    await t.sendTo(user);
    await t.check(user);
    t.gmail.state.failWith = new MailApiFailure('unauthorized', 'refused', { status: 401 });

    expect(await t.check(user)).toEqual({ status: 'expired', recorded: [], error: replyCheckMessages.gmailExpired });

    expect(await getMailbox(db, user.uid, user.mailboxId)).toMatchObject({ status: 'expired' });
    expect(await getMailSync(db, user.uid, user.mailboxId)).toMatchObject({
      active: false,
      error: replyCheckMessages.gmailExpired,
    });
    expect(t.events.map(({ event }) => event)).toContainEqual({
      type: 'replyCheck.changed',
      data: { mailboxId: user.mailboxId, error: replyCheckMessages.gmailExpired },
    });
    // the schedule no longer queues it
    const fanned = await fanOutReplyChecks(t.deps);
    expect(fanned.complete).toBe(true);
    expect(t.sent.filter(({ message }) => message.mailboxId === user.mailboxId)).toEqual([]);
  });

  it('says so for Outlook in its own words, and a 429 waits its Retry-After', async () => {
    const t = setup();
    const user = await newUser('outlook');
    await t.sendTo(user);
    await t.check(user);
    t.outlook.state.failWith = new MailApiFailure('rate_limited', 'slow down', { retryAfterSeconds: 120, status: 429 });

    expect(await t.check(user)).toMatchObject({
      status: 'failed',
      error: 'Microsoft API rate limit exceeded. Will retry in 120 seconds.',
    });
    expect(t.sent).toContainEqual({
      queue: 'reply-check',
      message: expect.objectContaining({ uid: user.uid, mailboxId: user.mailboxId }),
      delaySeconds: 120,
    });
    // the wait holds: nothing is read until it is over
    t.outlook.state.failWith = null;
    t.outlook.calls.splice(0);
    expect(await t.check(user)).toMatchObject({ status: 'waiting' });
    expect(t.outlook.calls).toEqual([]);
    t.clock.now = new Date(t.clock.now.getTime() + 121_000);
    expect(await t.check(user)).toMatchObject({ status: 'checked', error: null });

    t.outlook.state.failWith = new MailApiFailure('unauthorized', 'refused', { status: 403 });
    expect(await t.check(user)).toMatchObject({ error: replyCheckMessages.outlookExpired });
  });

  it('says an Outlook token that cannot be renewed expired (the grant revoked at Microsoft) and marks the mailbox', async () => {
    const t = setup();
    const user = await newUser('outlook');
    await t.sendTo(user);
    await t.check(user);
    const revoked = await fetch(`${sandbox.url}/_sandbox/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(revoked.status).toBeLessThan(300);
    // its access token has run out: the check must renew it first
    await setAttributes(db, mailboxKey(user.uid, user.mailboxId), {
      expiry: new Date(Date.now() - 60_000).toISOString(),
    });
    t.outlook.calls.splice(0);

    expect(await t.check(user)).toEqual({
      status: 'expired',
      recorded: [],
      error: replyCheckMessages.outlookTokenExpired,
    });
    expect(t.outlook.calls).toEqual([]);
    expect(await getMailbox(db, user.uid, user.mailboxId)).toMatchObject({ status: 'expired' });
    expect((await replyCheckStatus(t.deps, user.uid)).mailboxes[0]?.error).toBe(replyCheckMessages.outlookTokenExpired);
  });

  it('shows other failures from the third in a row, and a success clears them', async () => {
    const t = setup();
    const user = await newUser();
    await t.sendTo(user);
    await t.check(user);
    t.gmail.state.failWith = new MailApiFailure('unavailable', 'down', { status: 503 });

    expect((await t.check(user)).error).toBeNull();
    expect((await t.check(user)).error).toBeNull();
    const third = await t.check(user);
    expect(third.error).toBe(replyCheckMessages.failed('Gmail did not answer (HTTP 503)'));
    expect(await getMailSync(db, user.uid, user.mailboxId)).toMatchObject({ errorCount: 3, error: third.error });
    expect(await getMailbox(db, user.uid, user.mailboxId)).toMatchObject({ status: 'connected' });

    t.gmail.state.failWith = null;
    t.events.splice(0);
    expect(await t.check(user)).toMatchObject({ status: 'checked', error: null });
    expect(await getMailSync(db, user.uid, user.mailboxId)).toMatchObject({ errorCount: 0, error: null });
    expect(t.events.map(({ event }) => event)).toEqual([
      { type: 'replyCheck.changed', data: { mailboxId: user.mailboxId, error: null } },
    ]);
  });
});

describe('activation and the schedule', () => {
  it('puts a mailbox on the fan-out once, queuing its first check when given a queue', async () => {
    const t = setup();
    const user = await newUser();

    expect(
      await markMailboxActive(db, user.uid, user.mailboxId, 'gmail', t.clock.now, { queue: t.deps.queue }),
    ).toEqual({
      activated: true,
    });
    expect(
      await markMailboxActive(db, user.uid, user.mailboxId, 'gmail', t.clock.now, { queue: t.deps.queue }),
    ).toEqual({
      activated: false,
    });
    expect(t.sent).toEqual([
      {
        queue: 'reply-check',
        message: expect.objectContaining({ uid: user.uid, reason: 'manual' }),
        delaySeconds: undefined,
      },
    ]);

    t.sent.splice(0);
    const summary = await fanOutReplyChecks(t.deps, { slot: 'schedule-test' });
    expect(summary.complete).toBe(true);
    expect(t.sent.filter(({ message }) => message.mailboxId === user.mailboxId)).toEqual([
      {
        queue: 'reply-check',
        message: { uid: user.uid, mailboxId: user.mailboxId, reason: 'schedule', checkId: 'schedule-test' },
      },
    ]);
  });

  it('renews push that lapses within a day, and makes a new Outlook subscription when the old one is gone', async () => {
    const t = setup();
    const user = await newUser('outlook');
    await t.sendTo(user);
    await t.check(user);
    const first = (await getMailSync(db, user.uid, user.mailboxId))!;
    expect(t.outlook.state.watches).toHaveLength(1);
    expect(t.outlook.state.watches[0]).toMatchObject({ id: first.watchId, clientState: expect.any(String) });

    // 70 h later the subscription lapses within a day: renewed, same id
    t.clock.now = new Date(t.clock.now.getTime() + 50 * 3600_000);
    await t.check(user);
    expect(t.outlook.state.renewed).toEqual([first.watchId]);

    // Graph removed it: a new one with a new clientState
    t.outlook.state.watches.splice(0);
    t.clock.now = new Date(t.clock.now.getTime() + 50 * 3600_000);
    await t.check(user);
    const second = (await getMailSync(db, user.uid, user.mailboxId))!;
    expect(second.watchId).not.toBe(first.watchId);
    expect(new Date(second.watchExpiresAt!).getTime()).toBeGreaterThan(t.clock.now.getTime());
    expect(replyCheckRules.pushRenewMarginMs).toBe(24 * 3600_000);
  });
});

describe("the user's reply-check routes", () => {
  it('checks now and answers each conversation in the spec’s shape; a second check within 30 s reads nothing', async () => {
    const t = setup();
    const user = await newUser();
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread, { subject: 'Re: Coffee next week? Yes' });
    t.clock.now = new Date(t.clock.now.getTime() + replyCheckRules.manualMinGapMs);

    const answer = await checkReplies(t.deps, user.uid, { accessToken: 'ignored', emailProvider: 'gmail' });

    expect(answer.results).toEqual([
      {
        conversationId: thread.conversation.id,
        updated: true,
        hasReply: true,
        replySender: 'grace@example.com',
        replyDate: expect.any(String),
        replySubject: 'Re: Coffee next week? Yes',
        error: null,
      },
    ]);
    t.gmail.calls.splice(0);
    const again = await checkReplies(t.deps, user.uid, { conversationIds: [thread.conversation.id, 'no-such-id'] });
    expect(t.gmail.calls).toEqual([]);
    expect(again.results.map((result) => [result.conversationId, result.hasReply, result.error])).toEqual([
      [thread.conversation.id, true, null],
      ['no-such-id', false, 'The requested resource was not found.'],
    ]);
  });

  it('answers the Outlook batch by thread id', async () => {
    const t = setup();
    const user = await newUser('outlook');
    const thread = await t.sendTo(user);
    await t.check(user);
    t.replyTo(user, thread);
    t.clock.now = new Date(t.clock.now.getTime() + replyCheckRules.manualMinGapMs);

    const answer = await outlookBatch(t.deps, user.uid, {
      token: { email: user.email },
      threads: [{ threadId: thread.threadId, messageId: thread.messageId }, { threadId: 'unknown-thread' }],
    });

    expect(answer.results[0]).toMatchObject({
      threadId: thread.threadId,
      messageId: thread.messageId,
      conversationId: thread.conversation.id,
      hasReply: true,
      replySender: 'grace@example.com',
      error: null,
    });
    expect(answer.results[1]).toMatchObject({ threadId: 'unknown-thread', conversationId: null, hasReply: false });
  });

  it("tells each mailbox's banner text: the third failure's, and an expired mailbox's", async () => {
    const t = setup();
    const user = await newUser();
    await t.sendTo(user);
    await t.check(user);
    expect((await replyCheckStatus(t.deps, user.uid)).mailboxes).toEqual([
      {
        mailboxId: user.mailboxId,
        email: user.email,
        provider: 'gmail',
        lastCheckedAt: t.clock.now.toISOString(),
        error: null,
        errorAt: null,
        pushExpiresAt: expect.any(String),
      },
    ]);
    t.gmail.state.failWith = new MailApiFailure('unavailable', 'down');
    for (let run = 0; run < 3; run += 1) await t.check(user);
    expect((await replyCheckStatus(t.deps, user.uid)).mailboxes[0]).toMatchObject({
      error: replyCheckMessages.failed('Gmail did not answer'),
      errorAt: t.clock.now.toISOString(),
    });
    t.gmail.state.failWith = new MailApiFailure('unauthorized', 'refused', { status: 401 });
    await t.check(user);
    expect((await replyCheckStatus(t.deps, user.uid)).mailboxes[0]).toMatchObject({
      error: replyCheckMessages.gmailExpired,
    });
  });
});
