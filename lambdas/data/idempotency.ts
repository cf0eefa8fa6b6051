import { randomUUID } from 'node:crypto';
import type { DataClient } from './client.js';
import { DeleteCommand, PutCommand, UpdateCommand } from './dynamo.js';
import { isConditionFailed } from './entity/condition.js';
import { table } from './table.js';

/**
 * What claiming a business key came to: `claimed` this run may do the work (and holds `token`); `done` a run already
 * finished it; `busy` another run holds it right now.
 */
export type Claim = { outcome: 'claimed'; token: string } | { outcome: 'done' | 'busy' };

/**
 * Remembers which units of background work ran (STYLE §9: keyed on the message's business id, not the SQS message id),
 * so a redelivered message does not run twice.
 */
export type IdempotencyStore = {
  /** Claims `key` until `lockedUntil` (after which a run that died holding it no longer blocks a retry). */
  claim: (key: string, lockedUntil: Date, now: Date) => Promise<Claim>;
  /** Marks the claimed work done: later claims of `key` answer `done`. */
  complete: (key: string, token: string, now: Date) => Promise<void>;
  /** Gives a claim back after a failed run, so the retry may run at once. */
  release: (key: string, token: string) => Promise<void>;
};

export type DynamoIdempotencyOptions = {
  /**
   * How long a finished key is remembered: longer than a message can come back, i.e. the queue's retention plus a
   * redrive from its dead-letter queue (both 14 days at most). @default 14 days
   */
  rememberForSeconds?: number;
};

const fourteenDays = 14 * 24 * 60 * 60;
const claimSortKey = 'IDEMPOTENCY';
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** `IDEMPOTENCY#email-lookup:<uid>:<contactId>:<attempt>`: one partition per key, none of them hot. */
export const claimPartitionKey = (key: string) => `IDEMPOTENCY#${key}`;

/** A claim as a failed condition returns it (attribute values: errors are not converted, dynamo.ts). */
type ClaimItem = Record<string, { S?: string }>;

/**
 * Claims as items of the one table (DESIGN §3): `{pk: IDEMPOTENCY#<key>, sk: IDEMPOTENCY, status, token, lockedUntil,
 * ttl}`. A claim is one conditional PutItem, which also tells `done` from `busy` (ReturnValuesOnConditionCheckFailure),
 * finishing it one conditional UpdateItem; a failed run's DeleteItem lets its retry in. Expired items count as absent,
 * since TTL deletes late (and never on DynamoDB Local).
 */
export const dynamoIdempotencyStore = (db: DataClient, options: DynamoIdempotencyOptions = {}): IdempotencyStore => {
  const rememberFor = options.rememberForSeconds ?? fourteenDays;
  const key = (businessKey: string) => ({
    [table.partitionKey]: claimPartitionKey(businessKey),
    [table.sortKey]: claimSortKey,
  });
  const names = { '#pk': table.partitionKey, '#ttl': table.ttlAttribute, '#status': 'status', '#token': 'token' };

  return {
    claim: async (businessKey, lockedUntil, now) => {
      const token = randomUUID();
      try {
        await db.documents.send(
          new PutCommand({
            TableName: db.table,
            Item: {
              ...key(businessKey),
              status: 'in_progress',
              token,
              lockedUntil: lockedUntil.getTime(),
              claimedAt: now.toISOString(),
              [table.ttlAttribute]: epochSeconds(now) + rememberFor,
            },
            ConditionExpression:
              'attribute_not_exists(#pk) OR #ttl < :nowSeconds OR (#status = :inProgress AND lockedUntil < :nowMs)',
            ExpressionAttributeNames: { '#pk': names['#pk'], '#ttl': names['#ttl'], '#status': names['#status'] },
            ExpressionAttributeValues: {
              ':nowSeconds': epochSeconds(now),
              ':nowMs': now.getTime(),
              ':inProgress': 'in_progress',
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { outcome: 'claimed', token };
      } catch (error) {
        if (!isConditionFailed<ClaimItem>(error)) throw error;
        return { outcome: error.Item?.status?.S === 'done' ? 'done' : 'busy' };
      }
    },

    complete: async (businessKey, token, now) => {
      await db.documents.send(
        new UpdateCommand({
          TableName: db.table,
          Key: key(businessKey),
          UpdateExpression: 'SET #status = :done, doneAt = :now, #ttl = :ttl REMOVE lockedUntil',
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#status': names['#status'], '#ttl': names['#ttl'], '#token': names['#token'] },
          ExpressionAttributeValues: {
            ':done': 'done',
            ':now': now.toISOString(),
            ':ttl': epochSeconds(now) + rememberFor,
            ':token': token,
          },
        }),
      );
    },

    release: async (businessKey, token) => {
      try {
        await db.documents.send(
          new DeleteCommand({
            TableName: db.table,
            Key: key(businessKey),
            ConditionExpression: '#token = :token',
            ExpressionAttributeNames: { '#token': names['#token'] },
            ExpressionAttributeValues: { ':token': token },
          }),
        );
      } catch (error) {
        // another run took the key over after our lock ran out: it is theirs now
        if (!isConditionFailed<ClaimItem>(error)) throw error;
      }
    },
  };
};
