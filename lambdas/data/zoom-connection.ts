import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ZoomRefreshError } from '../../shared/schemas/meetings.js';
import type { Sealed } from '../providers/crypto/envelope.js';
import { type DataClient, dueOnShardedIndex, shardOf } from './client.js';
import { writtenIf } from './entity/condition.js';
import { cancellationReasons } from './errors.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's Zoom connection (SPEC §3 'Zoom connection'), one per user:
 * - `USER#<sub>` / `ZOOM`: who the Zoom account is, when its access token expires, whether its grant is gone
 *   (`refreshError`), its OAuth tokens sealed (DESIGN §6; the service seals and opens them, nothing here reads one).
 *   While connected it is on the refresh index (gsi1, sparse, `ZOOMREFRESH#<shard>`, sorted by expiry), which the
 *   zoom-token-refresh job Queries (DESIGN §4); an expired one is taken off.
 * - `ZOOMUSER#<zoomUserId>` / `USER#<sub>`: the Zoom user's link to each user connected as them, so Zoom's
 *   deauthorization event (which names the Zoom user) finds their connections without a scan.
 */
export type ZoomConnectionItem = {
  uid: string;
  /** the connection's id (a ULID, new with each sign-in) */
  id: string;
  /** lower case */
  email: string;
  zoomUserId: string;
  accountId: string;
  /** when the access token expires, ISO 8601 */
  expiresAt: string;
  /** why the grant is gone (SPEC §4 'Zoom states': expired); null while connected */
  refreshError: ZoomRefreshError | null;
  connectedAt: string;
  updatedAt: string;
  /** written with every change: a change made on a stale read is refused */
  version: number;
  /** `{accessToken, refreshToken}`, sealed (lambdas/providers/crypto/envelope.ts) */
  tokens: Sealed;
};

export const zoomConnectionRecord = 'zoom-connection';
/** The deauthorization lookup: machinery, not the owner's data (it lives outside the user's partition). */
export const zoomUserRecord = 'zoom-user';

/** Partitions of the refresh index, so every renewal does not write to one GSI partition. */
const refreshShards = 4;
const refreshPartition = (shard: number) => `ZOOMREFRESH#${shard}`;

export const zoomConnectionKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'ZOOM' });
export const zoomUserKey = (zoomUserId: string, uid: string) => ({
  pk: `ZOOMUSER#${zoomUserId}`,
  sk: tenantKey(uid),
});

const refreshKeys = (item: ZoomConnectionItem) =>
  item.refreshError === null
    ? { gsi1pk: refreshPartition(shardOf(item.uid, refreshShards)), gsi1sk: `${item.expiresAt}#${item.uid}` }
    : {};

const toItem = (item: ZoomConnectionItem) => ({
  ...zoomConnectionKey(item.uid),
  entity: zoomConnectionRecord,
  ...item,
  ...refreshKeys(item),
});

const fromItem = (item: Record<string, unknown>): ZoomConnectionItem => ({
  uid: String(item.uid),
  id: String(item.id),
  email: String(item.email),
  zoomUserId: String(item.zoomUserId),
  accountId: String(item.accountId),
  expiresAt: String(item.expiresAt),
  refreshError: (item.refreshError as ZoomRefreshError | null | undefined) ?? null,
  connectedAt: String(item.connectedAt),
  updatedAt: String(item.updatedAt ?? item.connectedAt),
  version: Number(item.version ?? 0),
  tokens: item.tokens as Sealed,
});

// the user's Zoom connection (GetItem, consistent); null when the user has none
export const getZoomConnection = async (db: DataClient, uid: string): Promise<ZoomConnectionItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: zoomConnectionKey(uid), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

/**
 * A sign-in's connection, new or in place of the one read (`previous`, null when there was none), and its Zoom user's
 * link (one transaction: the connection on the condition that it is still as read; the link of the Zoom user it
 * replaces goes when that is another). Written at the next version; false when the connection changed since it was
 * read (nothing was written).
 */
export const putZoomConnection = async (
  db: DataClient,
  item: ZoomConnectionItem,
  previous: Pick<ZoomConnectionItem, 'version' | 'zoomUserId'> | null,
): Promise<boolean> => {
  const written = { ...item, version: previous ? previous.version + 1 : 0 };
  try {
    await db.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: toItem(written),
              ...(previous
                ? {
                    ConditionExpression: 'version = :read',
                    ExpressionAttributeValues: { ':read': previous.version },
                  }
                : { ConditionExpression: 'attribute_not_exists(pk)' }),
            },
          },
          {
            Put: {
              TableName: db.table,
              Item: { ...zoomUserKey(item.zoomUserId, item.uid), entity: zoomUserRecord, uid: item.uid },
            },
          },
          ...(previous && previous.zoomUserId !== item.zoomUserId
            ? [{ Delete: { TableName: db.table, Key: zoomUserKey(previous.zoomUserId, item.uid) } }]
            : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

// a changed connection (renewed, expired) written whole as the next version of the one read (PutItem on the condition
// that it still exists at that version); false when it was deleted or changed since
export const replaceZoomConnection = (db: DataClient, item: ZoomConnectionItem) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem({ ...item, version: item.version + 1 }),
        ConditionExpression: 'attribute_exists(pk) AND version = :read',
        ExpressionAttributeValues: { ':read': item.version },
      }),
    ),
  );

/**
 * Removes the user's connection and its Zoom user's link (one transaction, on the condition that the connection is
 * of that Zoom user); false when it is not (none, or since connected as another Zoom user: that one stays).
 */
export const deleteZoomConnection = async (db: DataClient, uid: string, zoomUserId: string): Promise<boolean> => {
  try {
    await db.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.table,
              Key: zoomConnectionKey(uid),
              ConditionExpression: 'zoomUserId = :zoomUser',
              ExpressionAttributeValues: { ':zoomUser': zoomUserId },
            },
          },
          { Delete: { TableName: db.table, Key: zoomUserKey(zoomUserId, uid) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

// the users linked to a Zoom user (one Query of its link partition, at most `limit`)
export const usersOfZoomUser = async (db: DataClient, zoomUserId: string, limit: number): Promise<string[]> => {
  const { Items } = await db.documents.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `ZOOMUSER#${zoomUserId}` },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => String(item.uid));
};

// connected Zoom connections of every user whose access token expires before `before`, soonest first (one Query of
// gsi1 per partition, up to `perPartition` each; the rest on the next run)
export const zoomConnectionsExpiringBefore = async (
  db: DataClient,
  before: Date,
  perPartition: number,
): Promise<ZoomConnectionItem[]> =>
  (
    await dueOnShardedIndex(db, {
      index: 'gsi1',
      partitions: Array.from({ length: refreshShards }, (_, shard) => refreshPartition(shard)),
      before: before.toISOString(),
      perPartition,
    })
  ).map(fromItem);
