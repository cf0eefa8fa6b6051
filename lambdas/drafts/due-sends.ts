import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { scheduledJob } from '../core/schedule.js';
import { createDataClient } from '../data/client.js';
import { dueDrafts, moveDueDraft } from '../data/draft.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { sendRules } from './send-rules.js';
import { type DraftWriteDeps, newDraftId } from './service.js';
import { now } from '../core/clock.js';

export type DueSendsDeps = DraftWriteDeps & { queue: QueuePort; logger: Logger };

export const dueSends = {
  /** drafts read per index partition and run; the rest wait for the next run (a minute later) */
  perPartition: 500,
  /** conditional moves on the due index in flight at once */
  movesAtOnce: 25,
} as const;

/** What one run did: drafts found due, queued, and left because they changed while it ran. */
export type DueSendsSummary = { due: number; queued: number; movedOn: number };

/**
 * The `due-sends` job (DESIGN §4, every minute): the drafts being sent whose time came (scheduled sends, auto
 * follow-ups, sends the guard held past SQS's 15-minute delay, sends whose message was lost), found with one Query per
 * partition of the due index, never a scan. Each is first moved on the index (`redriveAfterMs` later, one conditional
 * UpdateItem on the draft as read, so a second run leaves it), then queued on `send`. A draft queued twice still sends once: the
 * worker holds it by its key and sends only a `sending` draft, after looking its Message-ID up on any later attempt.
 */
export const queueDueSends = async (deps: DueSendsDeps): Promise<DueSendsSummary> => {
  const now = deps.now();
  const due = await dueDrafts(deps.db, now, dueSends.perPartition);
  const summary: DueSendsSummary = { due: due.length, queued: 0, movedOn: 0 };
  const toQueue: { uid: string; draftId: string }[] = [];
  const next = new Date(now.getTime() + sendRules.redriveAfterMs).toISOString();
  // a few moves at once: a minute's worth of due sends (a thousand steps of sequences) within the run
  for (let start = 0; start < due.length; start += dueSends.movesAtOnce) {
    const moved = await Promise.all(
      due
        .slice(start, start + dueSends.movesAtOnce)
        .map(async ({ uid, draftId, dueAt }) =>
          (await moveDueDraft(deps.db, { uid, draftId, dueAt, next })) ? { uid, draftId } : null,
        ),
    );
    for (const item of moved) {
      if (item) toQueue.push(item);
      else summary.movedOn += 1;
    }
  }
  if (toQueue.length) {
    // should the send fail, each is due again at its new time
    await deps.queue.sendMany('send', toQueue);
    summary.queued = toQueue.length;
  }
  return summary;
};

const config = readConfig();
const logger = createLogger('drafts');
const db = createDataClient(config.tableName);
const deps: DueSendsDeps = {
  db,
  queue: sqsQueue(createSqsClient()),
  now,
  newId: newDraftId,
  logger,
};

/** The `due-sends` job of shared/schedules.ts. */
export const handler = scheduledJob({
  job: 'due-sends',
  logger,
  done: 'queued the sends that are due',
  run: () => queueDueSends(deps),
});
