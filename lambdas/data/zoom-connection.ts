import { QueryCommand } from './dynamo.js';
import type { ZoomRefreshError } from '../../shared/schemas/meetings.js';
import type { Sealed } from '../providers/crypto/envelope.js';
import type { DataClient } from './client.js';
import {
  type ConnectionCore,
  connectionKey,
  connectionRecord,
  readConnection,
  replaceConnection,
} from './connection.js';
import { tenantKey } from './entity/keys.js';
import { transact } from './entity/transaction.js';

/**
 * A user's Zoom connection (SPEC §3 'Zoom connection'), one per user:
 * - `USER#<sub>` / `ZOOM`: who the Zoom account is, when its access token expires, whether its grant is gone
 *   (`refreshError`), its OAuth tokens sealed. It is an OAuth connection (lambdas/data/connection.ts: its key, its
 *   sealed tokens, the due index it is on while connected, which the token-refresh job reads, DESIGN §4).
 * - `ZOOMUSER#<zoomUserId>` / `USER#<sub>`: the Zoom user's link to each user connected as them, so Zoom's
 *   deauthorization event (which names the Zoom user) finds their connections without a scan.
 */
export type ZoomConnectionItem = ConnectionCore & {
  zoomUserId: string;
  accountId: string;
  /** when the access token expires, ISO 8601 */
  expiresAt: string;
  /** why the grant is gone (SPEC §4 'Zoom states': expired); null while connected */
  refreshError: ZoomRefreshError | null;
};

export const zoomConnectionRecord = 'zoom-connection';
/** The deauthorization lookup: machinery, not the owner's data (it lives outside the user's partition). */
export const zoomUserRecord = 'zoom-user';

export const zoomConnectionKey = (uid: string) => connectionKey('zoom', uid);
export const zoomUserKey = (zoomUserId: string, uid: string) => ({
  pk: `ZOOMUSER#${zoomUserId}`,
  sk: tenantKey(uid),
});

const toItem = (item: ZoomConnectionItem) =>
  connectionRecord('zoom', zoomConnectionRecord, item, {
    expiresAt: item.expiresAt,
    renews: item.refreshError === null,
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
  const item = await readConnection(db, 'zoom', uid);
  return item ? fromItem(item) : null;
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
  const outcome = await transact(db, {
    connection: {
      Put: {
        TableName: db.table,
        Item: toItem(written),
        ...(previous
          ? { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': previous.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    link: {
      Put: {
        TableName: db.table,
        Item: { ...zoomUserKey(item.zoomUserId, item.uid), entity: zoomUserRecord, uid: item.uid },
      },
    },
    previousLink:
      previous && previous.zoomUserId !== item.zoomUserId
        ? { Delete: { TableName: db.table, Key: zoomUserKey(previous.zoomUserId, item.uid) } }
        : undefined,
  });
  if (outcome.done) return true;
  if (outcome.refused.has('connection')) return false;
  throw new Error(`A Zoom connection was not written (${outcome.summary})`);
};

// a changed connection (renewed, expired) written whole as the next version of the one read (PutItem on the condition
// that it still exists at that version); false when it was deleted or changed since
export const replaceZoomConnection = (db: DataClient, item: ZoomConnectionItem) =>
  replaceConnection(db, toItem(item), item.version);

/**
 * Removes the user's connection and its Zoom user's link (one transaction, on the condition that the connection is
 * of that Zoom user); false when it is not (none, or since connected as another Zoom user: that one stays).
 */
export const deleteZoomConnection = async (db: DataClient, uid: string, zoomUserId: string): Promise<boolean> => {
  const outcome = await transact(db, {
    connection: {
      Delete: {
        TableName: db.table,
        Key: zoomConnectionKey(uid),
        ConditionExpression: 'zoomUserId = :zoomUser',
        ExpressionAttributeValues: { ':zoomUser': zoomUserId },
      },
    },
    link: { Delete: { TableName: db.table, Key: zoomUserKey(zoomUserId, uid) } },
  });
  if (outcome.done) return true;
  if (outcome.refused.has('connection')) return false;
  throw new Error(`A Zoom connection was not deleted (${outcome.summary})`);
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
