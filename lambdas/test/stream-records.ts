import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '../../shared/live-events.js';
import type { DataClient } from '../data/client.js';
import type { DashboardDeps } from '../dashboard/deps.js';
import type { LivePort } from '../providers/live/port.js';

type Item = Record<string, unknown>;
type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

let sequence = 0;
const image = (item: Item) => marshall(item, { removeUndefinedValues: true }) as unknown as Image;

/**
 * Tests only: a DynamoDB stream record (NEW_AND_OLD_IMAGES) of an item's change from its stored states as read before
 * and after (`null`: absent), as the table's stream delivers it.
 */
export const streamRecord = (
  before: Item | null,
  after: Item | null,
  eventID: string = randomUUID(),
): DynamoDBRecord => {
  const item = (after ?? before) as Item;
  sequence += 1;
  return {
    eventID,
    eventName: before && after ? 'MODIFY' : after ? 'INSERT' : 'REMOVE',
    eventSource: 'aws:dynamodb',
    awsRegion: 'eu-west-1',
    dynamodb: {
      Keys: image({ pk: item.pk, sk: item.sk }),
      ...(before ? { OldImage: image(before) } : {}),
      ...(after ? { NewImage: image(after) } : {}),
      SequenceNumber: String(sequence).padStart(21, '0'),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
};

export const streamEvent = (records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/**
 * Tests only: a stream consumer's deps (the stats aggregator's, the AI batches' counter's) on a DataClient, with a live
 * port that keeps what it was given.
 */
export const streamDeps = (db: DataClient, now: () => Date = () => new Date()) => {
  const published: { uid: string; event: LiveEvent }[] = [];
  const deps: { db: DataClient; now: () => Date; live: LivePort; logger: DashboardDeps['logger'] } = {
    db,
    now,
    live: {
      publish: async (uid, event) => {
        published.push({ uid, event });
      },
    },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  return { deps, published };
};
