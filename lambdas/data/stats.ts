import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DataClient } from './client.js';

/**
 * A user's counters (issue 16 'Counters, not scans'): kept up to date by the stats aggregator (lambdas/dashboard,
 * fed by the table's stream: every change of a contact, draft, conversation, conversation e-mail, meeting and
 * pipeline item), so the dashboard reads a handful of small items at any data size. Two kinds of item under the
 * user's key:
 *
 * - `USER#<sub>` / `STATS`: totals now. Numbers `verifiedEmails`, `draftsReady`, `emailsSent`,
 *   `conversationsStarted` (conversations with a sent e-mail), `replied` (conversations the contact answered),
 *   `awaitingReply`, `autoReplies`, `bounces`; `stage|<pipeline stage>` numbers (contacts in each stage);
 *   `meeting|<meetingId>` = the start (ISO 8601) of each scheduled meeting not yet started. (The contact count is the
 *   quota's `contactCount`, kept in the same transaction as each contact: lambdas/data/quota.ts.)
 * - `USER#<sub>` / `STATSDAY#<YYYY-MM-DD>` (UTC day): what happened that day. `sent` (e-mails sent), `started`
 *   (conversations whose first e-mail left), `replies` (conversations first answered that day), `autoReplies`,
 *   `bounces`; for the cohort of conversations started that day: `startedReplied` (how many were answered, whenever)
 *   and `replyMinutes` (a list: minutes from the first e-mail to the first reply, one per answered conversation);
 *   by the contact's dimension at the time, `<dimension>|<value>|sent` and `<dimension>|<value>|replied` numbers
 *   (dimension company, role, school, seniority; value as the contact has it, trimmed); by the first e-mail's UTC
 *   weekday (0 = Sunday) and hour, `slot|<weekday>-<hour>|sent` and `slot|<weekday>-<hour>|replied`.
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
  /** contacts per pipeline stage */
  stages: Record<string, number>;
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
const userKey = (uid: string) => `USER#${uid}`;
export const statsKey = (uid: string) => ({ pk: userKey(uid), sk: 'STATS' });
const dayPrefix = 'STATSDAY#';
export const statsDayKey = (uid: string, day: string) => ({ pk: userKey(uid), sk: `${dayPrefix}${day}` });

/** the names of the encoded attributes (one place for the aggregator that writes them and the readers) */
export const statsAttribute = {
  stage: (stage: string) => `stage|${stage}`,
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
    stages: {},
    meetings: {},
  };
  for (const [name, value] of Object.entries(item ?? {})) {
    const parts = splitEncoded(name);
    if (parts?.prefix === 'stage') stats.stages[parts.middle] = numberOf(value);
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
          ':pk': userKey(uid),
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
