import {
  BatchGetCommand,
  BatchWriteCommand,
  createDocumentClient,
  DescribeTableCommand,
  type DocumentClient,
  type DocumentClientConfig,
  QueryCommand,
  type QueryCommandInput,
} from './dynamo.js';

/**
 * What every access function of `lambdas/data/` needs: the document client (plain JavaScript values in and out,
 * dynamo.ts) and the table's name. Built once per Lambda and passed in (STYLE §10).
 */
export type DataClient = { documents: DocumentClient; table: string };

const shared = new Map<string, DataClient>();

/**
 * The DynamoDB client of a Lambda. The endpoint comes from `AWS_ENDPOINT_URL_DYNAMODB` when set (DynamoDB Local), so
 * the same code runs locally and in AWS. Without `config` one client per table (and endpoint) serves the whole
 * process, so the HTTP kit's deleted-account check and the domain share it, with the endpoint of the environment when
 * this was called.
 * @default region and credentials from the environment
 */
export const createDataClient = (table: string, config?: DocumentClientConfig): DataClient => {
  if (config) return { documents: createDocumentClient({ maxAttempts: 3, ...config }), table };
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const key = `${table}\n${endpoint ?? ''}`;
  const existing = shared.get(key);
  if (existing) return existing;
  const created = { documents: createDocumentClient({ maxAttempts: 3, ...(endpoint ? { endpoint } : {}) }), table };
  shared.set(key, created);
  return created;
};

// the table answers (DescribeTable): the health check
export const checkTable = async (db: DataClient) => {
  await db.documents.send(new DescribeTableCommand({ TableName: db.table }));
};

/** Every item a Query matches, page after page (past DynamoDB's 1 MB per answer). */
export const queryAll = async (
  db: DataClient,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** BatchGetItem takes at most 100 keys. */
const batchGetSize = 100;

// items by key (BatchGetItem, consistent, unprocessed keys asked again); missing ones are left out
export const batchGet = async (db: DataClient, keys: readonly Record<string, unknown>[]) => {
  const found: Record<string, unknown>[] = [];
  for (let index = 0; index < keys.length; index += batchGetSize) {
    let pending = keys.slice(index, index + batchGetSize);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 6) throw new Error(`${pending.length} items stayed unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await db.documents.send(
        new BatchGetCommand({ RequestItems: { [db.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      found.push(...(result.Responses?.[db.table] ?? []));
      pending = result.UnprocessedKeys?.[db.table]?.Keys ?? [];
    }
  }
  return found;
};

/** BatchWriteItem takes at most 25 requests. */
const batchWriteSize = 25;
/** Items DynamoDB leaves unprocessed are retried after 50, 100, 200, ... ms: 8 attempts, about 6 s of waiting at worst. */
const batchWriteAttempts = 8;

/** One write of `batchWrite`: an item put as it is (no condition), or a key deleted. */
export type BatchWriteRequest =
  | { PutRequest: { Item: Record<string, unknown> } }
  | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * Puts and deletes without conditions, 25 per BatchWriteItem one after another, retrying what DynamoDB leaves
 * unprocessed (throttling) with backoff.
 */
export const batchWrite = async (db: DataClient, requests: readonly BatchWriteRequest[]) => {
  for (let index = 0; index < requests.length; index += batchWriteSize) {
    let pending = requests.slice(index, index + batchWriteSize);
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > batchWriteAttempts)
        throw new Error(`${pending.length} writes stayed unprocessed after ${batchWriteAttempts} attempts`);
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 2)));
      const result = await db.documents.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = (result.UnprocessedItems?.[db.table] ?? []) as BatchWriteRequest[];
    }
  }
};

/**
 * The partition of a sharded index an id's item goes to (0 .. shards-1), from the id's characters: stable, so an
 * item moved along its index stays in its partition.
 */
export const shardOf = (id: string, shards: number) =>
  Array.from(id).reduce((sum, char) => sum + char.charCodeAt(0), 0) % shards;

/**
 * The items of a sharded sparse index whose sort key is before `before` (a due time), the longest due first: one
 * Query of each partition side by side, up to `perPartition` items each in pages; the rest wait for the next run.
 * The due indexes of scheduled jobs (owed lookups, token renewals, due sends) all read this way.
 */
export const dueOnShardedIndex = async (
  db: DataClient,
  input: {
    index: 'gsi1' | 'gsi2';
    partitions: readonly string[];
    before: string;
    perPartition: number;
    projection?: Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'>;
  },
): Promise<Record<string, unknown>[]> => {
  const found = await Promise.all(
    input.partitions.map(async (partition) => {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.documents.send(
          new QueryCommand({
            TableName: db.table,
            IndexName: input.index,
            KeyConditionExpression: `${input.index}pk = :partition AND ${input.index}sk < :before`,
            ExpressionAttributeValues: { ':partition': partition, ':before': input.before },
            ...input.projection,
            Limit: input.perPartition - items.length,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start && items.length < input.perPartition);
      return items;
    }),
  );
  return found.flat();
};
