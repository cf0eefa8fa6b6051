import { QueryCommand } from './dynamo.js';
import { batchWrite, type DataClient } from './client.js';
import { tenantKey } from './entity/keys.js';
import { table } from './table.js';

/*
 * Raw access to a user's whole partition, whatever entities later features put there: the account export and
 * deletion read and remove items they do not model.
 */

type Key = Record<string, unknown>;

// every item of a user (Query on the partition key, paged; never a Scan); `keysOnly` reads just pk and sk
export const userItems = async (db: DataClient, uid: string, options: { keysOnly?: boolean } = {}) => {
  const items: Record<string, unknown>[] = [];
  let start: Key | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': table.partitionKey, ...(options.keysOnly ? { '#sk': table.sortKey } : {}) },
        ExpressionAttributeValues: { ':pk': tenantKey(uid) },
        ...(options.keysOnly ? { ProjectionExpression: '#pk, #sk' } : {}),
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** Deletes items by key (lambdas/data/client.ts `batchWrite`: 25 per request, what is left unprocessed retried). */
export const deleteItems = (db: DataClient, keys: Key[]) =>
  batchWrite(
    db,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
