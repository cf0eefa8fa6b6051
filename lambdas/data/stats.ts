import { GetCommand, QueryCommand } from './dynamo.js';
import type { DataClient } from './client.js';
import { deletedAccountKey } from './deleted-account.js';
import { transact } from './entity/transaction.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's counters (counters, not scans): kept up to date by the stats aggregator (lambdas/dashboard,
 * fed by the table's stream: every change of a contact, draft, conversation, conversation e-mail, meeting and
 * pipeline item), so the dashboard reads a handful of small items at any data size. Two kinds of item under the
 * user's key:
 *
 * - `USER#<sub>` / `STATS`: totals now. Numbers `verifiedEmails` (an address with a `valid` verdict),
 *   `draftsReady` (primary drafts ready to send: draft.ts `isReadyDraft`), `emailsSent`,
 *   `conversationsStarted` (conversations with a sent e-mail), `replied` (conversations the contact answered),
 *   `awaitingReply`, `autoReplies`, `bounces` (started conversations whose reply status is now `awaiting_reply`,
 *   `auto_reply`, `bounced`); `positiveReplies` (started conversations whose newest answer is labelled interested or
 *   referral, DESIGN §9 'Triage': a correction moves it); `stage|<pipeline stage>` numbers (contacts in each stage, wherever a hand put them);
 *   `reached|<funnel step>` numbers (contacts by what happened: a draft or an e-mail sent, an e-mail sent, an e-mail
 *   sent and a reply, those and a meeting booked: shared/relationship.ts `funnelStepsReached`);
 *   `meeting|<meetingId>` = the start (ISO 8601) of each scheduled meeting not yet started (one that started over a
 *   day ago is pruned whenever a meeting event touches the item). (The contact count is the
 *   quota's `contactCount`, kept in the same transaction as each contact: lambdas/data/quota.ts.)
 * - `USER#<sub>` / `STATSDAY#<YYYY-MM-DD>` (UTC day): what happened that day. `sent` (e-mails sent), `started`
 *   (conversations whose first e-mail left), `replies` (conversations first answered that day), `autoReplies`,
 *   `bounces` (started conversations that turned `auto_reply`, `bounced` that day); for the cohort of conversations
 *   started that day: `startedReplied` (how many were answered, whenever) and `replyMinutes` (a list: minutes from
 *   the first e-mail to the first reply, one per answered conversation); by the contact's dimension when the
 *   conversation started, `<dimension>|<value>|sent` and `<dimension>|<value>|replied` numbers (company; role = job
 *   title, else current role; school = the latest education's institution; seniority = shared/seniority.ts of the
 *   role; value trimmed and cut to 100 characters, never half a surrogate pair, none counted without a value; at most
 *   `statsDistinctPerDay` values of a dimension per day: a conversation whose value is not among them once they are
 *   that many counts under `statsOtherValue`, so the item stays far below DynamoDB's 400 KB whatever the contacts
 *   hold, as a write refused for its size would fail its stream record on every retry); by the first e-mail's UTC
 *   weekday (0 = Sunday) and hour, `slot|<weekday>-<hour>|sent` and `slot|<weekday>-<hour>|replied`.
 *
 * A conversation starts when its `emailCount` leaves 0; its first reply is the first time its status turns
 * `REPLY_RECEIVED` (by a reply read or by hand; a later one counts nothing), at its `lastReplyDate`. A deleted
 * conversation leaves the counts of what happened (e-mails were sent, a reply came) and leaves the status counts.
 * Counting starts with the aggregator: items written before it are not in the counts.
 *
 * Every counter changes by an atomic ADD, applied once per stream record (the aggregator claims each record's event
 * id in the same transaction), so concurrent events and a redelivered batch leave them right.
 */
export type CountedPair = { sent: number; replied: number };
export const statsDimensions = ['company', 'role', 'school', 'seniority'] as const;
export type StatsDimension = (typeof statsDimensions)[number];

export type UserStats = {
  verifiedEmails: number;
  draftsReady: number;
  emailsSent: number;
  conversationsStarted: number;
  replied: number;
  awaitingReply: number;
  autoReplies: number;
  bounces: number;
  /** started conversations whose newest answer is labelled interested or referral (a correction moves it) */
  positiveReplies: number;
  /** contacts per pipeline stage */
  stages: Record<string, number>;
  /** contacts per step of the funnel they reached by what happened (shared/relationship.ts `funnelSteps`) */
  reached: Record<string, number>;
  /** scheduled meetings by id: their start (ISO 8601) */
  meetings: Record<string, string>;
};

export type DayStats = {
  /** YYYY-MM-DD (UTC) */
  day: string;
  sent: number;
  started: number;
  replies: number;
  autoReplies: number;
  bounces: number;
  startedReplied: number;
  replyMinutes: number[];
  dimensions: Record<StatsDimension, Record<string, CountedPair>>;
  /** by `<weekday>-<hour>` (UTC) of the first e-mail */
  slots: Record<string, CountedPair>;
};

export const statsRecord = 'stats';
export const statsDayRecord = 'statsDay';
export const statsKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'STATS' });
const dayPrefix = 'STATSDAY#';
export const statsDayKey = (uid: string, day: string) => ({ pk: tenantKey(uid), sk: `${dayPrefix}${day}` });

/**
 * Distinct values of one dimension a STATSDAY item holds at most (then `statsOtherValue`): 3 unbounded dimensions x
 * 101 values x 2 counts x ~320 bytes (a 100-character value of 3-byte characters in its name) is under 200 KB.
 */
export const statsDistinctPerDay = 100;
/** the value a conversation counts under once its day holds `statsDistinctPerDay` values of that dimension */
export const statsOtherValue = 'Other';

/** the names of the encoded attributes (one place for the aggregator that writes them and the readers) */
export const statsAttribute = {
  stage: (stage: string) => `stage|${stage}`,
  reached: (step: string) => `reached|${step}`,
  meeting: (meetingId: string) => `meeting|${meetingId}`,
  dimension: (dimension: StatsDimension, value: string, count: keyof CountedPair) => `${dimension}|${value}|${count}`,
  slot: (weekday: number, hour: number, count: keyof CountedPair) => `slot|${weekday}-${hour}|${count}`,
} as const;

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** `<prefix>|<middle>|<last>` split at the first and the last bar (a value may hold a bar itself) */
const splitEncoded = (name: string) => {
  const first = name.indexOf('|');
  const last = name.lastIndexOf('|');
  if (first < 0) return null;
  return last > first
    ? { prefix: name.slice(0, first), middle: name.slice(first + 1, last), last: name.slice(last + 1) }
    : { prefix: name.slice(0, first), middle: name.slice(first + 1), last: '' };
};

const addPair = (pairs: Record<string, CountedPair>, key: string, count: string, value: unknown) => {
  if (count !== 'sent' && count !== 'replied') return;
  pairs[key] ??= { sent: 0, replied: 0 };
  pairs[key][count] += numberOf(value);
};

/** A STATS item as its totals (every counter 0 when the item is missing). */
export const toUserStats = (item: Record<string, unknown> | undefined): UserStats => {
  const stats: UserStats = {
    verifiedEmails: numberOf(item?.verifiedEmails),
    draftsReady: numberOf(item?.draftsReady),
    emailsSent: numberOf(item?.emailsSent),
    conversationsStarted: numberOf(item?.conversationsStarted),
    replied: numberOf(item?.replied),
    awaitingReply: numberOf(item?.awaitingReply),
    autoReplies: numberOf(item?.autoReplies),
    bounces: numberOf(item?.bounces),
    positiveReplies: numberOf(item?.positiveReplies),
    stages: {},
    reached: {},
    meetings: {},
  };
  for (const [name, value] of Object.entries(item ?? {})) {
    const parts = splitEncoded(name);
    if (parts?.prefix === 'stage') stats.stages[parts.middle] = numberOf(value);
    if (parts?.prefix === 'reached') stats.reached[parts.middle] = numberOf(value);
    if (parts?.prefix === 'meeting' && typeof value === 'string') stats.meetings[parts.middle] = value;
  }
  return stats;
};

/** A STATSDAY item as its counts. */
export const toDayStats = (item: Record<string, unknown>): DayStats => {
  const day: DayStats = {
    day: String(item.sk).slice(dayPrefix.length),
    sent: numberOf(item.sent),
    started: numberOf(item.started),
    replies: numberOf(item.replies),
    autoReplies: numberOf(item.autoReplies),
    bounces: numberOf(item.bounces),
    startedReplied: numberOf(item.startedReplied),
    replyMinutes: Array.isArray(item.replyMinutes) ? item.replyMinutes.filter((n) => typeof n === 'number') : [],
    dimensions: { company: {}, role: {}, school: {}, seniority: {} },
    slots: {},
  };
  for (const [name, value] of Object.entries(item)) {
    const parts = splitEncoded(name);
    if (!parts) continue;
    if (parts.prefix === 'slot') addPair(day.slots, parts.middle, parts.last, value);
    else if ((statsDimensions as readonly string[]).includes(parts.prefix))
      addPair(day.dimensions[parts.prefix as StatsDimension], parts.middle, parts.last, value);
  }
  return day;
};

/** The values of each dimension a day already counts (GetItem, consistent; none when the day has no item). */
export const readDayDimensionValues = async (
  db: DataClient,
  uid: string,
  day: string,
): Promise<Record<StatsDimension, Set<string>>> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: statsDayKey(uid, day), ConsistentRead: true }),
  );
  const { dimensions } = toDayStats(Item ?? { sk: statsDayKey(uid, day).sk });
  return {
    company: new Set(Object.keys(dimensions.company)),
    role: new Set(Object.keys(dimensions.role)),
    school: new Set(Object.keys(dimensions.school)),
    seniority: new Set(Object.keys(dimensions.seniority)),
  };
};

// the days in [fromDay, toDay] that have any counts, oldest first (one Query on the user's key, `STATSDAY#` range;
// a year of days is a few hundred small items: one page in practice, more pages followed)
export const readDayStats = async (
  db: DataClient,
  uid: string,
  fromDay: string,
  toDay: string,
): Promise<DayStats[]> => {
  const days: DayStats[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': tenantKey(uid),
          ':from': statsDayKey(uid, fromDay).sk,
          ':to': statsDayKey(uid, toDay).sk,
        },
        ExclusiveStartKey,
      }),
    );
    days.push(...(page.Items ?? []).map(toDayStats));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return days;
};

// a user's totals (GetItem, consistent); every counter 0 before the first event
export const readUserStats = async (db: DataClient, uid: string): Promise<UserStats> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: statsKey(uid), ConsistentRead: true }),
  );
  return toUserStats(Item);
};

/*
 * Writes (the stats aggregator, lambdas/dashboard/stats-stream.ts). Beside the two kinds of counters above, two
 * machinery items:
 * - `USER#<sub>` / `STATSCONV#<conversationId>`: a started conversation's cohort (its first e-mail's time and the
 *   contact's dimension values then), written when it starts and marked `repliedAt` at its first reply, so the reply
 *   counts once, on its cohort's day, under the same values as its e-mail (a contact edited since does not move it);
 * - `STREAMEVENT#<eventID>` / `STREAMEVENT`: a stream record applied (ttl 2 days; a stream keeps records 24 hours),
 *   written in the same transaction as its counts, so a redelivered record changes nothing.
 */
export const statsConversationRecord = 'statsConversation';
export const streamEventRecord = 'streamEvent';
export const statsConversationKey = (uid: string, conversationId: string) => ({
  pk: tenantKey(uid),
  sk: `STATSCONV#${conversationId}`,
});
const streamEventKey = (eventId: string) => ({ pk: `STREAMEVENT#${eventId}`, sk: 'STREAMEVENT' });
const streamEventTtlSeconds = 2 * 24 * 60 * 60;

/** A started conversation's cohort (`STATSCONV#`). */
export type StatsConversation = {
  conversationId: string;
  /** ISO 8601: when its first e-mail left */
  firstEmailAt: string;
  /** the contact's values when it started (a dimension without a value is left out) */
  dimensions: Partial<Record<StatsDimension, string>>;
  /** ISO 8601: its first reply, once there was one */
  repliedAt?: string;
};

/** What one stream record changes: ADD (a negative number subtracts), SET and REMOVE of encoded attributes. */
export type CounterChange = { add: Record<string, number>; set: Record<string, string>; remove: string[] };
export const noCounterChange = (): CounterChange => ({ add: {}, set: {}, remove: [] });

/** What one stream record changes in one user's items. */
export type StatsChange = {
  /** the STATS item */
  totals: CounterChange;
  /** STATSDAY items by day (YYYY-MM-DD): ADD, and minutes appended to `replyMinutes` */
  days: Record<string, { add: Record<string, number>; replyMinutes: number[] }>;
  /** the conversation's cohort item: written when it starts, marked at its first reply, removed with it */
  conversation?:
    | { put: StatsConversation }
    | { replied: { conversationId: string; at: string } }
    | { remove: { conversationId: string } };
};

const isEmptyCounterChange = (change: CounterChange) =>
  Object.values(change.add).every((n) => n === 0) && Object.keys(change.set).length === 0 && change.remove.length === 0;

/** A change that writes nothing (its record is then not claimed either). */
export const changesNothing = (change: StatsChange) =>
  isEmptyCounterChange(change.totals) &&
  Object.values(change.days).every(
    (day) => Object.values(day.add).every((n) => n === 0) && day.replyMinutes.length === 0,
  ) &&
  change.conversation === undefined;

/** A STATS change that only subtracts or removes: it must not create the item (a deleted account's REMOVEs). */
const onlyTakesAway = (change: CounterChange) =>
  Object.values(change.add).every((n) => n <= 0) && Object.keys(change.set).length === 0;

/**
 * An UpdateItem of flat attribute names (an encoded name holds dots and bars as the contact's values do, so it is
 * never read as a document path, unlike lambdas/data/expressions.ts's names).
 */
const counterUpdate = (
  db: DataClient,
  key: { pk: string; sk: string },
  entity: string,
  change: CounterChange & { append?: Record<string, number[]> },
  condition?: string,
) => {
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': entity };
  const name = (attribute: string) => {
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (input: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = input;
    return placeholder;
  };
  const sets = [
    '#entity = :entity',
    ...Object.entries(change.set).map(([attribute, text]) => `${name(attribute)} = ${value(text)}`),
    ...Object.entries(change.append ?? {})
      .filter(([, list]) => list.length > 0)
      .map(([attribute, list]) => {
        const placeholder = name(attribute);
        return `${placeholder} = list_append(if_not_exists(${placeholder}, ${value([])}), ${value(list)})`;
      }),
  ];
  const adds = Object.entries(change.add)
    .filter(([, n]) => n !== 0)
    .map(([attribute, n]) => `${name(attribute)} ${value(n)}`);
  const removes = change.remove.filter((attribute) => !(attribute in change.set)).map(name);
  return {
    Update: {
      TableName: db.table,
      Key: key,
      UpdateExpression: [
        `SET ${sets.join(', ')}`,
        adds.length ? `ADD ${adds.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ...(condition ? { ConditionExpression: condition.replaceAll('#pk', name('pk')) } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
};

const conversationWrite = (db: DataClient, uid: string, change: NonNullable<StatsChange['conversation']>) => {
  if ('put' in change)
    return {
      Put: {
        TableName: db.table,
        Item: {
          ...statsConversationKey(uid, change.put.conversationId),
          entity: statsConversationRecord,
          ...change.put,
        },
      },
    };
  if ('replied' in change)
    return {
      Update: {
        TableName: db.table,
        Key: statsConversationKey(uid, change.replied.conversationId),
        UpdateExpression: 'SET #repliedAt = :at',
        // counted once: a second first reply (a race) is refused and planned again
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#repliedAt)',
        ExpressionAttributeNames: { '#pk': 'pk', '#repliedAt': 'repliedAt' },
        ExpressionAttributeValues: { ':at': change.replied.at },
      },
    };
  return { Delete: { TableName: db.table, Key: statsConversationKey(uid, change.remove.conversationId) } };
};

// a started conversation's cohort (GetItem, consistent); null when it has none (it never started, or started before
// the counters existed)
export const getStatsConversation = async (
  db: DataClient,
  uid: string,
  conversationId: string,
): Promise<StatsConversation | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: statsConversationKey(uid, conversationId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { pk: _pk, sk: _sk, entity: _entity, ...conversation } = Item;
  return conversation as StatsConversation;
};

/** The record's claim: refused when it exists (the record was applied before). */
const claimWrite = (db: DataClient, uid: string, eventId: string, now: Date) => ({
  Put: {
    TableName: db.table,
    Item: {
      ...streamEventKey(eventId),
      entity: streamEventRecord,
      uid,
      ttl: Math.floor(now.getTime() / 1000) + streamEventTtlSeconds,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The account is not marked deleted (lambdas/data/deleted-account.ts). */
const accountCheck = (db: DataClient, uid: string) => ({
  ConditionCheck: {
    TableName: db.table,
    Key: deletedAccountKey(uid),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/**
 * What applying a record came to: `applied`; `duplicate` (its claim exists: applied before); `accountDeleted` (the
 * user's account is marked deleted: nothing is counted for it any more); `nothing` (nothing left to change).
 */
export type StatsOutcome = 'applied' | 'duplicate' | 'accountDeleted' | 'nothing';

/** Attempts of a record's transaction that conflicted with another one or had to be planned again. */
const maxAttempts = 25;
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 10 * 2 ** attempt)));

/**
 * Applies one stream record's change ONCE (TransactWriteItems): the record's claim (refused when it exists: a
 * redelivery), a check that the account is not marked deleted (lambdas/data/deleted-account.ts: its partition is
 * being wiped, and the wipe's REMOVE events must not write counters back), the STATS and STATSDAY updates and the
 * conversation's cohort item. A STATS change that only takes away is conditioned on the item existing: without it
 * there is nothing to take from (dropped). `plan` is asked again whenever what it read may have changed (a conflicting
 * transaction, the cohort's reply counted meanwhile).
 */
export const applyStatsChange = async (
  db: DataClient,
  uid: string,
  eventId: string,
  plan: () => Promise<StatsChange>,
  now: Date,
): Promise<StatsOutcome> => {
  let dropTotals = false;
  for (let attempt = 0; ; attempt += 1) {
    const change = await plan();
    const totals = dropTotals ? noCounterChange() : change.totals;
    const dayWrites = Object.entries(change.days)
      .filter(([, day]) => Object.values(day.add).some((n) => n !== 0) || day.replyMinutes.length > 0)
      .map(([day, { add, replyMinutes }]) =>
        counterUpdate(db, statsDayKey(uid, day), statsDayRecord, {
          add,
          set: {},
          remove: [],
          append: { replyMinutes },
        }),
      );
    const totalsWrite = isEmptyCounterChange(totals)
      ? null
      : counterUpdate(
          db,
          statsKey(uid),
          statsRecord,
          totals,
          onlyTakesAway(totals) ? 'attribute_exists(#pk)' : undefined,
        );
    const cohortWrite = change.conversation ? conversationWrite(db, uid, change.conversation) : null;
    if (!totalsWrite && dayWrites.length === 0 && !cohortWrite) return 'nothing';
    const outcome = await transact(db, {
      claim: claimWrite(db, uid, eventId, now),
      account: accountCheck(db, uid),
      totals: totalsWrite ?? undefined,
      days: dayWrites,
      cohort: cohortWrite ?? undefined,
    });
    if (outcome.done) return 'applied';
    if (outcome.refused.has('claim')) return 'duplicate';
    if (outcome.refused.has('account')) return 'accountDeleted';
    const totalsGone = outcome.refused.has('totals');
    if (totalsGone) dropTotals = true;
    if (!totalsGone && !outcome.refused.has('cohort') && !outcome.conflict)
      throw new Error(`Applying stream record ${eventId} was refused: ${outcome.summary}`);
    if (attempt >= maxAttempts) throw new Error(`Applying stream record ${eventId} kept conflicting`);
    if (!totalsGone) await backoff(attempt);
  }
};

/** The conversation whose cohort item a change writes. */
export const cohortIdOf = (conversation: NonNullable<StatsChange['conversation']>) =>
  'put' in conversation
    ? conversation.put.conversationId
    : 'replied' in conversation
      ? conversation.replied.conversationId
      : conversation.remove.conversationId;

/** One record of a group (`applyStatsGroup`): its event id and its planned change. */
export type StatsGroupEntry = { eventId: string; change: StatsChange };

/** DynamoDB's limits on one TransactWriteItems: its writes, an update expression's length (4 KB, kept a margin). */
export const statsGroupLimits = { writes: 100, expressionLength: 4000 } as const;

/**
 * A group's change can be merged into one transaction only when its records' STATS changes are ADDs alone (SET and
 * REMOVE of meetings go record by record: their later one wins, and their plans read STATS).
 */
export const isMergeable = (change: StatsChange) =>
  Object.keys(change.totals.set).length === 0 && change.totals.remove.length === 0;

/**
 * The one transaction of a group of one user's records (all `isMergeable`, at most one cohort write per conversation):
 * every record's claim, the account check, one STATS update with the sum of their ADDs, one update per day (sums,
 * minutes appended in order) and the cohort writes. When a record's STATS change only takes away, the STATS update
 * (even of a zero sum) holds on the item existing: as record by record, where that record's part would be dropped
 * without it (then the transaction is refused and the group goes record by record). Null when a cohort is written
 * twice.
 */
export const statsGroupWrites = (db: DataClient, uid: string, entries: StatsGroupEntry[], now: Date) => {
  const totals: Record<string, number> = {};
  const days: Record<string, { add: Record<string, number>; replyMinutes: number[] }> = {};
  const cohorts = new Map<string, ReturnType<typeof conversationWrite>>();
  let takesAway = false;
  for (const { change } of entries) {
    if (!isMergeable(change)) return null;
    if (!isEmptyCounterChange(change.totals) && onlyTakesAway(change.totals)) takesAway = true;
    for (const [attribute, n] of Object.entries(change.totals.add)) totals[attribute] = (totals[attribute] ?? 0) + n;
    for (const [day, { add, replyMinutes }] of Object.entries(change.days)) {
      days[day] ??= { add: {}, replyMinutes: [] };
      for (const [attribute, n] of Object.entries(add)) days[day].add[attribute] = (days[day].add[attribute] ?? 0) + n;
      days[day].replyMinutes.push(...replyMinutes);
    }
    if (change.conversation) {
      const conversationId = cohortIdOf(change.conversation);
      if (cohorts.has(conversationId)) return null;
      cohorts.set(conversationId, conversationWrite(db, uid, change.conversation));
    }
  }
  const totalsChange = { add: totals, set: {}, remove: [] };
  const totalsWrite =
    takesAway || !isEmptyCounterChange(totalsChange)
      ? counterUpdate(db, statsKey(uid), statsRecord, totalsChange, takesAway ? 'attribute_exists(#pk)' : undefined)
      : null;
  const dayWrites = Object.entries(days)
    .filter(([, day]) => Object.values(day.add).some((n) => n !== 0) || day.replyMinutes.length > 0)
    .map(([day, { add, replyMinutes }]) =>
      counterUpdate(db, statsDayKey(uid, day), statsDayRecord, { add, set: {}, remove: [], append: { replyMinutes } }),
    );
  return {
    claims: entries.map(({ eventId }) => claimWrite(db, uid, eventId, now)),
    account: accountCheck(db, uid),
    totals: totalsWrite ?? undefined,
    days: dayWrites,
    cohorts: [...cohorts.values()],
  };
};

/** The group's writes fit one transaction (`statsGroupLimits`). */
export const fitsOneTransaction = (writes: ReturnType<typeof statsGroupWrites>) => {
  if (writes === null) return false;
  const all = [
    ...writes.claims,
    writes.account,
    ...(writes.totals ? [writes.totals] : []),
    ...writes.days,
    ...writes.cohorts,
  ];
  return (
    all.length <= statsGroupLimits.writes &&
    all.every(
      (write) =>
        !('Update' in write) || (write.Update?.UpdateExpression.length ?? 0) <= statsGroupLimits.expressionLength,
    )
  );
};

/**
 * What applying a group came to: `applied` (every record counted, once); `accountDeleted` (nothing is counted for the
 * user any more); `refused` (nothing written: a record's claim exists, a condition or a conflicting transaction
 * refused it; the caller applies its records one by one, `applyStatsChange`, which handles each case).
 */
export type StatsGroupOutcome = 'applied' | 'accountDeleted' | 'refused';

/**
 * Applies a group of one user's records in ONE TransactWriteItems (`statsGroupWrites`: the caller checked
 * `fitsOneTransaction`), all or none of them. A refusal that is no cancelled transaction (an outage, a throttle)
 * throws: nothing or all of it was written, and each record's claim tells which when they come again.
 */
export const applyStatsGroup = async (
  db: DataClient,
  uid: string,
  entries: StatsGroupEntry[],
  now: Date,
): Promise<StatsGroupOutcome> => {
  const writes = statsGroupWrites(db, uid, entries, now);
  if (!writes || !fitsOneTransaction(writes)) return 'refused';
  const outcome = await transact(db, writes);
  if (outcome.done) return 'applied';
  return outcome.refused.has('account') ? 'accountDeleted' : 'refused';
};
