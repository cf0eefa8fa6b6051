import { PutCommand } from '../data/dynamo.js';
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { dashboardSummarySchema } from '../../shared/schemas/dashboard.js';
import { currentQuota } from '../contacts/index.js';
import { recordIncomingEmail, recordSentEmail } from '../conversations/index.js';
import { createDataClient } from '../data/client.js';
import { contactKey, putContacts, type ContactItem } from '../data/contact.js';
import { changeConversation, conversationEmailKey, conversationKey, sentEmailKey } from '../data/conversation.js';
import { markAccountDeleted } from '../data/deleted-account.js';
import { draftKey, getContactDrafts, writeContactDrafts, type DraftItem } from '../data/draft.js';
import { createMeetingItem, meetingKey, replaceMeetingItem, type MeetingItem } from '../data/meeting.js';
import { pipelineKey } from '../data/pipeline.js';
import { quotaKey } from '../data/quota.js';
import {
  readDayStats,
  readUserStats,
  statsAttribute,
  statsDayKey,
  statsDistinctPerDay,
  statsKey,
  statsOtherValue,
} from '../data/stats.js';
import { deleteItems, userItems } from '../data/user-partition.js';
import { countingDataClient } from '../test/counting-client.js';
import { readItem, setAttributes } from '../test/raw-items.js';
import { applyDelta } from './stats-apply.js';
import { streamChangeOf } from '../core/stream.js';
import { statsBatch } from './stats-batch.js';
import { statsDeltaOf } from './stats-delta.js';
import { dashboardSummary } from './summary.js';
import { streamDeps, streamEvent, streamRecord } from '../test/stream-records.js';

const db = createDataClient(process.env.TABLE_NAME!);
const run = (records: Parameters<typeof streamEvent>[0], now?: () => Date) =>
  statsBatch(streamDeps(db, now).deps)(streamEvent(records));

type Key = { pk: string; sk: string };
/** the stream record of what `action` does to the item at `key`, from the item as stored before and after */
const recordOf = async (key: Key, action: () => Promise<unknown>) => {
  const before = await readItem(db, key);
  await action();
  return streamRecord(before, await readItem(db, key));
};

const contactOf = (uid: string, fields: Partial<ContactItem> = {}): ContactItem => ({
  uid,
  contactId: ulid(),
  name: 'Grace Hopper',
  email: 'grace@example.com',
  emailQevStatus: 'valid',
  company: 'Navy Labs',
  jobTitle: 'Senior Engineer',
  education: [{ institution: 'Yale', endYear: 1934 }],
  importedAt: '2030-03-01T00:00:00.000Z',
  lastUpdated: '2030-03-01T00:00:00.000Z',
  ...fields,
});
const addContact = (contact: ContactItem) =>
  recordOf(contactKey(contact.uid, contact.contactId), () => putContacts(db, [contact]));

/** a first e-mail to the contact (recordSentEmail, as the send worker records it): the conversation's, its e-mail's and the pipeline's records */
const sendFirstEmail = async (contact: ContactItem, sentAt: Date) => {
  const draftId = ulid();
  const conversation = conversationKey(contact.uid, draftId);
  const email = conversationEmailKey(contact.uid, draftId, sentEmailKey(draftId));
  const stage = pipelineKey(contact.uid, contact.contactId);
  const before = await Promise.all([readItem(db, conversation), readItem(db, email), readItem(db, stage)]);
  await recordSentEmail(db, contact.uid, {
    conversationId: null,
    contactId: contact.contactId,
    draftId,
    draftType: 'initial_outreach',
    mailboxId: 'mailbox-1',
    provider: 'gmail',
    from: 'ada@example.com',
    fromName: 'Ada',
    to: contact.email ?? '',
    subject: 'Coffee?',
    body: 'Hi, coffee next week?',
    sentAt,
    messageId: `<${draftId}@example.com>`,
    providerMessageId: `sent-${draftId}`,
    threadId: `thread-${draftId}`,
  });
  const after = await Promise.all([readItem(db, conversation), readItem(db, email), readItem(db, stage)]);
  return { conversationId: draftId, records: before.map((item, index) => streamRecord(item, after[index] ?? null)) };
};

/** an e-mail into the conversation (recordIncomingEmail, as the reply readers record it): the conversation's record */
const reply = (uid: string, conversationId: string, at: Date, kind: 'reply' | 'auto_reply' | 'bounce' = 'reply') =>
  recordOf(conversationKey(uid, conversationId), () =>
    recordIncomingEmail(db, uid, conversationId, {
      kind,
      providerMessageId: ulid(),
      messageId: null,
      from: 'grace@example.com',
      fromName: 'Grace',
      to: 'ada@example.com',
      subject: 'Re: Coffee?',
      body: 'Gladly',
      at,
    }),
  );

const saveDraft = async (contact: ContactItem, fields: Partial<DraftItem>) => {
  const id = fields.id ?? ulid();
  const read = await getContactDrafts(db, contact.uid, contact.contactId);
  const draft: DraftItem = {
    id,
    userId: contact.uid,
    contactId: contact.contactId,
    conversationId: null,
    draftType: 'initial_outreach',
    status: 'draft',
    isPrimary: true,
    createdFromTemplate: false,
    createdAt: '2030-03-02T00:00:00.000Z',
    updatedAt: '2030-03-02T00:00:00.000Z',
    subject: 'Coffee?',
    body: 'Hi, coffee next week?',
    ...fields,
  };
  return recordOf(draftKey(contact.uid, id), async () =>
    expect(
      await writeContactDrafts(
        db,
        contact.uid,
        read,
        { put: [draft], remove: [], list: { draftIds: [...new Set([...read.draftIds, id])], primaryDraftId: id } },
        { requireContact: true },
      ),
    ).toBe('written'),
  );
};

const day = (iso: string) => iso.slice(0, 10);
const dayStats = async (uid: string, on: string) => (await readDayStats(db, uid, on, on))[0];

describe('the stats aggregator on real items', () => {
  it('counts a contact, its ready draft, the conversation its first e-mail starts and the first reply, once each', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    const sentAt = new Date('2030-03-04T09:30:00.000Z'); // a Monday
    const records = [await addContact(contact), await saveDraft(contact, {})];
    const sent = await sendFirstEmail(contact, sentAt);
    records.push(...sent.records);
    // the reply moves the contact to `replied` in the pipeline too
    records.push(
      await recordOf(pipelineKey(uid, contact.contactId), async () =>
        records.push(await reply(uid, sent.conversationId, new Date('2030-03-05T10:00:00.000Z'))),
      ),
    );
    // a second reply in the conversation is no second first reply
    records.push(await reply(uid, sent.conversationId, new Date('2030-03-06T10:00:00.000Z')));
    const { deps, published } = streamDeps(db);
    expect(await statsBatch(deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });

    const stats = await readUserStats(db, uid);
    expect(stats).toMatchObject({
      verifiedEmails: 1,
      draftsReady: 1,
      emailsSent: 1,
      conversationsStarted: 1,
      replied: 1,
      awaitingReply: 0,
      stages: { replied: 1 },
    });
    const cohort = await dayStats(uid, '2030-03-04');
    expect(cohort).toMatchObject({
      sent: 1,
      started: 1,
      startedReplied: 1,
      replyMinutes: [24 * 60 + 30],
      slots: { '1-9': { sent: 1, replied: 1 } },
      dimensions: {
        company: { 'Navy Labs': { sent: 1, replied: 1 } },
        role: { 'Senior Engineer': { sent: 1, replied: 1 } },
        school: { Yale: { sent: 1, replied: 1 } },
        seniority: { Senior: { sent: 1, replied: 1 } },
      },
    });
    expect((await dayStats(uid, '2030-03-05'))?.replies).toBe(1);
    expect(await dayStats(uid, '2030-03-06')).toBeUndefined();
    // one live event for the batch's user
    expect(published).toEqual([{ uid, event: { type: 'stats.changed', data: {} } }]);
  });

  it('counts a first reply once even when the conversation is set back to awaiting and answered again', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    await run([await addContact(contact)]);
    const sent = await sendFirstEmail(contact, new Date('2030-03-04T09:30:00.000Z'));
    await run(sent.records);
    await run([await reply(uid, sent.conversationId, new Date('2030-03-05T10:00:00.000Z'))]);
    await run([
      await recordOf(conversationKey(uid, sent.conversationId), () =>
        changeConversation(
          db,
          uid,
          sent.conversationId,
          { replyStatus: 'awaiting_reply', lastReplyDate: null },
          '2030-03-06T00:00:00.000Z',
        ),
      ),
    ]);
    expect((await readUserStats(db, uid)).awaitingReply).toBe(1);
    await run([await reply(uid, sent.conversationId, new Date('2030-03-07T10:00:00.000Z'))]);
    const stats = await readUserStats(db, uid);
    expect(stats).toMatchObject({ replied: 1, awaitingReply: 0 });
    expect((await dayStats(uid, '2030-03-04'))?.startedReplied).toBe(1);
    expect(await dayStats(uid, '2030-03-07')).toBeUndefined();
  });

  it('moves auto-replies and bounces between the status counts', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    const sent = await sendFirstEmail(contact, new Date('2030-03-04T09:30:00.000Z'));
    await run(sent.records);
    await run([await reply(uid, sent.conversationId, new Date('2030-03-05T10:00:00.000Z'), 'auto_reply')]);
    expect(await readUserStats(db, uid)).toMatchObject({ awaitingReply: 0, autoReplies: 1, bounces: 0 });
    await run([await reply(uid, sent.conversationId, new Date('2030-03-05T11:00:00.000Z'), 'bounce')]);
    expect(await readUserStats(db, uid)).toMatchObject({ awaitingReply: 0, autoReplies: 0, bounces: 1, replied: 0 });
  });
});

describe('exactly once', () => {
  it('counts a redelivered batch once', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    const records = [
      await addContact(contact),
      ...(await sendFirstEmail(contact, new Date('2030-03-04T09:30:00Z'))).records,
    ];
    await run(records);
    const { deps, published } = streamDeps(db);
    expect(await statsBatch(deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });
    expect(await readUserStats(db, uid)).toMatchObject({ verifiedEmails: 1, emailsSent: 1, conversationsStarted: 1 });
    expect((await dayStats(uid, '2030-03-04'))?.sent).toBe(1);
    // nothing changed, nobody told
    expect(published).toEqual([]);
  });

  it('keeps the counts right under concurrent batches of one user, each delivered twice at once', async () => {
    const uid = randomUUID();
    const contacts = Array.from({ length: 12 }, (_, index) => contactOf(uid, { company: `Company ${index % 3}` }));
    const batches = await Promise.all(
      contacts.map(async (contact, index) => [
        await addContact(contact),
        ...(await sendFirstEmail(contact, new Date(Date.UTC(2030, 2, 4, 8 + (index % 2), 0)))).records,
      ]),
    );
    const answers = await Promise.all([...batches, ...batches].map((records) => run(records)));
    expect(answers.every((answer) => answer.batchItemFailures.length === 0)).toBe(true);
    expect(await readUserStats(db, uid)).toMatchObject({
      verifiedEmails: 12,
      emailsSent: 12,
      conversationsStarted: 12,
      awaitingReply: 12,
      stages: { contacted: 12 },
    });
    const cohort = await dayStats(uid, '2030-03-04');
    expect(cohort).toMatchObject({
      sent: 12,
      started: 12,
      slots: { '1-8': { sent: 6, replied: 0 }, '1-9': { sent: 6, replied: 0 } },
    });
    expect(cohort?.dimensions.company).toEqual({
      'Company 0': { sent: 4, replied: 0 },
      'Company 1': { sent: 4, replied: 0 },
      'Company 2': { sent: 4, replied: 0 },
    });
  });

  it('reports a failed record and every later one, and their redelivery counts each once', async () => {
    const uid = randomUUID();
    const contacts = Array.from({ length: 4 }, () => contactOf(uid));
    const records = await Promise.all(contacts.map(addContact));
    // DynamoDB refuses the third record's transaction (a throttle, an outage)
    const failing = records[2]?.eventID;
    const flaky = createDataClient(db.table, {});
    flaky.documents.use(({ commandName, input }, next) => {
      if (commandName === 'TransactWriteItemsCommand' && JSON.stringify(input).includes(`STREAMEVENT#${failing}`))
        throw Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' });
      return next();
    });
    const answer = await statsBatch(streamDeps(flaky).deps)(streamEvent(records));
    expect(answer.batchItemFailures).toEqual(
      records.slice(2).map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber })),
    );
    // the stream delivers the failed record and the ones after it again
    expect(await run(records.slice(2))).toEqual({ batchItemFailures: [] });
    expect((await readUserStats(db, uid)).verifiedEmails).toBe(4);
  });
});

/** the records of `count` contacts added and sent a first e-mail, then the first `replies` of them answered */
const contactsSentAndAnswered = async (uid: string, count: number, replies: number) => {
  const contacts = Array.from({ length: count }, (_, index) =>
    contactOf(uid, { company: `Company ${index % 4}`, jobTitle: index % 2 ? 'Intern' : 'Senior Engineer' }),
  );
  const added = await Promise.all(contacts.map(addContact));
  const sent = await Promise.all(
    contacts.map((contact, index) => sendFirstEmail(contact, new Date(Date.UTC(2030, 2, 4, 8 + (index % 3), index)))),
  );
  const answered = await Promise.all(
    sent
      .slice(0, replies)
      .map(({ conversationId }, index) => reply(uid, conversationId, new Date(Date.UTC(2030, 2, 5, 9, index * 7)))),
  );
  return [...added, ...sent.flatMap(({ records }) => records), ...answered];
};

/** each record applied alone, as the aggregator did before it wrote a user's records together */
const applyOneByOne = async (records: Parameters<typeof streamEvent>[0]) => {
  for (const record of records) {
    const delta = statsDeltaOf(streamChangeOf(record));
    if (delta) await applyDelta(db, record.eventID ?? '', delta, new Date());
  }
};

/** The counters' transactions among a client's calls (the pending tasks' facts, written in the same batch, left out). */
const transactionsOf = ({ calls, inputs }: ReturnType<typeof countingDataClient>) =>
  calls.filter(
    (call, index) => call === 'TransactWriteItemsCommand' && !JSON.stringify(inputs[index]).includes('"TASKSRC#'),
  ).length;

describe("a user's records written together", () => {
  it('writes a batch of one user in a few transactions, with the counts of each record applied alone', async () => {
    const [grouped, alone] = [randomUUID(), randomUUID()];
    const records = await contactsSentAndAnswered(grouped, 10, 5);
    expect(records).toHaveLength(45);
    const counting = countingDataClient();
    const { deps, published } = streamDeps(counting.data);
    expect(await statsBatch(deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });
    // the 40 records of the contacts and first e-mails in one; the replies read their cohorts written: a second
    expect(transactionsOf(counting)).toBe(2);
    expect(published).toEqual([{ uid: grouped, event: { type: 'stats.changed', data: {} } }]);

    await applyOneByOne(await contactsSentAndAnswered(alone, 10, 5));
    const stats = await readUserStats(db, grouped);
    expect(stats).toEqual(await readUserStats(db, alone));
    expect(stats).toMatchObject({ verifiedEmails: 10, emailsSent: 10, conversationsStarted: 10, replied: 5 });
    const days = await readDayStats(db, grouped, '2030-03-04', '2030-03-05');
    expect(days).toEqual(await readDayStats(db, alone, '2030-03-04', '2030-03-05'));
    expect(days[0]).toMatchObject({ sent: 10, started: 10, startedReplied: 5 });
    expect(days[0]?.replyMinutes).toHaveLength(5);
  });

  it('splits a group at the 100 writes of a transaction', async () => {
    const uid = randomUUID();
    // 120 records of 30 contacts: 120 claims and 30 cohorts cannot go in one transaction
    const records = await contactsSentAndAnswered(uid, 30, 0);
    const counting = countingDataClient();
    expect(await statsBatch(streamDeps(counting.data).deps)(streamEvent(records))).toEqual({ batchItemFailures: [] });
    expect(transactionsOf(counting)).toBe(2);
    expect(await readUserStats(db, uid)).toMatchObject({
      verifiedEmails: 30,
      emailsSent: 30,
      conversationsStarted: 30,
      awaitingReply: 30,
      stages: { contacted: 30 },
    });
    expect(await dayStats(uid, '2030-03-04')).toMatchObject({ sent: 30, started: 30 });
  });

  it('counts a batch redelivered after part of it was applied once, and two users side by side', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const [ofFirst, ofSecond] = await Promise.all([
      contactsSentAndAnswered(first, 6, 2),
      contactsSentAndAnswered(second, 4, 1),
    ]);
    // the users' records interleaved, as a stream shard delivers them
    const records = Array.from({ length: ofFirst.length }, (_, index) => [ofFirst[index], ofSecond[index]])
      .flat()
      .filter((record) => record !== undefined);
    // a first delivery applied some of them (another batch's records, or a crash half-way)
    await run(records.filter((_, index) => index % 3 === 0));
    expect(await run(records)).toEqual({ batchItemFailures: [] });
    expect(await run(records)).toEqual({ batchItemFailures: [] });
    expect(await readUserStats(db, first)).toMatchObject({
      verifiedEmails: 6,
      emailsSent: 6,
      conversationsStarted: 6,
      replied: 2,
      awaitingReply: 4,
    });
    expect(await readUserStats(db, second)).toMatchObject({
      verifiedEmails: 4,
      emailsSent: 4,
      conversationsStarted: 4,
      replied: 1,
      awaitingReply: 3,
    });
    expect(await dayStats(first, '2030-03-04')).toMatchObject({ sent: 6, started: 6, startedReplied: 2 });
    expect(await dayStats(second, '2030-03-04')).toMatchObject({ sent: 4, started: 4, startedReplied: 1 });

    // a fresh batch of both: one transaction each
    const [more, evenMore] = await Promise.all([
      contactsSentAndAnswered(first, 3, 0),
      contactsSentAndAnswered(second, 3, 0),
    ]);
    const counting = countingDataClient();
    const both = more.flatMap((record, index) => [record, evenMore[index]]).filter((record) => record !== undefined);
    expect(await statsBatch(streamDeps(counting.data).deps)(streamEvent(both))).toEqual({ batchItemFailures: [] });
    expect(transactionsOf(counting)).toBe(2);
    expect((await readUserStats(db, first)).conversationsStarted).toBe(9);
    expect((await readUserStats(db, second)).conversationsStarted).toBe(7);
  });

  it("counts the day's last free value of a dimension once in a group: the next new one is 'Other'", async () => {
    const uid = randomUUID();
    const on = '2030-03-04';
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...statsDayKey(uid, on),
          entity: 'statsDay',
          ...Object.fromEntries(
            Array.from({ length: statsDistinctPerDay - 1 }, (_, index) => [
              statsAttribute.dimension('company', `Company ${index}`, 'sent'),
              1,
            ]),
          ),
        },
      }),
    );
    const newcomers = [contactOf(uid, { company: 'New one' }), contactOf(uid, { company: 'Newer one' })];
    await putContacts(db, newcomers);
    const sent = await Promise.all(newcomers.map((contact) => sendFirstEmail(contact, new Date(`${on}T09:30:00Z`))));
    const counting = countingDataClient();
    const answer = await statsBatch(streamDeps(counting.data).deps)(
      streamEvent(sent.flatMap(({ records }) => records)),
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(transactionsOf(counting)).toBe(1);
    const company = (await dayStats(uid, on))?.dimensions.company ?? {};
    expect(company['New one']).toEqual({ sent: 1, replied: 0 });
    expect(company['Newer one']).toBeUndefined();
    expect(company[statsOtherValue]).toEqual({ sent: 1, replied: 0 });
    expect(Object.keys(company)).toHaveLength(statsDistinctPerDay + 1);
  });
});

describe('a day of many distinct values', () => {
  it("counts a new value under 'Other' once the day holds the most of its dimension, so the item stays bounded", async () => {
    const uid = randomUUID();
    const on = '2030-03-04';
    // the day counts the most companies, schools and roles already, each a 100-character value of 3-byte characters
    const many = (dimension: 'company' | 'school' | 'role') =>
      Object.fromEntries(
        Array.from({ length: statsDistinctPerDay }, (_, index) => [
          statsAttribute.dimension(dimension, `${String(index).padStart(3, '0')}${'€'.repeat(97)}`, 'sent'),
          1,
        ]),
      );
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...statsDayKey(uid, on), entity: 'statsDay', ...many('company'), ...many('school'), ...many('role') },
      }),
    );
    const known = `007${'€'.repeat(97)}`;
    const newcomer = contactOf(uid, { company: 'A | new company', jobTitle: known, education: [] });
    const regular = contactOf(uid, { company: known, jobTitle: 'Intern', education: [{ institution: 'Yale' }] });
    await putContacts(db, [newcomer, regular]);
    const first = await sendFirstEmail(newcomer, new Date(`${on}T09:30:00.000Z`));
    const second = await sendFirstEmail(regular, new Date(`${on}T10:30:00.000Z`));
    const answered = await reply(uid, first.conversationId, new Date('2030-03-05T10:00:00.000Z'));
    expect(await run([...first.records, ...second.records, answered])).toEqual({ batchItemFailures: [] });

    const { dimensions } = (await dayStats(uid, on)) ?? { dimensions: null };
    expect(dimensions?.company[statsOtherValue]).toEqual({ sent: 1, replied: 1 });
    expect(dimensions?.company['A | new company']).toBeUndefined();
    expect(dimensions?.company[known]).toEqual({ sent: 2, replied: 0 });
    expect(dimensions?.school.Yale).toBeUndefined();
    expect(dimensions?.school[statsOtherValue]).toEqual({ sent: 1, replied: 0 });
    expect(dimensions?.role[known]).toEqual({ sent: 2, replied: 1 });
    expect(dimensions?.role[statsOtherValue]).toEqual({ sent: 1, replied: 0 });
    // seniority has a few values only: counted as it is
    expect(dimensions?.seniority.Intern).toEqual({ sent: 1, replied: 0 });
    expect(Object.keys(dimensions?.company ?? {})).toHaveLength(statsDistinctPerDay + 1);
  });
});

describe('a deleted account', () => {
  it('gets no counters back from the REMOVE events of its wiped partition', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    const sent = await sendFirstEmail(contact, new Date('2030-03-04T09:30:00Z'));
    await run([await addContact(contact), ...sent.records]);
    expect(await readItem(db, statsKey(uid))).not.toBeNull();
    // the account's deletion: marked, then every item of the partition removed (lambdas/account)
    await markAccountDeleted(db, uid, new Date().toISOString());
    const items = await userItems(db, uid);
    await deleteItems(
      db,
      items.map(({ pk, sk }) => ({ pk, sk })),
    );
    const removals = items.map((item) => streamRecord(item, null));
    expect(await run(removals)).toEqual({ batchItemFailures: [] });
    expect(await readItem(db, statsKey(uid))).toBeNull();
    expect(await userItems(db, uid)).toEqual([]);
  });

  it('gets neither counters nor task facts from a change that reaches the stream after the wipe', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    // the contact was added a moment before the deletion; its INSERT is delivered once the partition is wiped
    const added = await addContact(contact);
    await markAccountDeleted(db, uid, new Date().toISOString());
    await deleteItems(
      db,
      (await userItems(db, uid)).map(({ pk, sk }) => ({ pk, sk })),
    );
    const counting = countingDataClient();
    expect(await statsBatch(streamDeps(counting.data).deps)(streamEvent([added]))).toEqual({ batchItemFailures: [] });
    expect(await userItems(db, uid)).toEqual([]);
    // one read of the batch's users' marks, and nothing else
    expect(counting.calls).toEqual(['BatchGetItemCommand']);
  });

  it('never creates counters from a decrement alone, for a user without them', async () => {
    const uid = randomUUID();
    const contact = contactOf(uid);
    const added = await addContact(contact);
    // the contact's INSERT was never counted (written before the counters existed): its removal has nothing to take from
    const removed = await recordOf(contactKey(uid, contact.contactId), () =>
      deleteItems(db, [contactKey(uid, contact.contactId)]),
    );
    expect(added.eventName).toBe('INSERT');
    expect(await run([removed])).toEqual({ batchItemFailures: [] });
    expect(await readItem(db, statsKey(uid))).toBeNull();
  });
});

const meetingOf = (uid: string, startTime: string): MeetingItem => ({
  id: ulid(),
  userId: uid,
  version: 1,
  contactId: 'c1',
  contactName: 'Grace',
  contactEmail: 'grace@example.com',
  contactCompany: null,
  title: 'Coffee',
  startTime,
  durationMinutes: 30,
  timeZone: 'UTC',
  notes: '',
  status: 'scheduled',
  sequence: 0,
  invitation: { status: 'sent', method: 'REQUEST', sequence: 0 },
  createdAt: '2030-03-01T00:00:00.000Z',
  updatedAt: '2030-03-01T00:00:00.000Z',
});

describe('meetings and the summary', () => {
  it('keeps scheduled meetings, drops cancelled and long past ones, and the summary counts the upcoming', async () => {
    const uid = randomUUID();
    const now = new Date('2030-03-10T12:00:00.000Z');
    const past = meetingOf(uid, '2030-03-08T09:00:00.000Z');
    const soon = meetingOf(uid, '2030-03-11T09:00:00.000Z');
    const cancelled = meetingOf(uid, '2030-03-12T09:00:00.000Z');
    const create = (meeting: MeetingItem) =>
      recordOf(meetingKey(uid, meeting.id), () => createMeetingItem(db, meeting));
    await run([await create(past), await create(cancelled)], () => new Date('2030-03-07T00:00:00Z'));
    expect(Object.keys((await readUserStats(db, uid)).meetings)).toHaveLength(2);
    const cancelling = await recordOf(meetingKey(uid, cancelled.id), async () =>
      expect(await replaceMeetingItem(db, { ...cancelled, status: 'cancelled', version: 2 })).toBe(true),
    );
    await run([await create(soon), cancelling], () => now);
    // the cancelled one is gone, the one that started two days ago pruned
    expect((await readUserStats(db, uid)).meetings).toEqual({ [soon.id]: soon.startTime });
    const summary = await dashboardSummary(streamDeps(db, () => now).deps, uid);
    expect(summary.upcomingMeetings).toBe(1);
  });

  it('answers the counters in 2 DynamoDB calls with 5,000 contacts worth of them', async () => {
    const uid = randomUUID();
    const now = new Date('2030-03-10T12:00:00.000Z');
    await currentQuota(db, uid, now);
    await setAttributes(db, quotaKey(uid), { contactCount: 5000 });
    await setAttributes(db, statsKey(uid), {
      entity: 'stats',
      verifiedEmails: 4200,
      draftsReady: 35,
      emailsSent: 20000,
      conversationsStarted: 5000,
      replied: 1250,
      positiveReplies: 480,
      bounces: 200,
      awaitingReply: 3000,
      [statsAttribute.stage('contacted')]: 3700,
      [statsAttribute.stage('replied')]: 1300,
      ...Object.fromEntries(
        Array.from({ length: 40 }, (_, index) => [
          statsAttribute.meeting(`m${index}`),
          new Date(now.getTime() + (index - 10) * 3_600_000).toISOString(),
        ]),
      ),
    });
    // a busy week: each day 100 first e-mails to 100 companies, roles and schools
    for (let offset = 0; offset < 9; offset += 1) {
      const on = day(new Date(now.getTime() - offset * 86_400_000).toISOString());
      const counts = Object.fromEntries(
        Array.from({ length: 100 }, (_, index) => [
          [statsAttribute.dimension('company', `Company ${index}`, 'sent'), 1],
          [statsAttribute.dimension('role', `Role ${index}`, 'sent'), 1],
          [statsAttribute.dimension('school', `School ${index}`, 'sent'), 1],
        ]).flat(),
      );
      await setAttributes(db, statsDayKey(uid, on), { entity: 'statsDay', sent: 300, started: 100 });
      const entries = Object.entries(counts);
      for (let index = 0; index < entries.length; index += 50)
        await setAttributes(db, statsDayKey(uid, on), Object.fromEntries(entries.slice(index, index + 50)));
    }
    const counting = countingDataClient();
    const summary = await dashboardSummary(streamDeps(counting.data, () => now).deps, uid);
    expect(counting.calls.sort()).toEqual(['BatchGetItemCommand', 'QueryCommand']);
    expect(dashboardSummarySchema.parse(summary)).toEqual({
      contacts: 5000,
      verifiedEmails: 4200,
      draftsReady: 35,
      // the last 7 UTC days: today and the 6 before
      sentThisWeek: 7 * 300,
      replies: 1250,
      // of the 4,800 delivered: the 200 bounced are left out
      replyRate: 1250 / 4800,
      positiveReplies: 480,
      positiveReplyRate: 0.1,
      upcomingMeetings: 30,
      slots: expect.objectContaining({ plan: 'free', slotsUsed: 0 }),
      generatedAt: now.toISOString(),
    });
  });

  it('answers zeros for a user with no counters yet', async () => {
    const uid = randomUUID();
    const summary = await dashboardSummary(streamDeps(db).deps, uid);
    expect(dashboardSummarySchema.parse(summary)).toMatchObject({
      contacts: 0,
      verifiedEmails: 0,
      draftsReady: 0,
      sentThisWeek: 0,
      replies: 0,
      replyRate: 0,
      positiveReplies: 0,
      positiveReplyRate: 0,
      upcomingMeetings: 0,
    });
  });
});
