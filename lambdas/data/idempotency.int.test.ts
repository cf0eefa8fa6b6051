import { GetCommand } from './dynamo.js';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { emailLookupMessageSchema } from '../../shared/schemas/contacts.js';
import { table } from './table.js';
import { countingDataClient } from '../test/counting-client.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { claimPartitionKey, dynamoIdempotencyStore } from './idempotency.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';

const now = new Date('2026-11-21T10:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

const setup = () => {
  const db = countingDataClient();
  return { db, store: dynamoIdempotencyStore(db.data) };
};

const claimItem = async (db: ReturnType<typeof countingDataClient>, key: string) =>
  (
    await db.data.documents.send(
      new GetCommand({
        TableName: db.data.table,
        Key: { [table.partitionKey]: claimPartitionKey(key), [table.sortKey]: 'IDEMPOTENCY' },
        ConsistentRead: true,
      }),
    )
  ).Item;

describe('idempotency claims in the table (DynamoDB Local)', () => {
  it('lets one run claim a key; another waits while the lock holds and takes over once it ran out', async () => {
    const { store } = setup();
    const key = `test:${randomUUID()}`;

    expect(await store.claim(key, later(60), now)).toMatchObject({ outcome: 'claimed', token: expect.any(String) });
    expect(await store.claim(key, later(120), later(30))).toEqual({ outcome: 'busy' });
    expect(await store.claim(key, later(180), later(61))).toMatchObject({ outcome: 'claimed' });
  });

  it('answers done for a completed key, and only the holder of the claim completes it', async () => {
    const { store, db } = setup();
    const key = `test:${randomUUID()}`;
    const claim = await store.claim(key, later(60), now);
    if (claim.outcome !== 'claimed') throw new Error('expected a claim');

    await expect(store.complete(key, 'someone-elses-token', later(1))).rejects.toThrow();
    await store.complete(key, claim.token, later(1));

    expect(await store.claim(key, later(120), later(2))).toEqual({ outcome: 'done' });
    expect(await store.claim(key, later(3600), later(3000))).toEqual({ outcome: 'done' });
    const item = await claimItem(db, key);
    expect(item?.status).toBe('done');
    // kept for 14 days from completion, then the table's TTL removes it
    expect(item?.[table.ttlAttribute]).toBe(Math.floor(later(1).getTime() / 1000) + 14 * 24 * 3600);
  });

  it('gives a released key to the next claim, and a stale release leaves the new holder alone', async () => {
    const { store } = setup();
    const key = `test:${randomUUID()}`;
    const first = await store.claim(key, later(60), now);
    if (first.outcome !== 'claimed') throw new Error('expected a claim');

    await store.release(key, first.token);
    const second = await store.claim(key, later(60), later(1));
    expect(second).toMatchObject({ outcome: 'claimed' });

    await store.release(key, first.token);
    expect(await store.claim(key, later(60), later(2))).toEqual({ outcome: 'busy' });
  });

  it('treats a key whose time to live has passed as never seen (TTL deletes late, DynamoDB Local never)', async () => {
    const { db } = setup();
    const store = dynamoIdempotencyStore(db.data, { rememberForSeconds: 60 });
    const key = `test:${randomUUID()}`;
    const claim = await store.claim(key, later(10), now);
    if (claim.outcome !== 'claimed') throw new Error('expected a claim');
    await store.complete(key, claim.token, now);

    expect(await store.claim(key, later(70), later(30))).toEqual({ outcome: 'done' });
    expect(await store.claim(key, later(200), later(61))).toMatchObject({ outcome: 'claimed' });
  });
});

describe('the worker kit on the table', () => {
  const worker = (db: ReturnType<typeof countingDataClient>, handle: () => Promise<void>) => {
    const logger = createLogger('test');
    logger.setLogLevel('SILENT');
    return sqsWorker({
      queue: 'email-lookup',
      schema: emailLookupMessageSchema,
      key: ({ uid, contactId, attempt }) => [uid, contactId, attempt],
      handle: vi.fn(handle),
      idempotency: dynamoIdempotencyStore(db.data),
      logger,
    });
  };

  it('runs a redelivered message once, at two writes for the first delivery and one for each copy', async () => {
    const { db } = setup();
    const handle = vi.fn(async () => {});
    const run = worker(db, handle);
    const body = JSON.stringify({ uid: randomUUID(), contactId: randomUUID(), attempt: 1 });
    const first = sqsRecord(body);

    expect(await run(sqsEvent(first))).toEqual({ batchItemFailures: [] });
    expect(db.calls).toEqual(['PutItemCommand', 'UpdateItemCommand']);

    db.reset();
    expect(await run(sqsEvent(sqsRecord(body, { messageId: first.messageId, receiveCount: 2 })))).toEqual({
      batchItemFailures: [],
    });
    expect(db.calls).toEqual(['PutItemCommand']);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('costs no call for a poison message, and a claim and its release for a failure', async () => {
    const { db } = setup();
    const run = worker(db, async () => Promise.reject(new Error('vendor down')));
    const poison = sqsRecord('{"uid":');
    const failing = sqsRecord(JSON.stringify({ uid: randomUUID(), contactId: randomUUID(), attempt: 1 }));

    expect(await run(sqsEvent(poison, failing))).toEqual({
      batchItemFailures: [{ itemIdentifier: poison.messageId }, { itemIdentifier: failing.messageId }],
    });
    expect(db.calls.sort()).toEqual(['DeleteItemCommand', 'PutItemCommand']);
  });
});
