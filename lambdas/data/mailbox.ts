import { DeleteCommand, PutCommand } from './dynamo.js';
import type { ConnectedEmail, Connection, ConnectionStatus, MailProvider } from '../../shared/schemas/mailboxes.js';
import type { Sealed } from '../providers/crypto/envelope.js';
import { queryAll, type DataClient } from './client.js';
import {
  type ConnectionCore,
  connectionKey,
  connectionRecord,
  readConnection,
  replaceConnection,
} from './connection.js';
import { writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';
import { transact } from './entity/transaction.js';

/**
 * A user's connected mailboxes (DESIGN §8 'Mailboxes'), under the user's key (DESIGN §3):
 * - `USER#<sub>` / `MAILBOX#<ulid>`: one mailbox, its OAuth tokens sealed (DESIGN §6: envelope encryption, the
 *   service seals and opens them; nothing here reads a token);
 * - `USER#<sub>` / `MAILBOXADDR#<address>`: the address's guard, so one address is one mailbox of a user however
 *   many sign-ins finish at once;
 * - `USER#<sub>` / `MAILBOXDEFAULT`: which mailbox is the default, a pointer: making a default is one write and two
 *   defaults cannot exist. A pointer naming no mailbox (a race of a delete and a connect) reads as the oldest one.
 * All three share the `MAILBOX` prefix, so a user's mailboxes and their default are one Query.
 * The mailbox itself is an OAuth connection (lambdas/data/connection.ts: its key, its sealed tokens, the due index a
 * connected mailbox with a refresh token is on while the token-refresh job renews it, DESIGN §4).
 */
export type MailboxItem = ConnectionCore & {
  provider: MailProvider;
  status: ConnectionStatus;
  /** when the access token expires, ISO 8601 */
  expiry: string;
  refreshError: string | null;
  lastSynced: string | null;
  /** whether `tokens` holds a refresh token (the refresh index lists only those) */
  renewable: boolean;
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

export const mailboxKey = (uid: string, id: string) => connectionKey('mailbox', uid, id);
const addressKey = (uid: string, email: string) => ({ pk: tenantKey(uid), sk: `${addressPrefix}${email}` });
const defaultKey = (uid: string) => ({ pk: tenantKey(uid), sk: defaultSortKey });

const toItem = (item: MailboxItem) =>
  connectionRecord('mailbox', mailboxRecord, item, {
    expiresAt: item.expiry,
    renews: item.status === 'connected' && item.renewable,
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
  const item = await readConnection(db, 'mailbox', uid, id);
  return item ? fromItem(item) : null;
};

/**
 * A new mailbox and its address's guard (one transaction, both on the condition that they are new): 'created', or
 * 'address-taken' when the user has a mailbox of this address already (nothing was written).
 */
export const createMailbox = async (db: DataClient, item: MailboxItem): Promise<'created' | 'address-taken'> => {
  const outcome = await transact(db, {
    mailbox: { Put: { TableName: db.table, Item: toItem(item), ConditionExpression: 'attribute_not_exists(pk)' } },
    address: {
      Put: {
        TableName: db.table,
        Item: { ...addressKey(item.uid, item.email), entity: mailboxAddressRecord, mailboxId: item.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  });
  if (outcome.done) return 'created';
  if (outcome.refused.has('address')) return 'address-taken';
  throw new Error(`A new mailbox was not written (${outcome.summary})`);
};

// a changed mailbox written whole as the next version of the one read (PutItem on the condition that it still exists
// at that version); false when it was deleted or changed since
export const replaceMailbox = (db: DataClient, item: MailboxItem) => replaceConnection(db, toItem(item), item.version);

// makes a mailbox the default (one transaction: the mailbox exists, the pointer names it); false when it does not
export const setDefaultMailbox = async (db: DataClient, uid: string, id: string): Promise<boolean> => {
  const outcome = await transact(db, {
    mailbox: {
      ConditionCheck: { TableName: db.table, Key: mailboxKey(uid, id), ConditionExpression: 'attribute_exists(pk)' },
    },
    pointer: {
      Put: { TableName: db.table, Item: { ...defaultKey(uid), entity: mailboxDefaultRecord, mailboxId: id } },
    },
  });
  if (outcome.done) return true;
  if (outcome.refused.has('mailbox')) return false;
  throw new Error(`The default mailbox was not set (${outcome.summary})`);
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
  const outcome = await transact(db, {
    mailbox: {
      Delete: { TableName: db.table, Key: mailboxKey(item.uid, item.id), ConditionExpression: 'attribute_exists(pk)' },
    },
    address: { Delete: { TableName: db.table, Key: addressKey(item.uid, item.email) } },
  });
  if (outcome.done) return true;
  if (outcome.refused.has('mailbox')) return false;
  throw new Error(`A mailbox was not deleted (${outcome.summary})`);
};

/*
 * The wire forms of mailboxes live with their items, not in the mailboxes domain: the profiles domain reads
 * `connectedEmails` here without reaching that domain's index.ts, whose wiring (deps.ts) imports the mail adapters
 * lazily. esbuild's code splitting puts the code a lazily imported chunk uses of a shared package (zod's schema types
 * the adapters parse with) in the cold start of every bundle that reaches that chunk's importer: the Cognito trigger,
 * which parses with a few of them, would load them all at cold start.
 */

/** A mailbox as every route answers it (DESIGN §8): never a token. */
export const toConnection = (item: MailboxItem, defaultId: string | null): Connection => ({
  id: item.id,
  email: item.email,
  provider: item.provider,
  status: item.status,
  isDefault: item.id === defaultId,
  expiry: item.expiry,
  refreshError: item.refreshError,
  connectedAt: item.connectedAt,
  lastSynced: item.lastSynced,
});

/** A user's mailboxes, the default first, then the oldest first. */
export const toConnections = ({ mailboxes, defaultId }: MailboxSet): Connection[] =>
  [...mailboxes]
    .sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId) || a.id.localeCompare(b.id))
    .map((item) => toConnection(item, defaultId));

/** The profile's `connectedEmails` (SPEC §3), the default first. */
export const toConnectedEmails = (set: MailboxSet): ConnectedEmail[] =>
  toConnections(set).map(
    ({ id, provider, email, isDefault, status, connectedAt, lastSynced, refreshError, expiry }) => ({
      id,
      provider,
      email,
      isDefault,
      status,
      connectedAt,
      lastSynced,
      refreshError,
      expiry,
    }),
  );
