import { createHash } from 'node:crypto';
import { GetCommand } from './dynamo.js';
import type { Conversation, ConversationEmail } from '../../shared/schemas/conversations.js';
import { queryAll, type DataClient } from './client.js';
import { tenantKey } from './entity/keys.js';
import { type NamedWrites, type TransactionWrite, transact, worthRetrying } from './entity/transaction.js';
import { expressionAttributes, expressionParts, itemMissing } from './expressions.js';
import { deleteItems } from './user-partition.js';
import { accessPatterns } from './table.js';

/**
 * A user's conversations and their e-mails (SPEC §3 'Conversation'), under the user's key (DESIGN §3):
 * - `USER#<sub>` / `CONVERSATION#<id>`: one conversation (the wire fields but the spec's snake_case twins) and a
 *   `version` every change is conditioned on; gsi1 `USER#<sub>#CONVERSATIONSOF#<contactId>` / `<createdAt>#<id>`
 *   lists a contact's conversations;
 * - `USER#<sub>` / `CONVTHREAD#<threadId>`: the conversation of a provider thread id (a pointer, derived);
 * - `USER#<sub>` / `CONVMAIL#<conversationId>#<key>`: one e-mail of it. The key is the e-mail's business id (`sent#`
 *   and the draft id, `in#` and the provider's message id), so writing an e-mail twice is refused by its condition:
 *   a repeated send or a re-read reply changes nothing (DESIGN §4 idempotent workers).
 * Reads are GetItem / Query with consistent reads on the table (the contact's list is the index's).
 */
export type ConversationItem = Omit<Conversation, 'contact_id' | 'created_at'> & {
  version: number;
  /**
   * replies the user sent in it (drafts of type `reply`), kept here rather than read from the drafts, which can be
   * deleted once sent: SPEC §5 'A reply has already been sent for this conversation' holds after that too. Not on the
   * wire; absent on conversations written before it was kept (none sent then counts as 0)
   */
  repliesSent?: number;
  /**
   * when the last of them was sent: a reply answers the contact's latest message (`lastReplyDate`) when sent after it,
   * and another is refused until the contact writes again (lambdas/data/draft.ts `draftConversation`). Not on the wire
   */
  lastReplySentAt?: string;
};

/** A conversation before any e-mail: awaiting a reply, nothing sent, nothing known of its thread. */
export const newConversationItem = (fields: {
  id: string;
  userId: string;
  contactId: string;
  subject: string;
  createdAt: string;
}): ConversationItem => ({
  ...fields,
  updatedAt: fields.createdAt,
  replyStatus: 'awaiting_reply',
  lastReplyDate: null,
  replySender: null,
  threadId: null,
  messageId: null,
  mailboxId: null,
  provider: null,
  emailCount: 0,
  lastEmailSentAt: null,
  version: 0,
});

export const conversationRecord = 'conversation';
export const conversationThreadRecord = 'conversationThread';
export const conversationEmailRecord = 'conversationEmail';

export const conversationKey = (uid: string, conversationId: string) => ({
  pk: tenantKey(uid),
  sk: `CONVERSATION#${conversationId}`,
});

const emailPrefix = (conversationId: string) => `CONVMAIL#${conversationId}#`;
export const conversationEmailKey = (uid: string, conversationId: string, emailKey: string) => ({
  pk: tenantKey(uid),
  sk: `${emailPrefix(conversationId)}${emailKey}`,
});
/**
 * An outside id as part of a key: as it is when short, else its SHA-256 (a provider's id is not ours to bound, and a
 * sort key holds at most 1,024 bytes).
 */
export const keyPart = (id: string) =>
  Buffer.byteLength(id, 'utf8') <= 400 ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
/** the business key of a sent e-mail (its draft) and of a received one (the provider's message id) */
export const sentEmailKey = (draftId: string) => `sent#${keyPart(draftId)}`;
export const receivedEmailKey = (providerMessageId: string) => `in#${keyPart(providerMessageId)}`;
/** a provider thread id's pointer (keyed by `keyPart`: a Graph conversation id is the provider's to size) */
export const conversationThreadKey = (uid: string, threadId: string) => ({
  pk: tenantKey(uid),
  sk: `CONVTHREAD#${keyPart(threadId)}`,
});
const contactCollection = (uid: string, contactId: string) => `${tenantKey(uid)}#CONVERSATIONSOF#${contactId}`;

/**
 * DynamoDB refuses a sort key over 1,024 bytes (a ValidationException, a 500): a key built from what a request
 * names (a thread id of wide characters, a notification id) is looked up only when it fits; else nothing is there.
 */
export const fitsSortKey = (key: { sk: string }) => Buffer.byteLength(key.sk, 'utf8') <= 1024;

const toItem = (conversation: ConversationItem) => ({
  ...conversationKey(conversation.userId, conversation.id),
  entity: conversationRecord,
  gsi1pk: contactCollection(conversation.userId, conversation.contactId),
  gsi1sk: `${conversation.createdAt}#${conversation.id}`,
  ...conversation,
});

const fromItem = (item: Record<string, unknown>): ConversationItem => {
  const { pk: _pk, sk: _sk, entity: _entity, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...conversation } = item;
  return conversation as ConversationItem;
};

/** A conversation on the wire (SPEC §3: both `contact_id`/`created_at` and camelCase). */
export const toConversationWire = (item: ConversationItem): Conversation => {
  const { version: _version, repliesSent: _replies, lastReplySentAt: _lastReply, ...conversation } = item;
  return { ...conversation, contact_id: item.contactId, created_at: item.createdAt };
};

// one conversation of a user (GetItem, consistent); another user's id is simply not under this user's key
export const getConversationItem = async (
  db: DataClient,
  uid: string,
  conversationId: string,
): Promise<ConversationItem | null> => {
  const key = conversationKey(uid, conversationId);
  if (!fitsSortKey(key)) return null;
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return Item ? fromItem(Item) : null;
};

// the conversation id a provider thread id points to (GetItem, consistent); null when none
export const conversationIdOfThread = async (db: DataClient, uid: string, threadId: string) => {
  const key = conversationThreadKey(uid, threadId);
  if (!fitsSortKey(key)) return null;
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: key, ProjectionExpression: 'conversationId', ConsistentRead: true }),
  );
  return typeof Item?.conversationId === 'string' ? Item.conversationId : null;
};

// every conversation of a user, newest first (Query on the partition key and `CONVERSATION#`, consistent, paged)
export const userConversations = async (db: DataClient, uid: string): Promise<ConversationItem[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': 'CONVERSATION#' },
      ConsistentRead: true,
    })
  )
    .map(fromItem)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

// a contact's conversations, newest first (Query on gsi1, the contact's collection)
export const contactConversations = async (
  db: DataClient,
  uid: string,
  contactId: string,
): Promise<ConversationItem[]> =>
  (
    await queryAll(db, {
      IndexName: accessPatterns.conversationsOfContact.index,
      KeyConditionExpression: `${accessPatterns.conversationsOfContact.partitionKey} = :collection`,
      ExpressionAttributeValues: { ':collection': contactCollection(uid, contactId) },
      ScanIndexForward: false,
    })
  ).map(fromItem);

// the e-mails of a conversation, oldest first (Query on `CONVMAIL#<id>#`, consistent)
export const conversationEmails = async (
  db: DataClient,
  uid: string,
  conversationId: string,
): Promise<ConversationEmail[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': emailPrefix(conversationId) },
      ConsistentRead: true,
    })
  )
    .map((item) => {
      const { pk: _pk, sk: _sk, entity: _entity, ...email } = item;
      return email as ConversationEmail;
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));

const toEmail = (item: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, entity: _entity, ...email } = item;
  return email as ConversationEmail;
};

// the e-mail of this business key (GetItem, consistent), or null
export const getConversationEmail = async (
  db: DataClient,
  uid: string,
  conversationId: string,
  emailKey: string,
): Promise<ConversationEmail | null> => {
  const key = conversationEmailKey(uid, conversationId, emailKey);
  if (!fitsSortKey(key)) return null;
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return Item ? toEmail(Item) : null;
};

// one e-mail of a conversation by its id, with its key (Query on `CONVMAIL#<id>#`, consistent), or null
export const conversationEmailById = async (db: DataClient, uid: string, conversationId: string, emailId: string) => {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': emailPrefix(conversationId) },
    ConsistentRead: true,
  });
  const item = items.find((candidate) => candidate.id === emailId);
  return item ? { key: { pk: String(item.pk), sk: String(item.sk) }, email: toEmail(item) } : null;
};

/** An e-mail of a conversation rewritten as changed (its label corrected): only while it exists. */
export const changedEmailWrite = (db: DataClient, key: { pk: string; sk: string }, email: ConversationEmail) => {
  const p = expressionParts();
  return {
    Put: {
      TableName: db.table,
      Item: { ...key, entity: conversationEmailRecord, ...email },
      ConditionExpression: `attribute_exists(${p.name('pk')})`,
      ...expressionAttributes(p),
    },
  };
};

// whether the conversation holds the e-mail of this business key (GetItem, consistent)
export const hasConversationEmail = async (db: DataClient, uid: string, conversationId: string, emailKey: string) => {
  const key = conversationEmailKey(uid, conversationId, emailKey);
  if (!fitsSortKey(key)) return false;
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: key, ProjectionExpression: 'pk', ConsistentRead: true }),
  );
  return Boolean(Item);
};

/** A new conversation: written only when no conversation of its id exists. */
export const newConversationWrite = (db: DataClient, conversation: ConversationItem): TransactionWrite => {
  const p = expressionParts();
  return {
    Put: {
      TableName: db.table,
      Item: toItem(conversation),
      ConditionExpression: itemMissing(p),
      ...expressionAttributes(p),
    },
  };
};

/** A conversation as changed: written only when it still is at the version it was read at (`read.version`). */
export const changedConversationWrite = (
  db: DataClient,
  read: ConversationItem,
  next: ConversationItem,
): TransactionWrite => {
  const p = expressionParts();
  const condition = `${p.name('version')} = ${p.value(read.version)}`;
  return {
    Put: {
      TableName: db.table,
      Item: toItem({ ...next, version: read.version + 1 }),
      ConditionExpression: condition,
      ...expressionAttributes(p),
    },
  };
};

/** A check, in a transaction, that a conversation is still at the version it was read at (and exists). */
export const conversationUnchangedCheck = (db: DataClient, read: ConversationItem): TransactionWrite => {
  const p = expressionParts();
  return {
    ConditionCheck: {
      TableName: db.table,
      Key: conversationKey(read.userId, read.id),
      ConditionExpression: `${p.name('version')} = ${p.value(read.version)}`,
      ...expressionAttributes(p),
    },
  };
};

/** The pointer from a provider thread id to its conversation (a later thread of the conversation points to it too). */
export const threadPointerWrite = (db: DataClient, uid: string, threadId: string, conversationId: string) => ({
  Put: {
    TableName: db.table,
    Item: { ...conversationThreadKey(uid, threadId), entity: conversationThreadRecord, threadId, conversationId },
  },
});

/** An e-mail of a conversation under its business key: written only once. */
export const newEmailWrite = (db: DataClient, uid: string, emailKey: string, email: ConversationEmail) => {
  const p = expressionParts();
  return {
    Put: {
      TableName: db.table,
      Item: { ...conversationEmailKey(uid, email.conversationId, emailKey), entity: conversationEmailRecord, ...email },
      ConditionExpression: itemMissing(p),
      ...expressionAttributes(p),
    },
  };
};

/** The fields of a conversation a user may change by hand (PATCH, bulk update). */
export type ConversationChange = Partial<
  Pick<ConversationItem, 'replyStatus' | 'lastReplyDate' | 'replySender' | 'subject'>
>;

/** Times a change is read and written again because the conversation (or what is written with it) changed between. */
const changeRetries = 20;
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));

/**
 * Changes fields of an existing conversation: read, changed and written at the version read (ONE transaction with
 * what `also` makes of the conversation as changed, e.g. its contact's status), read and tried again when anything
 * changed in between; null when it is not there.
 */
export const changeConversation = async (
  db: DataClient,
  uid: string,
  conversationId: string,
  change: ConversationChange,
  at: string,
  also: (next: ConversationItem) => Promise<NamedWrites> = async () => ({}),
): Promise<ConversationItem | null> => {
  for (let attempt = 0; ; attempt += 1) {
    const current = await getConversationItem(db, uid, conversationId);
    if (!current) return null;
    const next: ConversationItem = { ...current, ...change, updatedAt: at };
    const outcome = await transact(db, {
      ...(await also(next)),
      conversation: changedConversationWrite(db, current, next),
    });
    if (outcome.done) return { ...next, version: current.version + 1 };
    if (!worthRetrying(outcome)) throw new Error(`Changing the conversation was refused: ${outcome.summary}`);
    if (attempt >= changeRetries) throw new Error('Changing the conversation kept conflicting');
    await backoff(attempt);
  }
};

/**
 * Removes a conversation: the conversation first (conditioned on it existing: 'missing' when it was not there), in ONE
 * transaction with what `also` makes of it as read (e.g. its contact's status; read and tried again when that changed
 * in between), then its e-mails and its thread pointers.
 */
export const removeConversation = async (
  db: DataClient,
  uid: string,
  conversationId: string,
  also: (current: ConversationItem) => Promise<NamedWrites> = async () => ({}),
): Promise<boolean> => {
  const key = conversationKey(uid, conversationId);
  if (!fitsSortKey(key)) return false;
  for (let attempt = 0; ; attempt += 1) {
    const current = await getConversationItem(db, uid, conversationId);
    if (!current) return false;
    const p = expressionParts();
    const outcome = await transact(db, {
      ...(await also(current)),
      conversation: {
        Delete: {
          TableName: db.table,
          Key: key,
          ConditionExpression: `${p.name('version')} = ${p.value(current.version)}`,
          ...expressionAttributes(p),
        },
      },
    });
    if (outcome.done) break;
    if (!worthRetrying(outcome)) throw new Error(`Removing the conversation was refused: ${outcome.summary}`);
    if (attempt >= changeRetries) throw new Error('Removing the conversation kept conflicting');
    await backoff(attempt);
  }
  const emails = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': emailPrefix(conversationId) },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  const pointers = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'conversationId = :id',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': 'CONVTHREAD#', ':id': conversationId },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await deleteItems(
    db,
    [...emails, ...pointers].map(({ pk, sk }) => ({ pk, sk })),
  );
  return true;
};
