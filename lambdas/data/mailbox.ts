import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionStatus, MailProvider } from '../../shared/schemas/mailboxes.js';
import type { Sealed } from '../providers/crypto/envelope.js';
import { dueOnShardedIndex, queryAll, shardOf, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { cancellationReasons } from './errors.js';
import { tenantKey } from './entity/keys.js';

/**
 * A user's connected mailboxes (DESIGN §8 'Mailboxes'), under the user's key (DESIGN §3):
 * - `USER#<sub>` / `MAILBOX#<ulid>`: one mailbox, its OAuth tokens sealed (DESIGN §6: envelope encryption, the
 *   service seals and opens them; nothing here reads a token);
 * - `USER#<sub>` / `MAILBOXADDR#<address>`: the address's guard, so one address is one mailbox of a user however
 *   many sign-ins finish at once;
 * - `USER#<sub>` / `MAILBOXDEFAULT`: which mailbox is the default, a pointer: making a default is one write and two
 *   defaults cannot exist. A pointer naming no mailbox (a race of a delete and a connect) reads as the oldest one.
 * All three share the `MAILBOX` prefix, so a user's mailboxes and their default are one Query.
 * A connected mailbox with a refresh token is also on the refresh index (gsi1, sparse, `MAILBOXREFRESH#<shard>`,
 * sorted by expiry), which the token-refresh job Queries (DESIGN §4); an expired one is taken off.
 */
export type MailboxItem = {
  uid: string;
  id: string;
  provider: MailProvider;
  /** lower case */
  email: string;
  status: ConnectionStatus;
  /** when the access token expires, ISO 8601 */
  expiry: string;
  refreshError: string | null;
  connectedAt: string;
  lastSynced: string | null;
  updatedAt: string;
  /** written with every change (replaceMailbox): a change made on a stale read is refused */
  version: number;
  /** whether `tokens` holds a refresh token (the refresh index lists only those) */
  renewable: boolean;
  /** `{accessToken, refreshToken}`, sealed (lambdas/providers/crypto/envelope.ts) */
  tokens: Sealed;
  /**
   * The scopes the provider granted, as its token answer named them; absent for a mailbox connected before they were
   * kept (or from tokens the user gave): a renewal asks for no more than these (lambdas/providers/mail/microsoft.ts).
   */
  scopes?: string[];
};

export const mailboxRecord = 'mailbox';
/** The address guard and the default pointer: machinery of the mailboxes, not the owner's data (an export leaves them out). */
export const mailboxAddressRecord = 'mailbox-address';
export const mailboxDefaultRecord = 'mailbox-default';

const prefix = 'MAILBOX';
const mailboxPrefix = `${prefix}#`;
const addressPrefix = `${prefix}ADDR#`;
const defaultSortKey = `${prefix}DEFAULT`;

/** Partitions of the refresh index, so every token renewal does not write to one GSI partition. */
const refreshShards = 4;
const refreshPartition = (shard: number) => `MAILBOXREFRESH#${shard}`;

export const mailboxKey = (uid: string, id: string) => ({ pk: tenantKey(uid), sk: `${mailboxPrefix}${id}` });
const addressKey = (uid: string, email: string) => ({ pk: tenantKey(uid), sk: `${addressPrefix}${email}` });
const defaultKey = (uid: string) => ({ pk: tenantKey(uid), sk: defaultSortKey });

const refreshKeys = (item: MailboxItem) =>
  item.status === 'connected' && item.renewable
    ? { gsi1pk: refreshPartition(shardOf(item.id, refreshShards)), gsi1sk: `${item.expiry}#${item.uid}#${item.id}` }
    : {};

const toItem = (item: MailboxItem) => ({
  ...mailboxKey(item.uid, item.id),
  entity: mailboxRecord,
  ...item,
  ...refreshKeys(item),
});

const fromItem = (item: Record<string, unknown>): MailboxItem => ({
  uid: String(item.uid),
  id: String(item.id),
  provider: item.provider as MailProvider,
  email: String(item.email),
  status: item.status as ConnectionStatus,
  expiry: String(item.expiry),
  refreshError: (item.refreshError as string | null | undefined) ?? null,
  connectedAt: String(item.connectedAt),
  lastSynced: (item.lastSynced as string | null | undefined) ?? null,
  updatedAt: String(item.updatedAt ?? item.connectedAt),
  version: Number(item.version ?? 0),
  renewable: item.renewable === true,
  tokens: item.tokens as Sealed,
  ...(Array.isArray(item.scopes) ? { scopes: item.scopes.map(String) } : {}),
});

/** A user's mailboxes, oldest first (ULID order), and the default's id (null when the user has none). */
export type MailboxSet = { mailboxes: MailboxItem[]; defaultId: string | null };

/** The default of `mailboxes` given the pointer: the one it names, else the oldest; null without mailboxes. */
export const effectiveDefault = (mailboxes: readonly MailboxItem[], pointer: string | null): string | null =>
  mailboxes.find((mailbox) => mailbox.id === pointer)?.id ?? mailboxes[0]?.id ?? null;

// every mailbox of a user and the default (one Query on the partition key and `MAILBOX`, consistent)
export const listMailboxes = async (db: DataClient, uid: string): Promise<MailboxSet> => {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': prefix },
    ConsistentRead: true,
  });
  const mailboxes = items.filter((item) => String(item.sk).startsWith(mailboxPrefix)).map(fromItem);
  const pointer = items.find((item) => item.sk === defaultSortKey)?.mailboxId;
  return { mailboxes, defaultId: effectiveDefault(mailboxes, typeof pointer === 'string' ? pointer : null) };
};

// one mailbox of a user (GetItem, consistent); null when the user has none of this id
export const getMailbox = async (db: DataClient, uid: string, id: string): Promise<MailboxItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: mailboxKey(uid, id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

/**
 * A new mailbox and its address's guard (one transaction, both on the condition that they are new): 'created', or
 * 'address-taken' when the user has a mailbox of this address already (nothing was written).
 */
export const createMailbox = async (db: DataClient, item: MailboxItem): Promise<'created' | 'address-taken'> => {
  try {
    await db.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: toItem(item), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: db.table,
              Item: { ...addressKey(item.uid, item.email), entity: mailboxAddressRecord, mailboxId: item.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[1] === 'ConditionalCheckFailed') return 'address-taken';
    throw error;
  }
};

// a changed mailbox written whole as the next version of the one read (PutItem on the condition that it still exists
// at that version); false when it was deleted or changed since
export const replaceMailbox = (db: DataClient, item: MailboxItem) =>
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

// makes a mailbox the default (one transaction: the mailbox exists, the pointer names it); false when it does not
export const setDefaultMailbox = async (db: DataClient, uid: string, id: string): Promise<boolean> => {
  try {
    await db.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: db.table,
              Key: mailboxKey(uid, id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          { Put: { TableName: db.table, Item: { ...defaultKey(uid), entity: mailboxDefaultRecord, mailboxId: id } } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

// the user's first mailbox becomes the default (PutItem on the condition that there is no pointer yet)
export const setDefaultIfNone = (db: DataClient, uid: string, id: string) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...defaultKey(uid), entity: mailboxDefaultRecord, mailboxId: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );

/**
 * After the default was deleted: the pointer names `next` (or goes when there is none), on the condition that it
 * still names the deleted one (a default made meanwhile stays).
 */
export const replaceDeletedDefault = (db: DataClient, uid: string, deletedId: string, next: string | null) => {
  const condition = {
    ConditionExpression: 'mailboxId = :deleted',
    ExpressionAttributeValues: { ':deleted': deletedId },
  };
  return writtenIf(
    next
      ? db.documents.send(
          new PutCommand({
            TableName: db.table,
            Item: { ...defaultKey(uid), entity: mailboxDefaultRecord, mailboxId: next },
            ...condition,
          }),
        )
      : db.documents.send(new DeleteCommand({ TableName: db.table, Key: defaultKey(uid), ...condition })),
  );
};

// removes a mailbox and its address's guard (one transaction, the mailbox must exist); false when it did not
export const deleteMailbox = async (db: DataClient, item: Pick<MailboxItem, 'uid' | 'id' | 'email'>) => {
  try {
    await db.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.table,
              Key: mailboxKey(item.uid, item.id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          { Delete: { TableName: db.table, Key: addressKey(item.uid, item.email) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

// connected mailboxes of every user with a refresh token whose access token expires before `before`, soonest first
// (one Query of gsi1 per partition, up to `perPartition` each; the rest on the next run)
export const mailboxesExpiringBefore = async (
  db: DataClient,
  before: Date,
  perPartition: number,
): Promise<MailboxItem[]> =>
  (
    await dueOnShardedIndex(db, {
      index: 'gsi1',
      partitions: Array.from({ length: refreshShards }, (_, shard) => refreshPartition(shard)),
      before: before.toISOString(),
      perPartition,
    })
  ).map(fromItem);
