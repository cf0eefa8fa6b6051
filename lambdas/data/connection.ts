import { GetCommand, PutCommand } from './dynamo.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { Sealed } from '../providers/crypto/envelope.js';
import type { EncryptionContext } from '../providers/crypto/port.js';
import { type DataClient, dueOnShardedIndex, shardOf } from './client.js';
import { sealedPurposes } from './connection-purposes.js';
import { writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';
import { accessPatterns } from './table.js';

/**
 * The OAuth connection (DESIGN §6, §8 'Mailboxes', SPEC §3 'Zoom connection'), one entity for every provider: what a
 * connection is, where it is kept, how its tokens are sealed and how the renewal job finds it. Each provider's own
 * items beside it live in its file (lambdas/data/mailbox.ts: the address guard and the default pointer;
 * lambdas/data/zoom-connection.ts: the Zoom user's link), built on this one.
 *
 * Two stored shapes, kept as they were written (items already in the table stay readable):
 * - `mailbox` (Gmail, Outlook): `USER#<sub>` / `MAILBOX#<ulid>`, many per user; expiry in `expiry`; on the due index
 *   while `connected` with a refresh token, partition `MAILBOXREFRESH#<shard of the id>`, sort `<expiry>#<sub>#<id>`;
 * - `zoom`: `USER#<sub>` / `ZOOM`, one per user; expiry in `expiresAt`; on the due index while its grant holds
 *   (`refreshError` null), partition `ZOOMREFRESH#<shard of the user>`, sort `<expiresAt>#<sub>`.
 * The due index (`accessPatterns.dueTokenRenewals`) is sparse and sharded so every renewal does not write to one partition (DESIGN §4).
 */
export type ConnectionProvider = MailProvider | 'zoom';
export type ConnectionKind = 'mailbox' | 'zoom';

/** What every connection holds, whatever its provider. */
export type ConnectionCore = {
  uid: string;
  /** a ULID, new with each connection */
  id: string;
  /** lower case */
  email: string;
  connectedAt: string;
  updatedAt: string;
  /** written with every change: a change made on a stale read is refused */
  version: number;
  /** `{accessToken, refreshToken}`, sealed under `connectionTokenContext` (lambdas/connections/sealing.ts) */
  tokens: Sealed;
};

/** A connection's tokens as opened; a mailbox connected from tokens the user gave may have no refresh token. */
export type TokenPair = { accessToken: string; refreshToken: string | null };

export const connectionKindOf = (provider: ConnectionProvider): ConnectionKind =>
  provider === 'zoom' ? 'zoom' : 'mailbox';

/** Partitions of the due index per kind. */
const dueShards = 4;

const layouts = {
  mailbox: {
    sortKey: (id: string) => `MAILBOX#${id}`,
    duePartition: (shard: number) => `MAILBOXREFRESH#${shard}`,
    dueKeys: (ref: { uid: string; id: string }, expiresAt: string) => ({
      gsi1pk: `MAILBOXREFRESH#${shardOf(ref.id, dueShards)}`,
      gsi1sk: `${expiresAt}#${ref.uid}#${ref.id}`,
    }),
    expiresAt: (item: Record<string, unknown>) => String(item.expiry),
    provider: (item: Record<string, unknown>) => item.provider as ConnectionProvider,
  },
  zoom: {
    sortKey: (_id: string) => 'ZOOM',
    duePartition: (shard: number) => `ZOOMREFRESH#${shard}`,
    dueKeys: (ref: { uid: string; id: string }, expiresAt: string) => ({
      gsi1pk: `ZOOMREFRESH#${shardOf(ref.uid, dueShards)}`,
      gsi1sk: `${expiresAt}#${ref.uid}`,
    }),
    expiresAt: (item: Record<string, unknown>) => String(item.expiresAt),
    provider: (_item: Record<string, unknown>) => 'zoom' as const,
  },
} as const;

/** A connection's key: a mailbox by its id, Zoom by the user alone (one per user). */
export const connectionKey = (kind: ConnectionKind, uid: string, id = '') => ({
  pk: tenantKey(uid),
  sk: layouts[kind].sortKey(id),
});

/**
 * A connection as stored: its key, its `entity`, its fields, and its due-index keys while it `renews` (connected with
 * a refresh token); without them it is off the index, so the renewal job never reads it.
 */
export const connectionRecord = <T extends ConnectionCore>(
  kind: ConnectionKind,
  entity: string,
  item: T,
  due: { expiresAt: string; renews: boolean },
) => ({
  ...connectionKey(kind, item.uid, item.id),
  entity,
  ...item,
  ...(due.renews ? layouts[kind].dueKeys(item, due.expiresAt) : {}),
});

// one connection as stored (GetItem, consistent); null when there is none
export const readConnection = async (db: DataClient, kind: ConnectionKind, uid: string, id?: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: connectionKey(kind, uid, id), ConsistentRead: true }),
  );
  return Item ?? null;
};

// a changed connection written whole as the next version of the one read at `readVersion` (PutItem on the condition
// that it still exists at that version); false when it was deleted or changed since
export const replaceConnection = (db: DataClient, stored: Record<string, unknown>, readVersion: number) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...stored, version: readVersion + 1 },
        ConditionExpression: 'attribute_exists(pk) AND version = :read',
        ExpressionAttributeValues: { ':read': readVersion },
      }),
    ),
  );

/** A connection the due index lists: whose it is, which, of what provider, and when its access token expires. */
export type DueConnection = { provider: ConnectionProvider; uid: string; id: string; expiresAt: string };

// the renewing connections of every user, of the kinds asked, whose access token expires before `before`, soonest
// first (one Query of the due index per partition of each kind, up to `perPartition` each; the rest on the next run)
export const connectionsDueBefore = async (
  db: DataClient,
  kinds: readonly ConnectionKind[],
  before: Date,
  perPartition: number,
): Promise<DueConnection[]> => {
  const found = await Promise.all(
    kinds.map(async (kind) =>
      (
        await dueOnShardedIndex(db, {
          index: accessPatterns.dueTokenRenewals.index,
          partitions: Array.from({ length: dueShards }, (_, shard) => layouts[kind].duePartition(shard)),
          before: before.toISOString(),
          perPartition,
        })
      ).map((item) => ({
        provider: layouts[kind].provider(item),
        uid: String(item.uid),
        id: String(item.id),
        expiresAt: layouts[kind].expiresAt(item),
      })),
    ),
  );
  return found.flat().sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
};

/**
 * What a connection's tokens are sealed under (DESIGN §6): the purpose of its kind, the user and the connection (a copy
 * elsewhere does not open). The names are those the stored tokens were sealed with.
 */
export const connectionTokenContext = (ref: {
  provider: ConnectionProvider;
  uid: string;
  id: string;
}): EncryptionContext =>
  connectionKindOf(ref.provider) === 'mailbox'
    ? { purpose: sealedPurposes.mailboxTokens, uid: ref.uid, mailbox: ref.id }
    : { purpose: sealedPurposes.zoomTokens, uid: ref.uid, connection: ref.id };
