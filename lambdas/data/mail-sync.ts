import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from './dynamo.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { queryAll, shardOf, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { expressionParts, updateExpression, type UpdateSpec } from './expressions.js';
import { tenantKey } from './entity/keys.js';
import { accessPatterns } from './table.js';

/**
 * How each mailbox is read for replies (DESIGN §4 'reply checks', §8 'Conversations and replies'):
 * - `USER#<sub>` / `MAILSYNC#<mailboxId>`: the provider cursor (Gmail historyId, Graph deltaLink), push (Gmail watch,
 *   Graph subscription) and when it lapses, the last check and its SPEC §8 error. An active one is on the reply-check
 *   fan-out index (gsi2, sparse, `REPLYCHECK#<shard>`), which the reply-check schedule Queries;
 * - `MAILADDR#<address>` / `MAILBOX#<sub>#<mailboxId>` (outside any user: a Gmail push names only the address): the
 *   mailboxes of every user that read this address;
 * - `GRAPHSUB#<subscriptionId>` / `GRAPHSUB`: whose mailbox a Graph subscription reads, and the SHA-256 of its
 *   clientState (the secret itself is kept nowhere: a notification's is hashed and compared).
 */
export type MailSyncItem = {
  uid: string;
  mailboxId: string;
  provider: MailProvider;
  /** the mailbox's address, lower case */
  email: string;
  /** where the next read starts; null until the first check took one */
  cursor: string | null;
  /** on the fan-out index (false once the mailbox expired; a send or a user's check puts it back) */
  active: boolean;
  activatedAt: string;
  /** Gmail: the watch's start historyId; Graph: the subscription id */
  watchId: string | null;
  watchExpiresAt: string | null;
  lastCheckedAt: string | null;
  /** consecutive failed checks (SPEC §8: the banner shows the third) */
  errorCount: number;
  /** a replyCheckMessages text, null when the last check went well */
  error: string | null;
  errorAt: string | null;
  /** Outlook 429: no check before this time */
  retryAt: string | null;
};

export const mailSyncRecord = 'mail-sync';

const syncPrefix = 'MAILSYNC#';
/** Partitions of the fan-out index: every activation does not write to one GSI partition. */
export const replyCheckShards = 8;
const replyCheckPartition = (shard: number) => `REPLYCHECK#${shard}`;

export const mailSyncKey = (uid: string, mailboxId: string) => ({
  pk: tenantKey(uid),
  sk: `${syncPrefix}${mailboxId}`,
});
const addressKey = (email: string, uid: string, mailboxId: string) => ({
  pk: `MAILADDR#${email.toLowerCase()}`,
  sk: `MAILBOX#${uid}#${mailboxId}`,
});
const subscriptionKey = (subscriptionId: string) => ({ pk: `GRAPHSUB#${subscriptionId}`, sk: 'GRAPHSUB' });

const fanOutKeys = (uid: string, mailboxId: string) => ({
  gsi2pk: replyCheckPartition(shardOf(mailboxId, replyCheckShards)),
  gsi2sk: `${uid}#${mailboxId}`,
});

const text = (value: unknown) => (typeof value === 'string' ? value : null);

const fromItem = (item: Record<string, unknown>): MailSyncItem => ({
  uid: String(item.uid),
  mailboxId: String(item.mailboxId),
  provider: item.provider as MailProvider,
  email: String(item.email),
  cursor: text(item.cursor),
  active: item.active === true,
  activatedAt: String(item.activatedAt),
  watchId: text(item.watchId),
  watchExpiresAt: text(item.watchExpiresAt),
  lastCheckedAt: text(item.lastCheckedAt),
  errorCount: Number(item.errorCount ?? 0),
  error: text(item.error),
  errorAt: text(item.errorAt),
  retryAt: text(item.retryAt),
});

const update = (db: DataClient, key: Record<string, string>, spec: UpdateSpec, condition?: string) => {
  const p = expressionParts();
  const expression = updateExpression(p, spec);
  return new UpdateCommand({
    TableName: db.table,
    Key: key,
    UpdateExpression: expression,
    ConditionExpression: condition ?? `attribute_exists(${p.name('pk')})`,
    ExpressionAttributeNames: p.parts.names,
    ...(Object.keys(p.parts.values).length ? { ExpressionAttributeValues: p.parts.values } : {}),
  });
};

// a mailbox's sync state (GetItem, consistent); null when it was never activated
export const getMailSync = async (db: DataClient, uid: string, mailboxId: string): Promise<MailSyncItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: mailSyncKey(uid, mailboxId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

// every sync state of a user (one Query on the `MAILSYNC#` prefix)
export const listMailSyncs = async (db: DataClient, uid: string): Promise<MailSyncItem[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': syncPrefix },
    })
  ).map(fromItem);

/**
 * Puts a mailbox on the fan-out index and its address on the Gmail push lookup (idempotent: UpdateItem keeps the
 * cursor, push and errors of an existing one). Answers whether it was new.
 */
export const activateMailSync = async (
  db: DataClient,
  input: { uid: string; mailboxId: string; provider: MailProvider; email: string; now: Date },
): Promise<{ created: boolean }> => {
  const email = input.email.toLowerCase();
  const p = expressionParts();
  const expression = updateExpression(p, {
    set: {
      entity: mailSyncRecord,
      uid: input.uid,
      mailboxId: input.mailboxId,
      provider: input.provider,
      email,
      active: true,
      ...fanOutKeys(input.uid, input.mailboxId),
    },
    setIfMissing: { activatedAt: input.now.toISOString(), errorCount: 0 },
  });
  const { Attributes } = await db.documents.send(
    new UpdateCommand({
      TableName: db.table,
      Key: mailSyncKey(input.uid, input.mailboxId),
      UpdateExpression: expression,
      ExpressionAttributeNames: p.parts.names,
      ExpressionAttributeValues: p.parts.values,
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...addressKey(email, input.uid, input.mailboxId),
        entity: 'mail-address',
        uid: input.uid,
        mailboxId: input.mailboxId,
        provider: input.provider,
      },
    }),
  );
  return { created: Attributes?.entity === undefined };
};

// takes a mailbox off the fan-out index (expired: nothing can read it until it is reconnected)
export const deactivateMailSync = (db: DataClient, uid: string, mailboxId: string) =>
  writtenIf(
    db.documents.send(
      update(db, mailSyncKey(uid, mailboxId), { set: { active: false }, remove: ['gsi2pk', 'gsi2sk'] }),
    ),
  );

/**
 * Moves the cursor from the one this run read to the next (UpdateItem on the condition that it is still the one read):
 * a concurrent run that moved it first wins, and the cursor never goes back to an older read. False when it lost.
 */
export const advanceCursor = async (
  db: DataClient,
  uid: string,
  mailboxId: string,
  from: string | null,
  to: string,
): Promise<boolean> => {
  const p = expressionParts();
  const expression = updateExpression(p, { set: { cursor: to } });
  const cursor = p.name('cursor');
  const condition =
    from === null
      ? `attribute_exists(${p.name('pk')}) AND (attribute_not_exists(${cursor}) OR ${cursor} = ${p.value(null)})`
      : `${cursor} = ${p.value(from)}`;
  return writtenIf(
    db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mailSyncKey(uid, mailboxId),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: p.parts.names,
        ExpressionAttributeValues: p.parts.values,
      }),
    ),
  );
};

/** What a check leaves: when it ran, and its error (null clears it) with the consecutive count. */
export type CheckOutcome = {
  lastCheckedAt: string;
  errorCount: number;
  error: string | null;
  errorAt: string | null;
  retryAt: string | null;
};

// records a check's outcome (UpdateItem; false when the mailbox's sync state is gone)
export const recordCheckOutcome = (db: DataClient, uid: string, mailboxId: string, outcome: CheckOutcome) =>
  writtenIf(db.documents.send(update(db, mailSyncKey(uid, mailboxId), { set: { ...outcome } })));

// push as it now is: a new watch or subscription, or none (nulls)
export const recordWatch = (
  db: DataClient,
  uid: string,
  mailboxId: string,
  watch: { watchId: string | null; watchExpiresAt: string | null },
) => writtenIf(db.documents.send(update(db, mailSyncKey(uid, mailboxId), { set: watch })));

/** The mailbox is gone: its sync state and its address lookup go (a subscription's lookup goes with its renewal). */
export const deleteMailSync = async (db: DataClient, sync: Pick<MailSyncItem, 'uid' | 'mailboxId' | 'email'>) => {
  await Promise.all([
    db.documents.send(new DeleteCommand({ TableName: db.table, Key: mailSyncKey(sync.uid, sync.mailboxId) })),
    db.documents.send(
      new DeleteCommand({ TableName: db.table, Key: addressKey(sync.email, sync.uid, sync.mailboxId) }),
    ),
  ]);
};

// the mailboxes of every user that read this address (one Query of `MAILADDR#<address>`): where a Gmail push goes
export const mailboxesOfAddress = async (
  db: DataClient,
  email: string,
): Promise<{ uid: string; mailboxId: string }[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `MAILADDR#${email.toLowerCase()}` },
    })
  ).map((item) => ({ uid: String(item.uid), mailboxId: String(item.mailboxId) }));

export type GraphSubscriptionItem = { subscriptionId: string; uid: string; mailboxId: string; clientStateHash: string };

// whose mailbox a Graph subscription reads (GetItem); null when unknown
export const getGraphSubscription = async (
  db: DataClient,
  subscriptionId: string,
): Promise<GraphSubscriptionItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: subscriptionKey(subscriptionId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    subscriptionId,
    uid: String(Item.uid),
    mailboxId: String(Item.mailboxId),
    clientStateHash: String(Item.clientStateHash),
  };
};

// a new Graph subscription of a mailbox (PutItem)
export const putGraphSubscription = async (db: DataClient, item: GraphSubscriptionItem) => {
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...subscriptionKey(item.subscriptionId), entity: 'graph-sub', ...item },
    }),
  );
};

export const deleteGraphSubscription = async (db: DataClient, subscriptionId: string) => {
  await db.documents.send(new DeleteCommand({ TableName: db.table, Key: subscriptionKey(subscriptionId) }));
};

/** One page of the fan-out index: the active mailboxes of one partition. */
export type FanOutPage = { mailboxes: { uid: string; mailboxId: string }[]; next: Record<string, unknown> | undefined };

// active mailboxes of one fan-out partition, a page at a time (Query of gsi2 `REPLYCHECK#<shard>`, keys only read)
export const activeMailboxesPage = async (
  db: DataClient,
  shard: number,
  start: Record<string, unknown> | undefined,
  limit: number,
): Promise<FanOutPage> => {
  const result = await db.documents.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: accessPatterns.replyCheckMailboxes.index,
      KeyConditionExpression: `${accessPatterns.replyCheckMailboxes.partitionKey} = :partition`,
      ExpressionAttributeValues: { ':partition': replyCheckPartition(shard) },
      ProjectionExpression: '#uid, #mailboxId',
      ExpressionAttributeNames: { '#uid': 'uid', '#mailboxId': 'mailboxId' },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return {
    mailboxes: (result.Items ?? []).map((item) => ({ uid: String(item.uid), mailboxId: String(item.mailboxId) })),
    next: result.LastEvaluatedKey,
  };
};
