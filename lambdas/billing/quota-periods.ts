import type { Logger } from '@aws-lambda-powertools/logger';
import { currentQuota } from '../contacts/index.js';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { scheduledJob } from '../core/schedule.js';
import { createDataClient, type DataClient } from '../data/client.js';
import { getQuota, quotasEndedBefore } from '../data/quota.js';
import { now } from '../core/clock.js';

/** The job's limits (DESIGN §4). */
export const quotaPeriods = {
  /** quotas read per index partition and run (4 partitions); the rest on the next run, 15 minutes later */
  perPartition: 250,
  /** roll-overs at once (each a read and a conditional write) */
  concurrency: 8,
  /** no roll-over starts with less than this left before the deadline */
  marginMs: 5_000,
} as const;

/** What one run did; `left`: due, not started before the run's time was up (the next run takes them). */
export type QuotaPeriodsSummary = { due: number; rolled: number; skipped: number; failed: number; left: number };

type Outcome = 'rolled' | 'skipped';

/**
 * The `quota-periods` job (shared/schedules.ts): the users whose slot period ended (their own date, the monthly
 * periods of lambdas/contacts/quota.ts) get the next one: used slots back to 0 and a plan change due at the period's
 * end applied (a downgrade, an ended subscription: the quota's `pendingPlan`). Found on the quota's period index (one
 * Query per partition), never a scan; each roll-over is the same conditional write the contacts domain makes when it
 * reads a quota whose period ended, so a quota rolled over since the index was read (by a read, or an overlapping run)
 * is left alone, and runs are idempotent. No roll-over starts within `marginMs` of `deadline`.
 */
export const rollOverEndedPeriods = async (
  deps: { db: DataClient; now: () => Date; logger: Pick<Logger, 'warn'> },
  options: { deadline?: Date } = {},
): Promise<QuotaPeriodsSummary> => {
  const now = deps.now();
  const due = await quotasEndedBefore(deps.db, now, quotaPeriods.perPartition);
  const summary: QuotaPeriodsSummary = { due: due.length, rolled: 0, skipped: 0, failed: 0, left: 0 };
  const timeLeft = () =>
    !options.deadline || options.deadline.getTime() - deps.now().getTime() >= quotaPeriods.marginMs;

  const rollOne = async (uid: string): Promise<Outcome> => {
    const item = await getQuota(deps.db, uid);
    if (!item?.slotsRefresh || new Date(item.slotsRefresh) > now) return 'skipped';
    await currentQuota(deps.db, uid, now);
    return 'rolled';
  };

  let next = 0;
  const lane = async () => {
    while (next < due.length && timeLeft()) {
      const uid = due[next++]!;
      try {
        summary[await rollOne(uid)] += 1;
      } catch (error) {
        summary.failed += 1;
        deps.logger.warn('a quota period was not rolled over; the next run tries again', {
          userId: uid,
          error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(quotaPeriods.concurrency, due.length) }, lane));
  summary.left = due.length - next;
  return summary;
};

const logger = createLogger('billing');
const deps = { db: createDataClient(readConfig().tableName), now, logger };

/** The `quota-periods` job of shared/schedules.ts. */
export const handler = scheduledJob({
  job: 'quota-periods',
  logger,
  done: 'rolled over the ended quota periods',
  run: ({ deadline }) => rollOverEndedPeriods(deps, { deadline }),
});
