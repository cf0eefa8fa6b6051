import { BatchGetCommand } from '../data/dynamo.js';
import type { DashboardSummary } from '../../shared/schemas/dashboard.js';
import { currentQuota, quotaOfItem, toQuota } from '../contacts/index.js';
import type { DataClient } from '../data/client.js';
import type { QuotaItem } from '../data/quota.js';
import { quotaKey } from '../data/quota.js';
import { readDayStats, statsKey, toUserStats } from '../data/stats.js';
import type { DashboardDeps } from './deps.js';

const dayMs = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

// the user's STATS and QUOTA items (one BatchGetItem, consistent; keys DynamoDB leaves unprocessed, under throttling,
// are asked again)
const statsAndQuota = async (db: DataClient, uid: string) => {
  let keys: Record<string, unknown>[] = [statsKey(uid), quotaKey(uid)];
  const items: Record<string, unknown>[] = [];
  while (keys.length > 0) {
    const answer = await db.documents.send(
      new BatchGetCommand({ RequestItems: { [db.table]: { Keys: keys, ConsistentRead: true } } }),
    );
    items.push(...(answer.Responses?.[db.table] ?? []));
    keys = answer.UnprocessedKeys?.[db.table]?.Keys ?? [];
  }
  const bySortKey = (sk: string) => items.find((item) => item.sk === sk);
  return { stats: bySortKey(statsKey(uid).sk), quota: bySortKey(quotaKey(uid).sk) };
};

/**
 * GET /api/dashboard/summary (shared/schemas/dashboard.ts): read from the counters the stats aggregator
 * keeps (lambdas/data/stats.ts), so it costs 2 DynamoDB calls at any data size: one BatchGetItem of STATS and QUOTA,
 * one Query of the last 7 days' STATSDAY items (side by side). A quota not set up yet or whose period is over is set
 * up or rolled over first (lambdas/contacts `currentQuota`: once per user and month).
 */
export const dashboardSummary = async (deps: DashboardDeps, uid: string): Promise<DashboardSummary> => {
  const now = deps.now();
  const today = now.getTime();
  const [{ stats: statsItem, quota: quotaItem }, week] = await Promise.all([
    statsAndQuota(deps.db, uid),
    readDayStats(deps.db, uid, utcDay(today - 6 * dayMs), utcDay(today)),
  ]);
  const quota =
    quotaOfItem(quotaItem ? ({ ...quotaItem, uid } as QuotaItem) : null, now) ??
    (await currentQuota(deps.db, uid, now));
  const stats = toUserStats(statsItem);
  // counts of items written before the counters existed were never added: a decrement of one may leave a count below 0
  const atLeast0 = (n: number) => Math.max(0, n);
  // a bounced conversation was never delivered: the rates are of those that were
  const delivered = atLeast0(stats.conversationsStarted - atLeast0(stats.bounces));
  const replies = atLeast0(stats.replied);
  const positiveReplies = atLeast0(stats.positiveReplies);
  const rate = (n: number) => (delivered === 0 ? 0 : Math.min(1, n / delivered));
  return {
    contacts: atLeast0(quota.contactCount),
    verifiedEmails: atLeast0(stats.verifiedEmails),
    draftsReady: atLeast0(stats.draftsReady),
    sentThisWeek: atLeast0(week.reduce((sum, day) => sum + day.sent, 0)),
    replies,
    replyRate: rate(replies),
    positiveReplies,
    positiveReplyRate: rate(positiveReplies),
    upcomingMeetings: Object.values(stats.meetings).filter((start) => Date.parse(start) >= today).length,
    slots: toQuota(quota),
    generatedAt: now.toISOString(),
  };
};
