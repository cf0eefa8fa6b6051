import type { DataClient } from '../data/client.js';
import { type ContactItem, getContact } from '../data/contact.js';
import {
  applyStatsChange,
  getStatsConversation,
  readDayDimensionValues,
  readUserStats,
  type StatsChange,
  type StatsConversation,
  type StatsDimension,
  type StatsOutcome,
  statsAttribute,
  statsDistinctPerDay,
  statsOtherValue,
} from '../data/stats.js';
import { dimensionsOf } from '../data/stats-dimensions.js';
import { dayOf, replyCounts, type StatsDelta, startCounts } from './stats-delta.js';

const dayMs = 86_400_000;
/** at most this many past meetings are pruned per write (an update expression holds at most 4 KB) */
const prunedPerWrite = 50;

/** A copy of the delta's own change, to which the reads' counts are added (a plan may run more than once). */
const copyOf = (change: StatsChange): StatsChange => ({
  totals: { add: { ...change.totals.add }, set: { ...change.totals.set }, remove: [...change.totals.remove] },
  days: Object.fromEntries(
    Object.entries(change.days).map(([day, counts]) => [
      day,
      { add: { ...counts.add }, replyMinutes: [...counts.replyMinutes] },
    ]),
  ),
  ...(change.conversation ? { conversation: change.conversation } : {}),
});

/**
 * The contact's dimension values as its conversation's start day counts them: a value the day does not count yet, once
 * it counts `statsDistinctPerDay` values of that dimension, is `statsOtherValue` (lambdas/data/stats.ts: the item's
 * size stays bounded whatever the contacts hold). Read only when the contact has a value.
 */
const boundedDimensions = async (
  db: DataClient,
  uid: string,
  firstEmailAt: string,
  dimensions: Partial<Record<StatsDimension, string>>,
  pending: PendingValues,
): Promise<Partial<Record<StatsDimension, string>>> => {
  if (Object.keys(dimensions).length === 0) return dimensions;
  const day = dayOf(firstEmailAt);
  const counted = await readDayDimensionValues(db, uid, day);
  const bounded = Object.fromEntries(
    Object.entries(dimensions).map(([dimension, value]) => {
      const values = new Set([...counted[dimension as StatsDimension], ...(pending.get(day)?.[dimension] ?? [])]);
      return [dimension, values.has(value) || values.size < statsDistinctPerDay ? value : statsOtherValue];
    }),
  );
  for (const [dimension, value] of Object.entries(bounded)) {
    const values = pending.get(day) ?? {};
    values[dimension] = new Set([...(values[dimension] ?? []), value]);
    pending.set(day, values);
  }
  return bounded;
};

/**
 * The dimension values that changes planned but not written yet count, by day (a group of records written in one
 * transaction, stats-batch.ts): each record's plan sees its predecessors' values as if they were written.
 */
export type PendingValues = Map<string, Record<string, Set<string>>>;

/**
 * The full change of a delta, with what it needs read: a starting conversation's contact (its dimensions), a first
 * reply's cohort (counted only when the cohort shows no reply yet), the past meetings to prune. `contactOf` reads the
 * contact (stats-batch.ts reads a batch's contacts ahead, side by side).
 */
export const planOf = async (
  db: DataClient,
  delta: StatsDelta,
  now: Date,
  pending: PendingValues = new Map(),
  contactOf: (contactId: string) => Promise<ContactItem | null> = (contactId) => getContact(db, delta.uid, contactId),
): Promise<StatsChange> => {
  const change = copyOf(delta.change);
  let cohort: StatsConversation | null = null;
  if (delta.started) {
    const contact = delta.started.contactId ? await contactOf(delta.started.contactId) : null;
    cohort = {
      conversationId: delta.started.conversationId,
      firstEmailAt: delta.started.firstEmailAt,
      dimensions: await boundedDimensions(db, delta.uid, delta.started.firstEmailAt, dimensionsOf(contact), pending),
    };
    startCounts(change, cohort);
  }
  if (delta.replied) {
    const known = cohort ?? (await getStatsConversation(db, delta.uid, delta.replied.conversationId));
    // no cohort: it never started, or started before the counters existed (its start was never counted)
    if (known && !known.repliedAt) {
      replyCounts(change, known, delta.replied.at);
      if (cohort) cohort = { ...cohort, repliedAt: delta.replied.at };
      else change.conversation = { replied: { conversationId: known.conversationId, at: delta.replied.at } };
    }
  }
  if (cohort) change.conversation = { put: cohort };
  if (delta.meetingTouched) {
    const { meetings } = await readUserStats(db, delta.uid);
    const current = statsAttribute.meeting(delta.meetingTouched.meetingId);
    const past = Object.entries(meetings)
      .filter(([, start]) => Date.parse(start) < now.getTime() - dayMs)
      .map(([meetingId]) => statsAttribute.meeting(meetingId))
      .filter((attribute) => attribute !== current && !change.totals.remove.includes(attribute))
      .slice(0, prunedPerWrite);
    change.totals.remove.push(...past);
  }
  return change;
};

/** Applies one stream record's delta once (lambdas/data/stats.ts `applyStatsChange`). */
export const applyDelta = (db: DataClient, eventId: string, delta: StatsDelta, now: Date): Promise<StatsOutcome> =>
  applyStatsChange(db, delta.uid, eventId, () => planOf(db, delta, now), now);
