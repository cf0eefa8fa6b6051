import { PutCommand } from '../../data/dynamo.js';
import type { DataClient } from '../../data/client.js';
import {
  type CountedPair,
  type StatsDimension,
  statsAttribute,
  statsDayKey,
  statsDayRecord,
  statsKey,
  statsRecord,
} from '../../data/stats.js';

/**
 * Tests only: a user's counters written as items in the encoding of lambdas/data/stats.ts (what the stats aggregator
 * keeps), so the analytics can be checked against hand-computed numbers without the stream.
 */
export type UserStatsFixture = Partial<{
  verifiedEmails: number;
  draftsReady: number;
  emailsSent: number;
  conversationsStarted: number;
  replied: number;
  awaitingReply: number;
  autoReplies: number;
  bounces: number;
}> & { stages?: Record<string, number>; reached?: Record<string, number> };

export const putUserStats = async (db: DataClient, uid: string, fixture: UserStatsFixture) => {
  const { stages = {}, reached = {}, ...totals } = fixture;
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...statsKey(uid),
        entity: statsRecord,
        ...totals,
        ...Object.fromEntries(Object.entries(stages).map(([stage, count]) => [statsAttribute.stage(stage), count])),
        ...Object.fromEntries(Object.entries(reached).map(([step, count]) => [statsAttribute.reached(step), count])),
      },
    }),
  );
};

export type DayStatsFixture = Partial<{
  sent: number;
  started: number;
  replies: number;
  autoReplies: number;
  bounces: number;
  startedReplied: number;
  replyMinutes: number[];
}> & {
  dimensions?: Partial<Record<StatsDimension, Record<string, Partial<CountedPair>>>>;
  /** by `<UTC weekday>-<UTC hour>` */
  slots?: Record<string, Partial<CountedPair>>;
};

/** one STATSDAY#<day> item (`day` YYYY-MM-DD, UTC) */
export const putDayStats = async (db: DataClient, uid: string, day: string, fixture: DayStatsFixture) => {
  const { dimensions = {}, slots = {}, ...counts } = fixture;
  const encoded: Record<string, number> = {};
  for (const [dimension, values] of Object.entries(dimensions))
    for (const [value, pair] of Object.entries(values ?? {}))
      for (const [count, number] of Object.entries(pair))
        encoded[statsAttribute.dimension(dimension as StatsDimension, value, count as keyof CountedPair)] = number;
  for (const [slot, pair] of Object.entries(slots)) {
    const [weekday, hour] = slot.split('-').map(Number);
    for (const [count, number] of Object.entries(pair))
      encoded[statsAttribute.slot(weekday ?? 0, hour ?? 0, count as keyof CountedPair)] = number;
  }
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...statsDayKey(uid, day), entity: statsDayRecord, ...counts, ...encoded },
    }),
  );
};
