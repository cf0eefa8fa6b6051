import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StatsOutcome } from '../data/stats.js';
import type { DashboardDeps } from './deps.js';
import { applyDelta } from './stats-apply.js';
import { type Item, statsDeltaOf, type StreamChange } from './stats-delta.js';

/** Items of a batch worked on side by side (each item's records in order). */
const itemsAtOnce = 8;

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const imageOf = (image: Image | undefined): Item | undefined =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/** A stream record as the delta reads it. */
export const streamChangeOf = (record: DynamoDBRecord): StreamChange => ({
  eventName: record.eventName ?? 'MODIFY',
  oldImage: imageOf(record.dynamodb?.OldImage),
  newImage: imageOf(record.dynamodb?.NewImage),
});

const itemKey = (record: DynamoDBRecord) => {
  const keys = record.dynamodb?.Keys;
  return `${keys?.pk?.S ?? ''}\n${keys?.sk?.S ?? ''}`;
};

/**
 * The stats aggregator's batch (issue 16; shared/streams.ts `stats`): each record's delta from its old and new image
 * (stats-delta.ts), applied once (stats-apply.ts). An item's records run in their order; different items side by
 * side (their counts only ADD, which commutes). Once a record fails, it and every record after it in the batch are
 * reported (`batchItemFailures` by sequence number), so the stream delivers them again in order: what of them was
 * applied is skipped then by its claim. Afterwards `stats.changed` reaches each user whose counts changed (best effort:
 * pages poll the summary too).
 */
export const statsBatch =
  (deps: DashboardDeps) =>
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const records = event.Records;
    const byItem = new Map<string, number[]>();
    records.forEach((record, index) => {
      const key = itemKey(record);
      byItem.set(key, [...(byItem.get(key) ?? []), index]);
    });
    let firstFailure = records.length;
    const touched = new Set<string>();
    const runItem = async (indexes: number[]) => {
      for (const index of indexes) {
        if (index > firstFailure) return;
        const record = records[index] as DynamoDBRecord;
        try {
          const delta = statsDeltaOf(streamChangeOf(record));
          if (!delta) continue;
          const outcome: StatsOutcome = await applyDelta(
            deps.db,
            record.eventID ?? record.dynamodb?.SequenceNumber ?? '',
            delta,
            deps.now(),
          );
          if (outcome === 'applied') touched.add(delta.uid);
          else if (outcome !== 'nothing')
            deps.logger.info('Stream record skipped', { eventId: record.eventID, outcome });
        } catch (error) {
          deps.logger.error('Stream record failed', { eventId: record.eventID, error });
          firstFailure = Math.min(firstFailure, index);
          return;
        }
      }
    };
    const queue = [...byItem.values()];
    await Promise.all(
      Array.from({ length: Math.min(itemsAtOnce, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await runItem(next);
      }),
    );
    await Promise.all(
      [...touched].map((uid) =>
        deps.live.publish(uid, { type: 'stats.changed', data: {} }).catch((error: unknown) => {
          deps.logger.warn('stats.changed was not published', { error });
        }),
      ),
    );
    return {
      batchItemFailures: records
        .slice(firstFailure)
        .map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })),
    };
  };
