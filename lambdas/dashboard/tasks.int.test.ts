import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pendingTaskKinds, pendingTasksSchema, type PendingTasks } from '../../shared/schemas/dashboard.js';
import type { ReplyClassification } from '../../shared/schemas/conversations.js';
import { type Settings, settingsDefaults } from '../../shared/schemas/profile.js';
import { createDataClient, type DataClient } from '../data/client.js';
import { contactKey, putContacts, type ContactItem } from '../data/contact.js';
import { conversationKey, newConversationWrite, type ConversationItem } from '../data/conversation.js';
import { transact } from '../data/entity/transaction.js';
import { addDoNotContactEntry } from '../data/do-not-contact.js';
import { getContactDrafts, writeContactDrafts, type DraftItem } from '../data/draft.js';
import { createMeetingItem, type MeetingItem } from '../data/meeting.js';
import { upsertUserProfile } from '../data/user-profile.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { countingDataClient } from '../test/counting-client.js';
import { createLivePort } from '../providers/live/live.js';
import type { DashboardDeps } from './deps.js';
import { failedLookupDetail, failedSendDetail, pendingTasks } from './tasks.js';
import { statsBatch } from './stats-batch.js';
import { applyFactChanges, factChangeOf, rebuildTaskFacts } from './task-sources.js';
import { partitionSnapshot, setAttributes } from '../test/raw-items.js';
import { streamDeps, streamEvent, streamRecord } from '../test/stream-records.js';

const db = createDataClient(process.env.TABLE_NAME!);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const depsAt = (now: string, data: DataClient = db): DashboardDeps => ({
  db: data,
  now: () => new Date(now),
  live: createLivePort({ db: data }),
  logger: silent,
});

const day = 24 * 60 * 60_000;
const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString();
const later = (now: string, ms: number) => new Date(Date.parse(now) + ms).toISOString();

const newUid = () => randomUUID();
let sequence = 0;
/** ids that sort in the order they are made (the tiebreak of equal times) */
const newId = (prefix: string) => {
  sequence += 1;
  return `${prefix}${String(sequence).padStart(6, '0')}`;
};

const addContacts = async (uid: string, contacts: Partial<ContactItem>[]) => {
  const items = contacts.map(
    (contact): ContactItem => ({
      uid,
      contactId: newId('c'),
      importedAt: '2026-01-01T00:00:00.000Z',
      lastUpdated: '2026-01-01T00:00:00.000Z',
      ...contact,
    }),
  );
  await putContacts(db, items);
  return items.map((item) => item.contactId);
};

const saveDraft = async (uid: string, contactId: string, fields: Partial<DraftItem>) => {
  const draft: DraftItem = {
    id: newId('d'),
    userId: uid,
    contactId,
    conversationId: null,
    draftType: 'initial_outreach',
    status: 'draft',
    isPrimary: true,
    createdFromTemplate: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    subject: 'Hello',
    body: 'A few words',
    ...fields,
  };
  const read = await getContactDrafts(db, uid, contactId);
  const outcome = await writeContactDrafts(
    db,
    uid,
    read,
    {
      put: [draft],
      remove: [],
      list: {
        draftIds: [...read.draftIds, draft.id],
        primaryDraftId: draft.isPrimary ? draft.id : read.primaryDraftId,
      },
    },
    { requireContact: false },
  );
  expect(outcome).toBe('written');
  return draft.id;
};

const saveConversation = async (uid: string, contactId: string, fields: Partial<ConversationItem>) => {
  const conversation: ConversationItem = {
    id: newId('v'),
    userId: uid,
    contactId,
    subject: 'Coffee?',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    replyStatus: 'awaiting_reply',
    lastReplyDate: null,
    replySender: null,
    threadId: 'thread',
    messageId: null,
    mailboxId: 'mailbox-1',
    provider: 'gmail',
    emailCount: 1,
    lastEmailSentAt: null,
    version: 1,
    ...fields,
  };
  expect(await transact(db, { conversation: newConversationWrite(db, conversation) })).toEqual({ done: true });
  return conversation.id;
};

const saveMeeting = async (uid: string, contactId: string, fields: Partial<MeetingItem>) => {
  const meeting: MeetingItem = {
    id: newId('m'),
    userId: uid,
    contactId,
    contactName: 'As booked',
    contactEmail: null,
    contactCompany: null,
    title: 'Coffee chat',
    startTime: '2026-01-01T00:00:00.000Z',
    durationMinutes: 30,
    timeZone: 'UTC',
    notes: '',
    status: 'scheduled',
    sequence: 0,
    invitation: { status: 'sent', method: 'REQUEST', sequence: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...fields,
  };
  await createMeetingItem(db, meeting);
  return meeting.id;
};

const setSettings = (uid: string, settings: Partial<Settings>) =>
  upsertUserProfile(db, uid, { set: { settings: { ...settingsDefaults, ...settings } }, setIfMissing: {} });

const taskOf = (tasks: PendingTasks, kind: (typeof pendingTaskKinds)[number]) => {
  const task = tasks.tasks.find((candidate) => candidate.kind === kind);
  if (!task) throw new Error(`no ${kind}`);
  return task;
};

describe('pending tasks', () => {
  it('answers every kind, in order, with 0 for a user with nothing to do', async () => {
    const tasks = await pendingTasks(depsAt('2026-11-24T18:00:00.000Z'), newUid());
    expect(pendingTasksSchema.parse(tasks)).toEqual({
      tasks: pendingTaskKinds.map((kind) => ({ kind, count: 0, items: [] })),
      total: 0,
    });
  });

  it("lists each kind's tasks and leaves out what is not one (another user's, sent, answered, not due, tomorrow, cancelled)", async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const uid = newUid();
    const other = newUid();
    const [ada, bob, cleo, dan, eve, fay, gil, hal, ivy, jon, kim] = await addContacts(uid, [
      { name: 'Ada Lovelace', email: 'ada@example.com', emailQevStatus: 'valid' },
      { name: '', firstName: 'Bob', lastName: 'Kahn' },
      { name: 'Cleo Pâtre' },
      { name: 'Dan Sent' },
      { name: 'Eve Queued' },
      { name: 'Fay Failed', email: 'fay@example.com', emailQevStatus: 'valid' },
      { name: 'Gil Lookup', emailLookupStatus: 'error', emailLookupLastAttempt: '2026-11-20T10:00:00.000Z' },
      { name: 'Hal Notfound', emailLookupStatus: 'not_found' },
      { name: 'Ivy Found', emailLookupStatus: 'found_valid' },
      { name: 'Jon Pending', emailLookupStatus: 'pending' },
      { name: 'Kim Alternate' },
    ]);
    const [otherContact] = await addContacts(other, [{ name: 'Not Yours', emailLookupStatus: 'error' }]);

    // drafts: one ready; not ready: without a body, not the primary, sent, being sent, another user's
    const ready = await saveDraft(uid, ada!, { subject: '  Intro to Ada  ', updatedAt: ago(now, day) });
    await saveDraft(uid, cleo!, { body: '   ' });
    await saveDraft(uid, kim!, { isPrimary: true, status: 'sent', sentAt: ago(now, day) });
    await saveDraft(uid, kim!, { isPrimary: false });
    await saveDraft(uid, dan!, { status: 'sent', sentAt: ago(now, 2 * day) });
    await saveDraft(uid, eve!, { status: 'sending', scheduledSendTime: later(now, day) });
    await saveDraft(other, otherContact!, {});
    const failed = await saveDraft(uid, fay!, {
      isPrimary: false,
      status: 'failed',
      failureReason: 'The mailbox refused the address',
      updatedAt: ago(now, 60_000),
    });
    const failedSilently = await saveDraft(uid, bob!, { status: 'failed', updatedAt: ago(now, 2 * 60_000) });

    // conversations: a reply waiting; answered ones (the user wrote after the reply) and bounces are not
    const replied = await saveConversation(uid, bob!, {
      replyStatus: 'REPLY_RECEIVED',
      lastEmailSentAt: ago(now, 3 * day),
      lastReplyDate: ago(now, 2 * day),
      replySender: 'Bob Kahn <bob@example.com>',
    });
    await saveConversation(uid, cleo!, {
      replyStatus: 'REPLY_RECEIVED',
      lastReplyDate: ago(now, 3 * day),
      lastEmailSentAt: ago(now, 2 * day),
    });
    await saveConversation(uid, dan!, { replyStatus: 'bounced', lastEmailSentAt: ago(now, 9 * day) });
    await saveConversation(other, otherContact!, {
      replyStatus: 'REPLY_RECEIVED',
      lastEmailSentAt: ago(now, 3 * day),
      lastReplyDate: ago(now, 2 * day),
    });
    // follow-ups: due 3 days later at 09:00 (the defaults); not due yet; due but the follow-up is already written or
    // on its way (the auto follow-up, scheduled)
    const due = await saveConversation(uid, dan!, { subject: 'Our chat', lastEmailSentAt: ago(now, 4 * day) });
    await saveConversation(uid, eve!, { lastEmailSentAt: ago(now, 2 * day) });
    const scheduled = await saveConversation(uid, gil!, { lastEmailSentAt: ago(now, 5 * day) });
    await saveDraft(uid, gil!, {
      conversationId: scheduled,
      draftType: 'follow_up',
      isPrimary: false,
      status: 'sending',
      scheduledSendTime: later(now, 60_000),
    });
    const drafted = await saveConversation(uid, fay!, { lastEmailSentAt: ago(now, 5 * day) });
    const followUp = await saveDraft(uid, fay!, {
      conversationId: drafted,
      draftType: 'follow_up',
      subject: 'Following up',
      updatedAt: ago(now, 2 * day),
    });
    await saveConversation(other, otherContact!, { lastEmailSentAt: ago(now, 9 * day) });

    // meetings: today and not ended; not: ended, tomorrow, cancelled, another user's
    const meeting = await saveMeeting(uid, ada!, { title: 'Coffee', startTime: '2026-11-24T19:30:00.000Z' });
    const ongoing = await saveMeeting(uid, gil!, { startTime: '2026-11-24T17:45:00.000Z', durationMinutes: 30 });
    await saveMeeting(uid, ada!, { startTime: '2026-11-24T17:00:00.000Z', durationMinutes: 30 });
    await saveMeeting(uid, ada!, { startTime: '2026-11-25T09:00:00.000Z' });
    await saveMeeting(uid, ada!, { startTime: '2026-11-24T20:00:00.000Z', status: 'cancelled' });
    await saveMeeting(other, otherContact!, { startTime: '2026-11-24T20:00:00.000Z' });

    const tasks = await pendingTasks(depsAt(now), uid);

    expect(pendingTasksSchema.parse(tasks)).toEqual({
      tasks: [
        {
          kind: 'drafts_ready',
          count: 2,
          items: [
            { contactId: fay, name: 'Fay Failed', id: followUp, detail: 'Following up', at: ago(now, 2 * day) },
            { contactId: ada, name: 'Ada Lovelace', id: ready, detail: 'Intro to Ada', at: ago(now, day) },
          ],
        },
        {
          kind: 'replies_waiting',
          count: 1,
          items: [
            {
              contactId: bob,
              name: 'Bob Kahn',
              id: replied,
              detail: 'Bob Kahn <bob@example.com>',
              at: ago(now, 2 * day),
            },
          ],
        },
        {
          kind: 'follow_ups_due',
          count: 1,
          items: [{ contactId: dan, name: 'Dan Sent', id: due, detail: 'Our chat', at: '2026-11-23T09:00:00.000Z' }],
        },
        {
          kind: 'meetings_today',
          count: 2,
          items: [
            {
              contactId: gil,
              name: 'Gil Lookup',
              id: ongoing,
              detail: 'Coffee chat · 17:45',
              at: '2026-11-24T17:45:00.000Z',
            },
            {
              contactId: ada,
              name: 'Ada Lovelace',
              id: meeting,
              detail: 'Coffee · 19:30',
              at: '2026-11-24T19:30:00.000Z',
            },
          ],
        },
        {
          kind: 'failed_lookups',
          count: 1,
          items: [
            { contactId: gil, name: 'Gil Lookup', id: gil, detail: failedLookupDetail, at: '2026-11-20T10:00:00.000Z' },
          ],
        },
        {
          kind: 'failed_sends',
          count: 2,
          items: [
            {
              contactId: fay,
              name: 'Fay Failed',
              id: failed,
              detail: 'The mailbox refused the address',
              at: ago(now, 60_000),
            },
            {
              contactId: bob,
              name: 'Bob Kahn',
              id: failedSilently,
              detail: failedSendDetail,
              at: ago(now, 2 * 60_000),
            },
          ],
        },
      ],
      total: 9,
    });
    // the contacts that are no task anywhere
    const named = tasks.tasks.flatMap((task) => task.items.map((item) => item.contactId));
    for (const contactId of [hal, ivy, jon, kim, otherContact]) expect(named).not.toContain(contactId);
  });

  it('counts them all and shows the 5 most urgent first', async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const uid = newUid();
    const contacts = await addContacts(
      uid,
      Array.from({ length: 7 }, (_, index) => ({
        name: `Contact ${index}`,
        email: `contact${index}@example.com`,
        emailQevStatus: 'valid' as const,
        emailLookupStatus: 'error' as const,
        lastUpdated: ago(now, index * day),
        emailLookupLastAttempt: ago(now, index * day),
      })),
    );
    const replies: string[] = [];
    const drafts: string[] = [];
    const failedSends: string[] = [];
    for (const [index, contactId] of contacts.entries()) {
      // oldest reply for the last contact: it has waited longest
      replies.push(
        await saveConversation(uid, contactId, {
          replyStatus: 'REPLY_RECEIVED',
          lastEmailSentAt: ago(now, 30 * day),
          lastReplyDate: ago(now, (index + 1) * day),
          replySender: `sender ${index}`,
        }),
      );
      drafts.push(await saveDraft(uid, contactId, { updatedAt: ago(now, (index + 1) * 60_000) }));
      failedSends.push(
        await saveDraft(uid, contactId, {
          isPrimary: false,
          status: 'failed',
          updatedAt: ago(now, (index + 1) * 1000),
        }),
      );
    }

    const tasks = await pendingTasks(depsAt(now), uid);

    const ids = (kind: (typeof pendingTaskKinds)[number]) => taskOf(tasks, kind).items.map((item) => item.id);
    expect(taskOf(tasks, 'replies_waiting').count).toBe(7);
    expect(ids('replies_waiting')).toEqual([...replies].reverse().slice(0, 5));
    expect(taskOf(tasks, 'drafts_ready').count).toBe(7);
    expect(ids('drafts_ready')).toEqual([...drafts].reverse().slice(0, 5));
    expect(taskOf(tasks, 'failed_sends').count).toBe(7);
    expect(ids('failed_sends')).toEqual(failedSends.slice(0, 5));
    expect(taskOf(tasks, 'failed_lookups').count).toBe(7);
    expect(ids('failed_lookups')).toEqual(contacts.slice(0, 5));
    expect(tasks.total).toBe(28);
  });

  it("puts an interested answer and a referral first ('Reply to ...'), and leaves out an unsubscribe", async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const uid = newUid();
    const [plain, interested, referral, unsubscribed, unlabelled] = await addContacts(
      uid,
      ['Plain', 'Keen', 'Referrer', 'Gone', 'Older'].map((name) => ({ name })),
    );
    const reply = (contactId: string, daysAgo: number, classification?: ReplyClassification) =>
      saveConversation(uid, contactId, {
        replyStatus: 'REPLY_RECEIVED',
        lastEmailSentAt: ago(now, 30 * day),
        lastReplyDate: ago(now, daysAgo * day),
        replySender: `${contactId}@example.com`,
        ...(classification
          ? { latestLabel: { emailId: newId('e'), classification, classifiedBy: 'model' as const } }
          : {}),
      });
    const ids = {
      plain: await reply(plain!, 5, 'other'),
      interested: await reply(interested!, 1, 'interested'),
      referral: await reply(referral!, 2, 'referral'),
      unsubscribed: await reply(unsubscribed!, 9, 'unsubscribe'),
      unlabelled: await reply(unlabelled!, 7),
    };

    const task = taskOf(await pendingTasks(depsAt(now), uid), 'replies_waiting');

    expect(task.count).toBe(4);
    expect(task.items.map((item) => [item.id, item.classification])).toEqual([
      [ids.referral, 'referral'],
      [ids.interested, 'interested'],
      [ids.unlabelled, undefined],
      [ids.plain, 'other'],
    ]);
    // read again from the facts the first read stored: the labels were kept with them
    expect(taskOf(await pendingTasks(depsAt(now), uid), 'replies_waiting')).toEqual(task);
  });

  it('counts as ready to send only drafts the send would take: text without open spots, to an address it may use', async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const uid = newUid();
    const [valid, confirmed, unconfirmed, invalid, none, listed, spot] = await addContacts(uid, [
      { name: 'Valid', email: 'valid@example.com', emailQevStatus: 'valid' },
      // DESIGN §9: a risky address the person confirmed for this contact is sent to
      {
        name: 'Confirmed',
        email: 'confirmed@example.com',
        emailQevStatus: 'accept_all',
        emailConfirmedFor: 'confirmed@example.com',
      },
      { name: 'Unconfirmed', email: 'unconfirmed@example.com', emailQevStatus: 'accept_all' },
      { name: 'Invalid', email: 'invalid@example.com', emailQevStatus: 'invalid' },
      { name: 'No Address' },
      { name: 'Listed', email: 'Listed@Example.com', emailQevStatus: 'valid' },
      { name: 'Open Spot', email: 'spot@example.com', emailQevStatus: 'valid' },
    ]);
    await addDoNotContactEntry(db, uid, { email: 'listed@example.com', reason: 'bounce', addedAt: now });
    const sendable = [
      await saveDraft(uid, valid!, { updatedAt: ago(now, 2 * day) }),
      await saveDraft(uid, confirmed!, { updatedAt: ago(now, day) }),
    ];
    for (const contactId of [unconfirmed, invalid, none, listed]) await saveDraft(uid, contactId!, {});
    await saveDraft(uid, spot!, { body: 'I studied at {{school}} too.' });

    const ready = taskOf(await pendingTasks(depsAt(now), uid), 'drafts_ready');
    expect(ready.count).toBe(2);
    expect(ready.items.map((item) => item.id)).toEqual(sendable);
  });

  it("takes today and the follow-up delay from the user's settings", async () => {
    // 06:00 UTC on the 24th is 22:00 on the 23rd in Los Angeles
    const now = '2026-11-24T06:00:00.000Z';
    const inLosAngeles = newUid();
    const inUtc = newUid();
    const ids: Record<string, Record<string, string>> = {};
    for (const uid of [inLosAngeles, inUtc]) {
      const [contactId] = await addContacts(uid, [{ name: 'Ada Lovelace' }]);
      ids[uid] = {
        lateTonight: await saveMeeting(uid, contactId!, { startTime: '2026-11-24T07:30:00.000Z' }),
        tomorrowMorning: await saveMeeting(uid, contactId!, { startTime: '2026-11-24T16:00:00.000Z' }),
        yesterdayUtc: await saveMeeting(uid, contactId!, {
          startTime: '2026-11-23T23:30:00.000Z',
          durationMinutes: 480,
        }),
        fourDays: await saveConversation(uid, contactId!, { lastEmailSentAt: ago(now, 4 * day) }),
        sixDays: await saveConversation(uid, contactId!, { lastEmailSentAt: ago(now, 6 * day) }),
      };
    }
    await setSettings(inLosAngeles, { timeZone: 'America/Los_Angeles', followUpDelay: 5, followUpTime: '08:15' });

    const west = await pendingTasks(depsAt(now), inLosAngeles);
    expect(taskOf(west, 'meetings_today').items).toEqual([
      expect.objectContaining({ id: ids[inLosAngeles]!.yesterdayUtc, detail: 'Coffee chat · 15:30' }),
      expect.objectContaining({ id: ids[inLosAngeles]!.lateTonight, detail: 'Coffee chat · 23:30' }),
    ]);
    expect(taskOf(west, 'follow_ups_due').items).toEqual([
      // sent at 22:00 on the 17th in Los Angeles: due on the 22nd at 08:15 there (the 4 days old one on the 24th)
      expect.objectContaining({ id: ids[inLosAngeles]!.sixDays, at: '2026-11-22T16:15:00.000Z' }),
    ]);

    const utc = await pendingTasks(depsAt(now), inUtc);
    expect(taskOf(utc, 'meetings_today').items).toEqual([
      expect.objectContaining({ id: ids[inUtc]!.lateTonight, detail: 'Coffee chat · 07:30' }),
      expect.objectContaining({ id: ids[inUtc]!.tomorrowMorning, detail: 'Coffee chat · 16:00' }),
    ]);
    expect(taskOf(utc, 'follow_ups_due').items).toEqual([
      expect.objectContaining({ id: ids[inUtc]!.sixDays, at: '2026-11-21T09:00:00.000Z' }),
      expect.objectContaining({ id: ids[inUtc]!.fourDays, at: '2026-11-23T09:00:00.000Z' }),
    ]);
  });

  it('reads two items, not every contact: the same calls for 5 contacts or 300 of 1.5 MB', async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const callsFor = async (size: number) => {
      const uid = newUid();
      const contacts = await addContacts(
        uid,
        Array.from({ length: size }, (_, index) => ({
          name: `Contact ${index}`,
          // 5 KB each: reading every contact would take more Queries (1 MB a page) as the list grows
          notes: 'n'.repeat(5000),
          emailLookupStatus: index % 3 === 0 ? ('error' as const) : ('found_valid' as const),
        })),
      );
      for (const contactId of contacts.slice(0, 5)) {
        await saveDraft(uid, contactId, {});
        await saveDraft(uid, contactId, { isPrimary: false, status: 'sent' });
        await saveConversation(uid, contactId, { lastEmailSentAt: ago(now, 5 * day) });
      }
      // the first read builds the facts from the items (task-sources.ts)
      const first = await pendingTasks(depsAt(now), uid);
      const counting = countingDataClient();
      const again = await pendingTasks(depsAt(now, counting.data), uid);
      expect(again).toEqual(first);
      expect(taskOf(first, 'failed_lookups').count).toBe(Math.ceil(size / 3));
      return counting.calls.sort();
    };
    expect(await callsFor(5)).toEqual(['GetItemCommand', 'QueryCommand']);
    expect(await callsFor(300)).toEqual(['GetItemCommand', 'QueryCommand']);
  });

  it('keeps its facts from the stream as the items change: what a build from the items gives', async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const uid = newUid();
    const [ada, bob, cleo] = await addContacts(uid, [
      { name: 'Ada Lovelace', email: 'ada@example.com', emailQevStatus: 'valid' },
      { name: 'Bob Kahn', email: 'bob@example.com', emailQevStatus: 'valid' },
      { name: 'Cleo Pâtre', emailLookupStatus: 'pending' },
    ]);
    const waiting = await saveConversation(uid, cleo!, { lastEmailSentAt: ago(now, 5 * day) });
    // the facts are built from the items here; every change below reaches them only through the stream
    expect((await pendingTasks(depsAt(now), uid)).total).toBe(1);

    const before = new Map((await partitionSnapshot(db, uid)).map((item) => [String(item.sk), item]));
    await saveDraft(uid, ada!, { subject: 'Intro', updatedAt: ago(now, day) });
    await saveDraft(uid, bob!, { subject: 'Hello Bob', updatedAt: ago(now, day) });
    await addDoNotContactEntry(db, uid, { email: 'Bob@example.com', reason: 'manual', addedAt: ago(now, day) });
    await setAttributes(db, contactKey(uid, cleo!), { emailLookupStatus: 'error', lastUpdated: ago(now, day) });
    await setAttributes(db, conversationKey(uid, waiting), {
      replyStatus: 'REPLY_RECEIVED',
      lastReplyDate: ago(now, 2 * day),
      replySender: 'cleo@example.com',
      latestLabel: { emailId: newId('e'), classification: 'interested', classifiedBy: 'model' },
    });
    const meeting = await saveMeeting(uid, ada!, { startTime: later(now, 3_600_000) });
    const after = await partitionSnapshot(db, uid);
    const records = after
      .filter((item) => JSON.stringify(item) !== JSON.stringify(before.get(String(item.sk)) ?? null))
      .map((item) => streamRecord(before.get(String(item.sk)) ?? null, item));

    const stale = await pendingTasks(depsAt(now), uid);
    expect(stale.total).toBe(1);
    const { deps, published } = streamDeps(db, () => new Date(now));
    expect(await statsBatch(deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });
    expect(published).toContainEqual({ uid, event: { type: 'stats.changed', data: {} } });

    const kept = await pendingTasks(depsAt(now), uid);
    // Bob's address is on the do-not-contact list: only Ada's draft is ready
    expect(taskOf(kept, 'drafts_ready').items).toEqual([expect.objectContaining({ contactId: ada, detail: 'Intro' })]);
    expect(taskOf(kept, 'replies_waiting').items).toEqual([
      expect.objectContaining({ id: waiting, classification: 'interested' }),
    ]);
    expect(taskOf(kept, 'follow_ups_due').count).toBe(0);
    expect(taskOf(kept, 'failed_lookups').items).toEqual([expect.objectContaining({ contactId: cleo })]);
    expect(taskOf(kept, 'meetings_today').items).toEqual([expect.objectContaining({ id: meeting })]);
    await rebuildTaskFacts(db, uid);
    expect(await pendingTasks(depsAt(now), uid)).toEqual(kept);
  });

  it('answers 5,000 contacts and 20,000 conversations awaiting a reply in at most 3 calls', async () => {
    const now = '2026-11-24T18:00:00.000Z';
    const uid = newUid();
    await pendingTasks(depsAt(now), uid);
    // the facts as the stream brings them, from the items' images (writing 25,000 items would take minutes here)
    const changes = [
      ...Array.from({ length: 5000 }, (_, index) => ({
        newImage: {
          pk: `USER#${uid}`,
          sk: `CONTACT#c${index}`,
          entity: 'contact',
          uid,
          contactId: `c${String(index).padStart(6, '0')}`,
          name: `Person ${index}`,
          email: `person.${index}@example.com`,
          emailQevStatus: 'valid',
          lastUpdated: ago(now, 30 * day),
        },
      })),
      ...Array.from({ length: 20_000 }, (_, index) => ({
        newImage: {
          pk: `USER#${uid}`,
          sk: `CONVERSATION#v${index}`,
          entity: 'conversation',
          id: `v${String(index).padStart(6, '0')}`,
          contactId: `c${String(index % 5000).padStart(6, '0')}`,
          subject: 'Coffee next week?',
          replyStatus: 'awaiting_reply',
          lastEmailSentAt: ago(now, (4 + (index % 300)) * day + index * 1000),
          lastReplyDate: null,
          replySender: null,
        },
      })),
    ];
    await applyFactChanges(
      db,
      changes.flatMap((change) => factChangeOf(change) ?? []),
    );
    const counting = countingDataClient();
    const tasks = await pendingTasks(depsAt(now, counting.data), uid);
    expect(taskOf(tasks, 'follow_ups_due').count).toBe(20_000);
    expect(taskOf(tasks, 'follow_ups_due').items).toHaveLength(5);
    expect(counting.calls.length).toBeLessThanOrEqual(3);
    // writing the facts of 25,000 items at once takes a while on a loaded machine
  }, 180_000);
});

describe('the dashboard routes', () => {
  it('answers the pending tasks alone and with the summary in GET /api/dashboard/all', async () => {
    const claims = userClaims();
    const now = new Date().toISOString();
    const [ada, bob] = await addContacts(claims.sub, [
      { name: 'Ada Lovelace', email: 'ada@example.com', emailQevStatus: 'valid' },
      { name: 'Bob Kahn', emailLookupStatus: 'error' },
    ]);
    const ready = await saveDraft(claims.sub, ada!, { subject: 'Intro', updatedAt: ago(now, day) });
    await saveDraft(newUid(), ada!, {});

    const alone = await callRoute('GET /api/dashboard/pending-tasks', { claims });
    expect(alone.status, JSON.stringify(alone.json)).toBe(200);
    const tasks = pendingTasksSchema.parse(alone.json.data);
    expect(tasks.total).toBe(2);
    expect(taskOf(tasks, 'drafts_ready').items).toEqual([
      { contactId: ada, name: 'Ada Lovelace', id: ready, detail: 'Intro', at: ago(now, day) },
    ]);
    expect(taskOf(tasks, 'failed_lookups').items).toEqual([expect.objectContaining({ contactId: bob, id: bob })]);

    const all = await callRoute('GET /api/dashboard/all', { claims });
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(all.json.data.pendingTasks).toEqual(alone.json.data);
    expect(all.json.data.summary).toMatchObject({ draftsReady: expect.any(Number) });
  });
});
