import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '../dynamo.js';
import { describe, expect, it } from 'vitest';
import { createDataClient } from '../client.js';
import { type TransactionWrite, transact, worthRetrying } from './transaction.js';

const db = createDataClient(process.env.TABLE_NAME!);

/** Items of this test alone: one partition per test. */
const partition = () => `ENTITYTEST#${randomUUID()}`;
const newItem = (pk: string, sk: string): TransactionWrite => ({
  Put: { TableName: db.table, Item: { pk, sk }, ConditionExpression: 'attribute_not_exists(pk)' },
});
const exists = (pk: string, sk: string): TransactionWrite => ({
  ConditionCheck: { TableName: db.table, Key: { pk, sk }, ConditionExpression: 'attribute_exists(pk)' },
});
const stored = async (pk: string, sk: string) =>
  (await db.documents.send(new GetCommand({ TableName: db.table, Key: { pk, sk }, ConsistentRead: true }))).Item;

describe("the entity layer's transaction", () => {
  it('writes every named write, skipping the names that hold none', async () => {
    const pk = partition();
    const outcome = await transact(db, {
      contact: newItem(pk, 'A'),
      claims: [newItem(pk, 'B'), newItem(pk, 'C')],
      move: undefined,
      lines: [],
    });
    expect(outcome).toEqual({ done: true });
    expect(await stored(pk, 'A')).toEqual({ pk, sk: 'A' });
    expect(await stored(pk, 'C')).toEqual({ pk, sk: 'C' });
  });

  it('names the writes whose condition did not hold, and within a list which ones', async () => {
    const pk = partition();
    await db.documents.send(new PutCommand({ TableName: db.table, Item: { pk, sk: 'TAKEN' } }));
    const outcome = await transact(db, {
      // skipped names take no place: the places below are those of the writes sent
      nothing: [],
      quota: newItem(pk, 'QUOTA'),
      skipped: undefined,
      claims: [newItem(pk, 'FREE'), newItem(pk, 'TAKEN'), exists(pk, 'MISSING')],
      contact: exists(pk, 'TAKEN'),
    });
    expect(outcome.done).toBe(false);
    if (outcome.done) return;
    expect([...outcome.refused]).toEqual(['claims']);
    expect(outcome.refusedAt('claims')).toEqual([1, 2]);
    expect(outcome.refusedAt('quota')).toEqual([]);
    expect([...outcome.stoppedBy]).toEqual(['claims']);
    expect(outcome.conflict).toBe(false);
    expect(outcome.conflicted.size).toBe(0);
    expect(worthRetrying(outcome)).toBe(true);
    expect(outcome.summary).toBe(
      'quota: None, claims: None, claims: ConditionalCheckFailed, claims: ConditionalCheckFailed, contact: None',
    );
    // all or nothing: the writes whose condition held were not written either
    expect(await stored(pk, 'QUOTA')).toBeUndefined();
    expect(await stored(pk, 'FREE')).toBeUndefined();
  });

  it('throws what is no cancelled transaction, as DynamoDB answered it', async () => {
    const pk = partition();
    const invalid = transact(db, {
      first: newItem(pk, 'FIRST'),
      // an item without its sort key: DynamoDB refuses the request itself, before any condition
      keyless: { Put: { TableName: db.table, Item: { pk } } },
    });
    await expect(invalid).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await stored(pk, 'FIRST')).toBeUndefined();
  });
});
