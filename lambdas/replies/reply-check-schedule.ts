import { replyCheckMessage as checkMessage } from '../../shared/schemas/replies.js';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { scheduledJob } from '../core/schedule.js';
import { createDataClient } from '../data/client.js';
import { activeMailboxesPage, replyCheckShards } from '../data/mail-sync.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import type { ReplyDeps } from './deps.js';
import { now } from '../core/clock.js';

export const replyCheckFanOut = {
  /** index items read per Query page */
  pageSize: 500,
  /** a run stops starting pages once less than this is left before its deadline; the next run starts over */
  reserveMs: 10_000,
} as const;

/** What one run did: mailboxes queued a check, and whether the index was read to its end before the deadline. */
export type FanOutSummary = { queued: number; pages: number; complete: boolean };

/**
 * The `reply-check` job (DESIGN §4, every 5 minutes; the safety net of push): one `reply-check` message per active
 * mailbox, read page by page from the fan-out index (one Query per page of each partition, never a scan), sent in SQS
 * batches of 10, the partitions side by side. The checks renew push that lapses within a day (check.ts), so this job
 * reads no mailbox itself. The messages of one run share its slot as their occasion: a run retried by EventBridge
 * queues nothing that runs twice.
 */
export const fanOutReplyChecks = async (
  deps: Pick<ReplyDeps, 'db' | 'queue' | 'now'>,
  options: { deadline?: Date; slot?: string } = {},
): Promise<FanOutSummary> => {
  const startedAt = deps.now();
  const slot = options.slot ?? `schedule-${startedAt.toISOString().slice(0, 16)}`;
  const summary: FanOutSummary = { queued: 0, pages: 0, complete: true };
  const timeLeft = () =>
    !options.deadline || options.deadline.getTime() - deps.now().getTime() >= replyCheckFanOut.reserveMs;
  await Promise.all(
    Array.from({ length: replyCheckShards }, async (_, shard) => {
      let start: Record<string, unknown> | undefined;
      do {
        if (!timeLeft()) {
          summary.complete = false;
          return;
        }
        const page = await activeMailboxesPage(deps.db, shard, start, replyCheckFanOut.pageSize);
        summary.pages += 1;
        if (page.mailboxes.length) {
          await deps.queue.sendMany(
            'reply-check',
            page.mailboxes.map(({ uid, mailboxId }) => checkMessage(uid, mailboxId, 'schedule', slot)),
          );
          summary.queued += page.mailboxes.length;
        }
        start = page.next;
      } while (start);
    }),
  );
  return summary;
};

// the job reads the fan-out index and queues: the table and the queue only, none of the mail machinery of the checks
const deps: Pick<ReplyDeps, 'db' | 'queue' | 'now'> = {
  db: createDataClient(readConfig().tableName),
  queue: sqsQueue(createSqsClient()),
  now,
};

/** The `reply-check` job of shared/schedules.ts. */
export const handler = scheduledJob({
  job: 'reply-check',
  logger: createLogger('replies'),
  done: 'queued reply checks',
  run: ({ deadline }) => fanOutReplyChecks(deps, { deadline }),
});
