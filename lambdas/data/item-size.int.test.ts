import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from './dynamo.js';
import { describe, expect, it } from 'vitest';
import { createDataClient } from './client.js';
import { isItemTooLarge, itemBytes, maxItemBytes } from './item-size.js';

const db = createDataClient(process.env.TABLE_NAME!);

/** An item of every kind of value, padded with `note` to exactly `bytes` as itemBytes counts. */
const itemOf = (bytes: number) => {
  const base = {
    pk: `ITEMSIZE#${randomUUID()}`,
    sk: 'X',
    name: 'Zoë Ångström',
    count: 12_345,
    ratio: 0.95,
    negative: -7,
    zero: 0,
    big: 9_007_199_254_740_991,
    small: 0.000_125,
    flag: true,
    nothing: null,
    tags: ['a', 'ünïcode', 3],
    nested: { title: 'Engineer', years: [2019, 2024], empty: {}, deeper: { ok: false } },
    note: '',
  };
  return { ...base, note: 'x'.repeat(bytes - itemBytes(base)) };
};

describe('the size of an item as DynamoDB counts it', () => {
  it('is exactly where DynamoDB stops accepting an item', async () => {
    const largest = itemOf(maxItemBytes);
    expect(itemBytes(largest)).toBe(maxItemBytes);
    await db.documents.send(new PutCommand({ TableName: db.table, Item: largest }));

    const tooLarge = itemOf(maxItemBytes + 1);
    const refused = await db.documents.send(new PutCommand({ TableName: db.table, Item: tooLarge })).catch((e) => e);
    expect(isItemTooLarge(refused)).toBe(true);
  });

  it("recognises DynamoDB's refusal of an update that would outgrow the limit", async () => {
    const item = itemOf(300 * 1024);
    await db.documents.send(new PutCommand({ TableName: db.table, Item: item }));
    const refused = await db.documents
      .send(
        new UpdateCommand({
          TableName: db.table,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET more = :more',
          ExpressionAttributeValues: { ':more': 'y'.repeat(200 * 1024) },
        }),
      )
      .catch((e) => e);
    expect(isItemTooLarge(refused)).toBe(true);
    expect(isItemTooLarge(new Error('Item size has exceeded the maximum allowed size'))).toBe(false);
  });
});
