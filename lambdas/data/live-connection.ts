import { DeleteCommand, PutCommand, QueryCommand } from './dynamo.js';
import type { DataClient } from './client.js';
import { accessPatterns, table } from './table.js';
import { tenantKey } from './entity/keys.js';

/**
 * An open live-channel connection (DESIGN §8 "Live channel"): `USER#<sub>` / `LIVE#<connectionId>`, written by
 * `$connect`, removed by `$disconnect` (found by its connection id, `accessPatterns.liveConnectionById`: the disconnect
 * event names no user) or when a publish finds it gone (410). API Gateway closes a WebSocket after two hours at most,
 * so an item the disconnect never removed (a Lambda that failed) expires with its TTL a little later.
 */
export type LiveConnection = { uid: string; connectionId: string; connectedAt: string };

export const liveConnectionRecord = 'liveConnection';

/** API Gateway's longest connection is 2 hours; the item outlives it a little. */
export const liveConnectionTtlSeconds = 3 * 3600;

const sortKeyPrefix = 'LIVE#';

export const liveConnectionKey = (uid: string, connectionId: string) => ({
  [table.partitionKey]: tenantKey(uid),
  [table.sortKey]: `${sortKeyPrefix}${connectionId}`,
});

const byConnectionKey = (connectionId: string) => `LIVE_CONNECTION#${connectionId}`;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Records the connection of `uid` (PutItem; a repeated connect of the same id renews it). */
export const putLiveConnection = async (db: DataClient, uid: string, connectionId: string, now: Date) => {
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...liveConnectionKey(uid, connectionId),
        entity: liveConnectionRecord,
        uid,
        connectionId,
        connectedAt: now.toISOString(),
        [accessPatterns.liveConnectionById.partitionKey]: byConnectionKey(connectionId),
        [accessPatterns.liveConnectionById.sortKey]: 'LIVE_CONNECTION',
        [table.ttlAttribute]: epochSeconds(now) + liveConnectionTtlSeconds,
      },
    }),
  );
};

/** The open connections of `uid` (Query of the user's `LIVE#` items; an expired one the TTL has not removed yet is left out). */
export const listLiveConnections = async (db: DataClient, uid: string, now: Date): Promise<LiveConnection[]> => {
  const connections: LiveConnection[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        FilterExpression: '#ttl > :now',
        ExpressionAttributeNames: { '#pk': table.partitionKey, '#sk': table.sortKey, '#ttl': table.ttlAttribute },
        ExpressionAttributeValues: {
          ':pk': tenantKey(uid),
          ':prefix': sortKeyPrefix,
          ':now': epochSeconds(now),
        },
        ProjectionExpression: 'uid, connectionId, connectedAt',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      connections.push({
        uid: String(item.uid),
        connectionId: String(item.connectionId),
        connectedAt: String(item.connectedAt),
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return connections;
};

/** Forgets one connection of `uid` (DeleteItem; nothing to forget is fine). */
export const deleteLiveConnection = async (db: DataClient, uid: string, connectionId: string) => {
  await db.documents.send(new DeleteCommand({ TableName: db.table, Key: liveConnectionKey(uid, connectionId) }));
};

/** Forgets a connection known only by its id (the `$disconnect` event): found by it, then deleted. */
export const deleteLiveConnectionById = async (db: DataClient, connectionId: string) => {
  const { Items } = await db.documents.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: accessPatterns.liveConnectionById.index,
      KeyConditionExpression: '#gsi2pk = :gsi2pk',
      ExpressionAttributeNames: { '#gsi2pk': accessPatterns.liveConnectionById.partitionKey },
      ExpressionAttributeValues: { ':gsi2pk': byConnectionKey(connectionId) },
    }),
  );
  for (const item of Items ?? []) {
    if (item.entity === liveConnectionRecord) await deleteLiveConnection(db, String(item.uid), connectionId);
  }
};
