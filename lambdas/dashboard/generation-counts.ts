import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type ActivityItemDone, activityChanged, progressActivityItems } from '../data/activity.js';
import { finishedBatchContactOf } from '../data/generation-batch.js';
import type { DashboardDeps } from './deps.js';

/** Batches of a stream batch counted side by side. */
const batchesAtOnce = 8;

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const imageOf = (image: Image | undefined) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

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
export const generationCounts =
  (deps: DashboardDeps) =>
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const records = event.Records;
    const batches = new Map<string, { uid: string; batchId: string; first: number; done: ActivityItemDone[] }>();
    let firstFailure = records.length;
    records.forEach((record, index) => {
      try {
        const finished = finishedBatchContactOf(imageOf(record.dynamodb?.OldImage), imageOf(record.dynamodb?.NewImage));
        if (!finished) return;
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
        deps.logger.error('Stream record failed', { eventId: record.eventID, error });
        firstFailure = Math.min(firstFailure, index);
      }
    });
    const queue = [...batches.values()];
    const countNext = async () => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) {
        if (batch.first > firstFailure) continue;
        try {
          const action = await progressActivityItems(deps.db, batch.uid, batch.batchId, batch.done, deps.now());
          if (!action) continue;
          await deps.live.publish(batch.uid, activityChanged(action)).catch((error: unknown) => {
            deps.logger.warn('activity.changed was not published', { error });
          });
        } catch (error) {
          deps.logger.error('A batch was not counted', { batchId: batch.batchId, error });
          firstFailure = Math.min(firstFailure, batch.first);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(batchesAtOnce, queue.length) }, countNext));
    return {
      batchItemFailures: records
        .slice(firstFailure)
        .map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })),
    };
  };
