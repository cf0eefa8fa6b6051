import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../core/errors.js';
import { createDataClient } from '../data/client.js';
import { conversationEmails } from '../data/conversation.js';
import { notificationsKept, userNotifications } from '../data/notification.js';
import { getPipelineEntry, movePipelineEntry } from '../data/pipeline.js';
import { isOwnerRecord } from '../data/owner-records.js';
import { userItems } from '../data/user-partition.js';
import { userClaims } from '../test/api-event.js';
import { callRoute, dataOf } from '../test/call-route.js';
import { partitionSnapshot } from '../test/raw-items.js';
import {
  addDoNotContact,
  conversationByThread,
  getConversation,
  isDoNotContact,
  moveContactStage,
  openConversations,
  recordIncomingEmail,
  recordSentEmail,
  threadingOf,
} from './index.js';
import type { IncomingEmail, SentEmail } from './record.js';

const db = createDataClient(process.env.TABLE_NAME!);

/** a user and one contact of theirs, added as the API adds it */
const newUserWithContact = async (name = 'Ada Lovelace') => {
  const claims = userClaims();
  const contact = await dataOf(callRoute('POST /api/contacts', { claims, body: { name, email: 'ada@example.com' } }));
  return { uid: claims.sub, contactId: contact.id };
};

const sent = (contactId: string, overrides: Partial<SentEmail> = {}): SentEmail => {
  const draftId = overrides.draftId ?? `draft-${randomUUID()}`;
  return {
    conversationId: null,
    contactId,
    draftId,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'gmail',
    from: 'me@gmail.com',
    fromName: 'Me',
    to: 'ada@example.com',
    subject: 'Hello Ada',
    body: 'Hi Ada, ...',
    sentAt: new Date('2026-11-20T09:00:00.000Z'),
    messageId: `<draft-${draftId}@gmail.com>`,
    providerMessageId: `gm-${randomUUID()}`,
    threadId: `thread-${randomUUID()}`,
    ...overrides,
  };
};

const incoming = (overrides: Partial<IncomingEmail> = {}): IncomingEmail => ({
  kind: 'reply',
  providerMessageId: `gm-${randomUUID()}`,
  messageId: `<${randomUUID()}@example.com>`,
  from: 'ada@example.com',
  fromName: 'Ada L.',
  to: 'me@gmail.com',
  subject: 'Re: Hello Ada',
  body: 'Happy to talk',
  at: new Date('2026-11-21T10:00:00.000Z'),
  ...overrides,
});

const failure = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status };
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('recordSentEmail', () => {
  it('starts a conversation with an initial outreach: awaiting a reply, one e-mail, its thread, the contact contacted', async () => {
    const { uid, contactId } = await newUserWithContact();
    const email = sent(contactId);
    const { conversation, created } = await recordSentEmail(db, uid, email);
    expect(created).toBe(true);
    expect(conversation).toMatchObject({
      id: email.draftId,
      userId: uid,
      contactId,
      contact_id: contactId,
      subject: 'Hello Ada',
      replyStatus: 'awaiting_reply',
      threadId: email.threadId,
      messageId: email.messageId,
      mailboxId: 'mailbox-1',
      provider: 'gmail',
      emailCount: 1,
      lastEmailSentAt: '2026-11-20T09:00:00.000Z',
      created_at: '2026-11-20T09:00:00.000Z',
    });
    expect(await getConversation(db, uid, conversation.id)).toEqual(conversation);
    expect(await conversationByThread(db, uid, email.threadId)).toEqual(conversation);
    expect(await conversationEmails(db, uid, conversation.id)).toEqual([
      expect.objectContaining({ kind: 'sent', draftId: email.draftId, to: 'ada@example.com', body: 'Hi Ada, ...' }),
    ]);
    expect(await getPipelineEntry(db, uid, contactId)).toMatchObject({
      stage: 'contacted',
      movedBy: 'event',
      conversationId: conversation.id,
    });
    expect(await openConversations(db, uid, 'mailbox-1')).toEqual([conversation]);
    expect(await openConversations(db, uid, 'mailbox-2')).toEqual([]);
  });

  it('is idempotent by draft id: a repeat answers the same conversation, created false, and writes nothing', async () => {
    const { uid, contactId } = await newUserWithContact();
    const email = sent(contactId);
    const first = await recordSentEmail(db, uid, email);
    const before = await partitionSnapshot(db, uid);
    const again = await recordSentEmail(db, uid, { ...email, sentAt: new Date('2026-11-20T09:05:00.000Z') });
    expect(again).toEqual({ conversation: first.conversation, created: false });
    expect(await partitionSnapshot(db, uid)).toEqual(before);

    const concurrent = sent(contactId);
    const answers = await Promise.all([1, 2, 3].map(() => recordSentEmail(db, uid, concurrent)));
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(await conversationEmails(db, uid, concurrent.draftId)).toHaveLength(1);
  });

  it('appends a follow-up to its conversation, threads it, and keeps REPLY_RECEIVED once a reply came', async () => {
    const { uid, contactId } = await newUserWithContact();
    const first = sent(contactId);
    const { conversation } = await recordSentEmail(db, uid, first);
    await recordIncomingEmail(db, uid, conversation.id, incoming());
    const followUp = sent(contactId, {
      conversationId: conversation.id,
      draftType: 'follow_up',
      sentAt: new Date('2026-11-23T09:00:00.000Z'),
      threadId: first.threadId,
    });
    const appended = await recordSentEmail(db, uid, followUp);
    expect(appended.created).toBe(false);
    expect(appended.conversation).toMatchObject({
      id: conversation.id,
      emailCount: 2,
      replyStatus: 'REPLY_RECEIVED',
      lastEmailSentAt: '2026-11-23T09:00:00.000Z',
      messageId: first.messageId,
    });
    const threading = await threadingOf(db, uid, conversation.id);
    expect(threading).toMatchObject({ threadId: first.threadId, mailboxId: 'mailbox-1', subject: 'Hello Ada' });
    expect(threading?.inReplyTo).toBe(followUp.messageId);
    expect(threading?.references[0]).toBe(first.messageId);
    expect(threading?.references.at(-1)).toBe(followUp.messageId);
    // the reply moved the contact to replied; the follow-up's event does not pull it back to contacted
    expect((await getPipelineEntry(db, uid, contactId))?.stage).toBe('replied');
  });

  it("answers 404 for a conversation the user does not have (another user's), and writes nothing", async () => {
    const owner = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, owner.uid, sent(owner.contactId));
    const intruder = await newUserWithContact();
    const before = await partitionSnapshot(db, owner.uid);
    expect(
      await failure(
        recordSentEmail(
          db,
          intruder.uid,
          sent(intruder.contactId, { conversationId: conversation.id, draftType: 'follow_up' }),
        ),
      ),
    ).toEqual({ status: 404 });
    expect(await getConversation(db, intruder.uid, conversation.id)).toBeNull();
    expect(await threadingOf(db, intruder.uid, conversation.id)).toBeNull();
    expect(await conversationByThread(db, intruder.uid, conversation.threadId!)).toBeNull();
    expect(await partitionSnapshot(db, owner.uid)).toEqual(before);
  });
});

describe('recordIncomingEmail', () => {
  it('records a reply once: REPLY_RECEIVED, one notification, the contact replied; a repeat writes nothing', async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId));
    const reply = incoming();
    const first = await recordIncomingEmail(db, uid, conversation.id, reply);
    expect(first).toMatchObject({
      recorded: true,
      stage: 'replied',
      conversation: {
        replyStatus: 'REPLY_RECEIVED',
        lastReplyDate: '2026-11-21T10:00:00.000Z',
        replySender: 'ada@example.com',
      },
      notification: {
        id: `${reply.messageId}-${reply.at.getTime()}`,
        contact: { name: 'Ada Lovelace', email: 'ada@example.com' },
        contactId,
        conversationId: conversation.id,
        timestamp: '2026-11-21T10:00:00.000Z',
        read: false,
      },
    });
    const before = await partitionSnapshot(db, uid);
    const again = await recordIncomingEmail(db, uid, conversation.id, reply);
    expect(again).toEqual({ recorded: false, conversation: first.conversation, notification: null, stage: null });
    expect(await partitionSnapshot(db, uid)).toEqual(before);
    expect(await userNotifications(db, uid)).toHaveLength(1);
    // answered: still open for the contact's next message for 30 days, then no longer
    const answeredAt = new Date('2026-11-21T10:00:00.000Z').getTime();
    expect(await openConversations(db, uid, undefined, new Date(answeredAt + 29 * 86_400_000))).toHaveLength(1);
    expect(await openConversations(db, uid, undefined, new Date(answeredAt + 31 * 86_400_000))).toEqual([]);
  });

  it('skips the notification when one of its id exists (the same reply read twice under two provider ids)', async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId));
    const reply = incoming();
    await recordIncomingEmail(db, uid, conversation.id, reply);
    const twin = await recordIncomingEmail(db, uid, conversation.id, { ...reply, providerMessageId: 'other-id' });
    expect(twin).toMatchObject({ recorded: true, notification: null });
    expect(await userNotifications(db, uid)).toHaveLength(1);
  });

  it(`keeps the newest ${notificationsKept} notifications, newest first, each id once`, async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId));
    const replies = Array.from({ length: notificationsKept + 5 }, (_, index) =>
      incoming({ at: new Date(Date.UTC(2026, 10, 21, 10, index)) }),
    );
    for (const reply of replies) await recordIncomingEmail(db, uid, conversation.id, reply);
    const kept = await userNotifications(db, uid);
    expect(kept).toHaveLength(notificationsKept);
    expect(new Set(kept.map((notification) => notification.id)).size).toBe(notificationsKept);
    expect(kept.map((notification) => notification.timestamp)).toEqual(
      replies
        .slice(5)
        .map((reply) => reply.at.toISOString())
        .reverse(),
    );
  });

  it('shows an auto-reply without counting it: auto_reply, no notification, the contact stays contacted', async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId));
    const auto = await recordIncomingEmail(db, uid, conversation.id, incoming({ kind: 'auto_reply' }));
    expect(auto).toMatchObject({ recorded: true, notification: null, stage: null });
    expect(auto.conversation.replyStatus).toBe('auto_reply');
    expect(await userNotifications(db, uid)).toEqual([]);
    expect((await getPipelineEntry(db, uid, contactId))?.stage).toBe('contacted');
    expect(await openConversations(db, uid)).toHaveLength(1);
    // once a reply came, a later out-of-office leaves REPLY_RECEIVED
    await recordIncomingEmail(db, uid, conversation.id, incoming());
    const later = await recordIncomingEmail(db, uid, conversation.id, incoming({ kind: 'auto_reply' }));
    expect(later.conversation.replyStatus).toBe('REPLY_RECEIVED');
  });

  it('marks a bounce bounced and puts the address it was sent to on the do-not-contact list', async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId, { to: 'Ada@Example.com' }));
    expect(await isDoNotContact(db, uid, 'ada@example.com')).toBe(false);
    const bounce = await recordIncomingEmail(
      db,
      uid,
      conversation.id,
      incoming({ kind: 'bounce', from: 'mailer-daemon@googlemail.com' }),
    );
    expect(bounce).toMatchObject({ recorded: true, notification: null, conversation: { replyStatus: 'bounced' } });
    expect(await isDoNotContact(db, uid, 'ADA@example.com')).toBe(true);
    // another bounce of the same address records the e-mail and keeps the one entry
    const second = await recordIncomingEmail(db, uid, conversation.id, incoming({ kind: 'bounce' }));
    expect(second.recorded).toBe(true);
  });

  it('records a reply whose ids and texts are far beyond a key or a field (an odd mailer), once', async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId));
    const odd = incoming({
      providerMessageId: `gm-${'𝔸'.repeat(600)}`,
      messageId: `<${'x'.repeat(3000)}@example.com>`,
      subject: 'Re: '.repeat(20_000),
      from: `${'a'.repeat(2000)}@example.com`,
      fromName: 'N'.repeat(5000),
    });
    const first = await recordIncomingEmail(db, uid, conversation.id, odd);
    expect(first.recorded).toBe(true);
    expect(first.notification?.id.length).toBeLessThanOrEqual(600);
    expect(first.conversation.replySender?.length).toBeLessThanOrEqual(320);
    expect((await recordIncomingEmail(db, uid, conversation.id, odd)).recorded).toBe(false);
    const emails = await conversationEmails(db, uid, conversation.id);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.subject.length).toBe(1000);
  });

  it("answers 404 for another user's conversation and writes nothing of theirs", async () => {
    const owner = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, owner.uid, sent(owner.contactId));
    const intruder = await newUserWithContact();
    const before = await partitionSnapshot(db, owner.uid);
    expect(await failure(recordIncomingEmail(db, intruder.uid, conversation.id, incoming()))).toEqual({
      status: 404,
    });
    expect(await partitionSnapshot(db, owner.uid)).toEqual(before);
  });
});

describe('do-not-contact and pipeline moves', () => {
  it('lists an address once, case-blind, keeping the first reason', async () => {
    const { uid } = await newUserWithContact();
    expect(await addDoNotContact(db, uid, 'Grace@Example.com', 'unsubscribe')).toBe(true);
    expect(await addDoNotContact(db, uid, 'grace@example.com', 'manual')).toBe(false);
    expect(await isDoNotContact(db, uid, 'GRACE@example.COM')).toBe(true);
    expect(await isDoNotContact(db, uid, 'someone@example.com')).toBe(false);
  });

  it('moves a contact forward only by events, and to any stage by hand', async () => {
    const { uid, contactId } = await newUserWithContact();
    const at = new Date('2026-11-22T08:00:00.000Z');
    expect(await moveContactStage(db, uid, contactId, 'replied', at, 'event')).toEqual({ moved: true });
    expect(await moveContactStage(db, uid, contactId, 'contacted', at, 'event')).toEqual({ moved: false });
    expect(await moveContactStage(db, uid, contactId, 'replied', at, 'event')).toEqual({ moved: false });
    expect((await getPipelineEntry(db, uid, contactId))?.stage).toBe('replied');
    expect(await moveContactStage(db, uid, contactId, 'drafted', at, 'manual')).toEqual({ moved: true });
    expect(await getPipelineEntry(db, uid, contactId)).toMatchObject({ stage: 'drafted', movedBy: 'manual' });
    expect(await moveContactStage(db, uid, contactId, 'meeting_scheduled', at, 'event')).toEqual({ moved: true });
    expect((await getPipelineEntry(db, uid, contactId))?.stage).toBe('meeting_scheduled');
  });

  it('refuses, in the write itself, an event that would move a contact back (a move read before a later one landed)', async () => {
    const { uid, contactId } = await newUserWithContact();
    const at = new Date().toISOString();
    const event = { contactId, stageChangedAt: at, movedBy: 'event', conversationId: null } as const;
    expect(await movePipelineEntry(db, uid, { ...event, stage: 'replied' })).toBe('moved');
    expect(await movePipelineEntry(db, uid, { ...event, stage: 'contacted' })).toBe('notForward');
    expect(await movePipelineEntry(db, uid, { ...event, stage: 'replied' })).toBe('notForward');
    expect(await movePipelineEntry(db, uid, { ...event, stage: 'contacted', movedBy: 'manual' })).toBe('moved');
    expect((await getPipelineEntry(db, uid, contactId))?.stage).toBe('contacted');
  });

  it("does not move another user's contact", async () => {
    const owner = await newUserWithContact();
    const intruder = await newUserWithContact();
    const at = new Date();
    expect(await moveContactStage(db, intruder.uid, owner.contactId, 'closed', at, 'manual')).toEqual({
      moved: false,
    });
    expect(await getPipelineEntry(db, owner.uid, owner.contactId)).toBeNull();
    expect(await getPipelineEntry(db, intruder.uid, owner.contactId)).toBeNull();
  });
});

describe('the account export and deletion', () => {
  it("see the user's conversations, their e-mails, notifications, pipeline entries and do-not-contact list as theirs, and a thread's pointer as machinery", async () => {
    const { uid, contactId } = await newUserWithContact();
    const { conversation } = await recordSentEmail(db, uid, sent(contactId));
    await recordIncomingEmail(db, uid, conversation.id, incoming());
    await addDoNotContact(db, uid, 'someone@example.com', 'manual');
    // the export lists every item of the user's partition that is an owner record (lambdas/account/service.ts);
    // the deletion removes the whole partition
    const owned = (await userItems(db, uid)).filter(isOwnerRecord).map((item) => item.entity);
    for (const type of ['conversation', 'conversationEmail', 'notification', 'pipeline', 'doNotContact'])
      expect(owned).toContain(type);
    // a thread's pointer is derived from the conversation: machinery, not exported
    expect((await userItems(db, uid)).map((item) => item.entity)).toContain('conversationThread');
    expect(owned).not.toContain('conversationThread');
  });
});
