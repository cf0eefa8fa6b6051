import { streamConsumer } from '../core/stream.js';
import { type ActivityItemDone, activityChanged, progressActivityItems } from '../data/activity.js';
import { finishedBatchContactOf } from '../data/generation-batch.js';
import type { DashboardDeps } from './deps.js';

/** Batches of a stream batch counted side by side. */
const batchesAtOnce = 8;

/**
 * The AI batches' counter (shared/streams.ts `generation-activity`): each contact of a batch that finished (its item of
 * the batch became completed or failed, in its draft's transaction or on its own) counts on the batch's activity
 * action (SPEC §3 'Activity action'), once: a batch's finished contacts of one stream batch in one write
 * (lambdas/data/activity.ts `progressActivityItems`, which skips what was counted before, so a record delivered again
 * never counts twice), and the last one finishes the action. The count is off the worker's path: a contact's time in
 * the ai-generation worker is its e-mail's and its draft's (the batch budget: the model plus as few table writes as possible). `activity.changed` then reaches
 * the user's tabs (best effort). A batch whose write fails is reported from its first record on, so the stream
 * delivers it and what follows again, in order.
 */
export const generationCounts = (deps: DashboardDeps) =>
  streamConsumer({
    consumer: 'generation-activity',
    logger: deps.logger,
    handle: async (changes, failures) => {
      const batches = new Map<string, { uid: string; batchId: string; first: number; done: ActivityItemDone[] }>();
      for (const { index, oldImage, newImage } of changes) {
        try {
          const finished = finishedBatchContactOf(oldImage, newImage);
          // not a finish (a claim, a later change): the records after it in the batch still count
          if (!finished) continue;
          const key = `${finished.uid}\n${finished.batchId}`;
          const batch = batches.get(key) ?? { uid: finished.uid, batchId: finished.batchId, first: index, done: [] };
          const { outcome } = finished;
          batch.done.push({
            key: finished.contactId,
            outcome:
              outcome.status === 'completed' ? { status: 'completed' } : { status: 'failed', error: outcome.error },
          });
          batches.set(key, batch);
        } catch (error) {
          failures.fail(index, error);
        }
      }
      const queue = [...batches.values()];
      const countNext = async () => {
        for (let batch = queue.shift(); batch; batch = queue.shift()) {
          if (batch.first > failures.failedFrom()) continue;
          try {
            const action = await progressActivityItems(deps.db, batch.uid, batch.batchId, batch.done, deps.now());
            if (!action) continue;
            await deps.live.publish(batch.uid, activityChanged(action)).catch((error: unknown) => {
              deps.logger.warn('activity.changed was not published', { error });
            });
          } catch (error) {
            deps.logger.error('A batch was not counted', { batchId: batch.batchId, error });
            failures.fail(batch.first, error);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(batchesAtOnce, queue.length) }, countNext));
    },
  });
