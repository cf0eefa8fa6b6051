import type { Logger } from '@aws-lambda-powertools/logger';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamConsumerName } from '../../shared/streams.js';
import { tenantOf } from '../data/entity/keys.js';

type Item = Record<string, unknown>;

/** One record of a stream batch, its images read as items. */
export type StreamChange = {
  /** its place in the batch */
  index: number;
  eventId: string;
  sequenceNumber: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** the item before the change (modify, remove) */
  oldImage?: Item;
  /** the item after the change (insert, modify) */
  newImage?: Item;
};

/** Whose item a change is (its partition `USER#<sub>`, data/entity/keys.ts); null for an item of no user. */
export const changedTenant = ({ newImage, oldImage }: Pick<StreamChange, 'newImage' | 'oldImage'>) => {
  const pk = (newImage ?? oldImage)?.pk;
  return typeof pk === 'string' ? tenantOf(pk) : null;
};

/** What a consumer's batch handler gets besides the changes. */
export type StreamBatch = {
  logger: StreamLogger;
  /**
   * The change at `index` failed: it and every change after it in the batch are reported, so the stream delivers them
   * again in order (a consumer skips on redelivery what it applied before).
   */
  fail: (index: number, error: unknown) => void;
  /** the first failed place so far (the batch's length while none failed): work on a change past it is wasted */
  failedFrom: () => number;
};

/** The logger a consumer writes to; a Powertools `Logger` in a Lambda (its context is added when it has one). */
export type StreamLogger = Pick<Logger, 'info' | 'warn' | 'error'> & Partial<Pick<Logger, 'addContext' | 'appendKeys'>>;

export type StreamConsumerOptions = {
  /** the consumer of shared/streams.ts this handler is */
  consumer: StreamConsumerName;
  logger: StreamLogger;
  /** Works through the batch's changes in order; `batch.fail` the ones that failed. A throw fails the whole batch. */
  handle: (changes: readonly StreamChange[], batch: StreamBatch) => Promise<void>;
};

/**
 * A `handle` that applies each change in order and stops at the first that throws: it and the rest are failed, so
 * the stream delivers them again in order (for consumers whose changes depend on the ones before).
 */
export const eachInOrder =
  (apply: (change: StreamChange) => Promise<unknown>): StreamConsumerOptions['handle'] =>
  async (changes, batch) => {
    for (const change of changes) {
      if (change.index >= batch.failedFrom()) return;
      try {
        await apply(change);
      } catch (error) {
        batch.fail(change.index, error);
        return;
      }
    }
  };

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const itemOf = (image: Image | undefined) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

/** A stream record as a change (its images as items); `index` its place in the batch. */
export const streamChangeOf = (record: DynamoDBRecord, index = 0): StreamChange => {
  const oldImage = itemOf(record.dynamodb?.OldImage);
  const newImage = itemOf(record.dynamodb?.NewImage);
  return {
    index,
    eventId: record.eventID ?? record.dynamodb?.SequenceNumber ?? '',
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
    eventName: record.eventName ?? 'MODIFY',
    ...(oldImage ? { oldImage } : {}),
    ...(newImage ? { newImage } : {}),
  };
};

/**
 * The handler every consumer of the table's stream uses (shared/streams.ts), beside the HTTP and SQS kits: the batch's
 * records read as changes (images unmarshalled), the Lambda context on the logger and the consumer's name on its
 * lines, and the partial batch failure Lambda's `ReportBatchItemFailures` expects: a stream shard is ordered, so from
 * the first failed record on every record is reported by its sequence number (Lambda resumes the shard there), and
 * one structured line per batch says how many records came and how many come back.
 */
export const streamConsumer = (options: StreamConsumerOptions) => {
  const { consumer, logger } = options;
  return async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    if (context) logger.addContext?.(context);
    logger.appendKeys?.({ consumer });
    const startedAt = Date.now();
    const records = event.Records;
    let firstFailure = records.length;
    const fail = (index: number, error: unknown) => {
      logger.error('Stream record failed', { consumer, eventId: records[index]?.eventID, error });
      firstFailure = Math.min(firstFailure, index);
    };
    const changes: StreamChange[] = [];
    records.forEach((record, index) => {
      try {
        changes.push(streamChangeOf(record, index));
      } catch (error) {
        fail(index, error);
      }
    });
    const readable = changes.filter((change) => change.index < firstFailure);
    try {
      await options.handle(readable, { logger, fail, failedFrom: () => firstFailure });
    } catch (error) {
      fail(0, error);
    }
    const failed = records.slice(firstFailure);
    logger.info('handled a stream batch', {
      consumer,
      records: records.length,
      retried: failed.length,
      outcome: failed.length ? 'partial' : 'done',
      ms: Date.now() - startedAt,
    });
    return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })) };
  };
};
