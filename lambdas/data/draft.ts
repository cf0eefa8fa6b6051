import { GetCommand, UpdateCommand } from './dynamo.js';
import { writtenIf } from './entity/condition.js';
import { placeholdersIn } from '../../shared/placeholders.js';
import type { Draft } from '../../shared/schemas/drafts.js';
import { batchGet, dueOnShardedIndex, queryAll, shardOf, type DataClient } from './client.js';
import { conversationKey, fitsSortKey } from './conversation.js';
import { tenantKey } from './entity/keys.js';
import { type TransactionWrite, transact, worthRetrying } from './entity/transaction.js';
import { itemExists, updateParams } from './expressions.js';
import { itemBytes } from './item-size.js';
import { deleteItems } from './user-partition.js';
import { accessPatterns } from './table.js';

/**
 * A user's drafts (SPEC §3 'Draft', §4 'Draft'), under the user's key (DESIGN §3):
 * - `USER#<sub>` / `DRAFT#<ulid>`: one draft (the wire fields, camelCase);
 * - `USER#<sub>` / `DRAFTSOF#<contactId>`: the contact's drafts: their ids, the primary one's id and a version.
 *
 * Every change to a contact's drafts is ONE transaction that writes the changed drafts and the contact's draft list
 * on the condition that the list's version is still the one read (and that the contact still exists), so concurrent
 * saves are serialised per contact: at most one primary draft, whatever runs at the same time. Reads are GetItem /
 * BatchGetItem / Query with consistent reads: a draft is listed as soon as its save answered.
 *
 * A draft being sent (status `sending`) is also on the due index (gsi1, sparse, `SENDDUE#<shard>`, sorted by
 * `<dueAt>#<uid>#<draftId>`), which the due-sends job Queries (DESIGN §4): a scheduled send at its time, a send the
 * sending guard held back at the guard's time, any other one a while after it was queued (a message lost between the
 * write and the queue still goes out).
 *
 * A draft the dashboard's pending tasks need is on gsi2 (sparse, `USER#<sub>#DRAFTTASKS`): a ready one
 * (status `draft`, the contact's primary, subject and body not blank) sorted `ready#<updatedAt>#<id>`, a failed send
 * `failed#<updatedAt>#<id>`, and a reply or follow-up being sent or scheduled (status `sending`, in a conversation)
 * `queued#<updatedAt>#<id>` (its conversation is not due a follow-up); the dashboard reads those in one Query, not
 * every draft the user ever sent. A draft written before this index existed joins it at its next write.
 */
export type DraftItem = Draft & {
  /** a `sending` draft only: when the due-sends job queues it (again) */
  dueAt?: string;
  /** provider send attempts so far: a later attempt first asks the mailbox whether it went out (findSent) */
  sendAttempts?: number;
  /** the sending guard's slot this send reserved (lambdas/data/send-guard.ts): at that time it goes without another */
  guardSlot?: string;
  /** The activity action of the user's latest send of it (lambdas/data/activity.ts), which the worker ends */
  sendActivityId?: string;
};

/** A draft as the routes answer it: its send machinery left out. */
export const toWireDraft = (item: DraftItem): Draft => {
  const {
    dueAt: _dueAt,
    sendAttempts: _sendAttempts,
    guardSlot: _guardSlot,
    sendActivityId: _sendActivityId,
    ...draft
  } = item;
  return draft;
};

export type ContactDrafts = {
  contactId: string;
  draftIds: string[];
  primaryDraftId: string | null;
  /** 0 when the contact has no list yet */
  version: number;
};

export const draftRecord = 'draft';
export const contactDraftsRecord = 'contactDrafts';

export const draftKey = (uid: string, draftId: string) => ({ pk: tenantKey(uid), sk: `DRAFT#${draftId}` });
export const contactDraftsKey = (uid: string, contactId: string) => ({
  pk: tenantKey(uid),
  sk: `DRAFTSOF#${contactId}`,
});
/** the contact's key (lambdas/data/contact.ts `contactKey`): a draft is saved only while its contact exists */
const contactKeyOf = (uid: string, contactId: string) => ({ pk: tenantKey(uid), sk: `CONTACT#${contactId}` });
/** a conversation's key (lambdas/data/conversation.ts): a reply or follow-up draft belongs to one */
export { conversationKey };

/** Partitions of the due index, so every send does not write to one GSI partition. */
export const dueShards = 4;
const duePartition = (shard: number) => `SENDDUE#${shard}`;

const dueKeys = (draft: DraftItem) =>
  draft.status === 'sending' && draft.dueAt
    ? { gsi1pk: duePartition(shardOf(draft.id, dueShards)), gsi1sk: `${draft.dueAt}#${draft.userId}#${draft.id}` }
    : {};

const taskCollection = (uid: string) => `${tenantKey(uid)}#DRAFTTASKS`;

/**
 * Whether a draft is ready to send (SPEC §3 'Draft'): not sent nor queued, the contact's primary, with a subject and a
 * body and no `{{spot}}` left open (the send refuses one: lambdas/drafts/service.ts). Its address is the contact's
 * (the pending task checks it: lambdas/dashboard/tasks.ts).
 */
export const isReadyDraft = (draft: Pick<Draft, 'status' | 'isPrimary' | 'subject' | 'body'>) =>
  draft.status === 'draft' &&
  draft.isPrimary &&
  Boolean(draft.subject?.trim()) &&
  Boolean(draft.body?.trim()) &&
  placeholdersIn(`${draft.subject}\n${draft.body}`).length === 0;

const taskKind = (draft: DraftItem) => {
  if (isReadyDraft(draft)) return 'ready';
  if (draft.status === 'failed') return 'failed';
  if (draft.status === 'sending' && draft.conversationId) return 'queued';
  return null;
};

const taskKeys = (draft: DraftItem) => {
  const kind = taskKind(draft);
  return kind ? { gsi2pk: taskCollection(draft.userId), gsi2sk: `${kind}#${draft.updatedAt}#${draft.id}` } : {};
};

const toItem = (draft: DraftItem) => ({
  ...draftKey(draft.userId, draft.id),
  entity: draftRecord,
  ...draft,
  ...taskKeys(draft),
  ...dueKeys(draft),
});

const fromItem = (item: Record<string, unknown>): DraftItem => {
  const {
    pk: _pk,
    sk: _sk,
    entity: _entity,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    gsi2pk: _gsi2pk,
    gsi2sk: _gsi2sk,
    ...draft
  } = item;
  return draft as DraftItem;
};

/** A draft the due index lists: whose, which, and when it was due. */
export type DueDraft = { uid: string; draftId: string; dueAt: string };

// drafts being sent whose due time is before `now`, the longest due first (one Query of the due sends per partition,
// up to `perPartition` each, in pages; the rest on the next run)
export const dueDrafts = async (db: DataClient, now: Date, perPartition: number): Promise<DueDraft[]> =>
  (
    await dueOnShardedIndex(db, {
      index: accessPatterns.dueSends.index,
      partitions: Array.from({ length: dueShards }, (_, shard) => duePartition(shard)),
      before: now.toISOString(),
      perPartition,
      projection: {
        ProjectionExpression: '#uid, #id, #dueAt',
        ExpressionAttributeNames: { '#uid': 'userId', '#id': 'id', '#dueAt': 'dueAt' },
      },
    })
  ).map((item) => ({ uid: String(item.userId), draftId: String(item.id), dueAt: String(item.dueAt) }));

/**
 * Moves a draft being sent along the due index (the due-sends job, before it queues the send): to `next`, on the
 * condition that it is still `sending` at the `dueAt` the job read, so a second run leaves it. One UpdateItem: the
 * job's cost per due send stays flat however many fall due together (lambdas/drafts/due-sends.int.test.ts).
 */
export const moveDueDraft = async (
  db: DataClient,
  input: { uid: string; draftId: string; dueAt: string; next: string },
): Promise<boolean> =>
  writtenIf(
    db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: draftKey(input.uid, input.draftId),
        UpdateExpression: 'SET #dueAt = :next, #gsi1sk = :sortKey',
        ConditionExpression: '#status = :sending AND #dueAt = :read',
        ExpressionAttributeNames: { '#dueAt': 'dueAt', '#gsi1sk': 'gsi1sk', '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': input.next,
          ':sortKey': `${input.next}#${input.uid}#${input.draftId}`,
          ':sending': 'sending',
          ':read': input.dueAt,
        },
      }),
    ),
  );

/** The size DynamoDB gives a draft as stored (item-size.ts): one over `maxItemBytes` cannot be written. */
export const draftItemBytes = (draft: DraftItem) => itemBytes(toItem(draft));

// one draft of a user (GetItem, consistent); another user's id is simply not under this user's key
export const getDraft = async (db: DataClient, uid: string, draftId: string): Promise<DraftItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: draftKey(uid, draftId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

/** A contact's draft list as stored (`item`), or the empty list of version 0 when it has none. */
export const toContactDrafts = (contactId: string, item: Record<string, unknown> | undefined): ContactDrafts => {
  if (!item) return { contactId, draftIds: [], primaryDraftId: null, version: 0 };
  return {
    contactId,
    draftIds: (item.draftIds as string[] | undefined) ?? [],
    primaryDraftId: (item.primaryDraftId as string | null | undefined) ?? null,
    version: Number(item.version ?? 0),
  };
};

// the contact's draft list (GetItem, consistent); an empty list of version 0 when it has none
export const getContactDrafts = async (db: DataClient, uid: string, contactId: string): Promise<ContactDrafts> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: contactDraftsKey(uid, contactId), ConsistentRead: true }),
  );
  return toContactDrafts(contactId, Item);
};

// some drafts of a user by id (BatchGetItem); missing ids are left out
export const getDrafts = async (db: DataClient, uid: string, draftIds: readonly string[]) =>
  (
    await batchGet(
      db,
      [...new Set(draftIds)].map((id) => draftKey(uid, id)),
    )
  ).map(fromItem);

// the primary draft of each of some contacts (two BatchGetItems), by contact id; contacts without one are left out
export const primaryDraftsOf = async (db: DataClient, uid: string, contactIds: readonly string[]) => {
  const lists = await batchGet(
    db,
    [...new Set(contactIds)].map((id) => contactDraftsKey(uid, id)),
  );
  const primaryIds = lists.map((list) => list.primaryDraftId).filter((id): id is string => typeof id === 'string');
  const drafts = await getDrafts(db, uid, primaryIds);
  return new Map(drafts.filter((draft) => draft.isPrimary).map((draft) => [draft.contactId, draft]));
};

/**
 * The contact's primary draft as the API shows it, or null (none, or the contact is not the user's): read by the
 * contacts domain's GET /api/contacts/{id} beside the contact, and by the drafts domain.
 */
export const primaryDraft = async (db: DataClient, uid: string, contactId: string): Promise<Draft | null> => {
  const list = await getContactDrafts(db, uid, contactId);
  if (!list.primaryDraftId) return null;
  const draft = await getDraft(db, uid, list.primaryDraftId);
  return draft?.isPrimary ? toWireDraft(draft) : null;
};

// every draft of a user (Query on the partition key and `DRAFT#`, consistent, paged)
export const userDrafts = async (db: DataClient, uid: string): Promise<DraftItem[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': 'DRAFT#' },
      ConsistentRead: true,
    })
  ).map(fromItem);

/** A draft of the task index (ready, failed, or a reply or follow-up queued), its text and attachments left out. */
export type DraftTask = Pick<
  Draft,
  'id' | 'contactId' | 'conversationId' | 'draftType' | 'status' | 'subject' | 'failureReason' | 'updatedAt'
>;
const draftTaskFields = [
  'id',
  'contactId',
  'conversationId',
  'draftType',
  'status',
  'subject',
  'failureReason',
  'updatedAt',
] as const satisfies readonly (keyof DraftTask)[];

// a user's drafts ready to send, failed sends and replies or follow-ups queued (Query of the user's draft tasks,
// paged: one call per MB of such drafts)
export const draftTasks = async (db: DataClient, uid: string): Promise<DraftTask[]> =>
  (
    await queryAll(db, {
      IndexName: accessPatterns.draftTasks.index,
      KeyConditionExpression: `${accessPatterns.draftTasks.partitionKey} = :collection`,
      ExpressionAttributeValues: { ':collection': taskCollection(uid) },
      ProjectionExpression: draftTaskFields.map((_, index) => `#f${index}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(draftTaskFields.map((name, index) => [`#f${index}`, name])),
    })
  ).map((item) => item as DraftTask);

/** What the drafts' rules (SPEC §4/§5) need of a conversation: whose it is and what the user sent in it. */
export type DraftConversation = {
  contactId: string;
  /** an e-mail of the user left in it (its count of sent e-mails, or the time of the last one) */
  sent: boolean;
  /**
   * a reply of the user answers the contact's latest message already (sent after it, or with none received), whether
   * or not its draft is still kept: SPEC §5 'A reply has already been sent for this conversation' until the contact
   * writes again
   */
  replySent: boolean;
  /** when the contact's latest message came (a sent reply draft answers it when sent at or after it); null: none */
  lastReplyDate: string | null;
};

// the user's conversation of this id as the drafts' rules see it (GetItem, consistent, projected); null when the user
// has none of that id
export const draftConversation = async (
  db: DataClient,
  uid: string,
  conversationId: string,
): Promise<DraftConversation | null> => {
  const key = conversationKey(uid, conversationId);
  if (!fitsSortKey(key)) return null;
  const { Item } = await db.documents.send(
    new GetCommand({
      TableName: db.table,
      Key: key,
      ProjectionExpression: 'contactId, emailCount, lastEmailSentAt, repliesSent, lastReplySentAt, lastReplyDate',
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const lastReplyDate = text(Item.lastReplyDate);
  // a conversation written before lastReplySentAt was kept: its last e-mail sent stands for its last reply
  const lastReplySentAt = text(Item.lastReplySentAt) ?? text(Item.lastEmailSentAt);
  return {
    contactId: typeof Item.contactId === 'string' ? Item.contactId : '',
    sent: Number(Item.emailCount ?? 0) > 0 || Boolean(Item.lastEmailSentAt),
    replySent:
      Number(Item.repliesSent ?? 0) > 0 &&
      (lastReplyDate === null || lastReplySentAt === null || lastReplySentAt >= lastReplyDate),
    lastReplyDate,
  };
};

/** A change of one contact's drafts: drafts written whole, drafts removed, and the list after it. */
export type ContactDraftsChange = {
  put: DraftItem[];
  remove: string[];
  list: Pick<ContactDrafts, 'draftIds' | 'primaryDraftId'>;
};

/**
 * What a change came to: written; refused because the list changed, the contact is gone, or a write of `also` was
 * refused by its own condition.
 */
export type ChangeOutcome = 'written' | 'conflict' | 'contactMissing' | 'alsoRefused';

/** A write of another item to make in the same transaction (a TransactWriteItems item: Put, Update, ConditionCheck). */
export type AlsoWrite = TransactionWrite;

/** A change of drafts not written because a write made with it (`also`) was refused by its own condition. */
export class AlsoWriteRefusedError extends Error {
  constructor() {
    super('A write made with the drafts was refused by its condition; nothing was written');
    this.name = 'AlsoWriteRefusedError';
  }
}

/**
 * Writes `change` in ONE transaction, on the conditions that the contact's list is still at `read.version` and
 * (when `requireContact`, or when `contactSet` is given) that the contact exists, setting `contactSet` on the contact
 * in the same write (e.g. the angle of an AI-written e-mail, SPEC §3 `hasActiveDraft`), with the writes of `also`
 * (e.g. the AI batch's contact finished with this draft: lambdas/data/generation-batch.ts). Nothing is written unless
 * all hold.
 */
export const writeContactDrafts = async (
  db: DataClient,
  uid: string,
  read: ContactDrafts,
  change: ContactDraftsChange,
  options: { requireContact: boolean; contactSet?: Record<string, unknown>; also?: readonly AlsoWrite[] },
): Promise<ChangeOutcome> => {
  const listWrite = {
    Put: {
      TableName: db.table,
      Item: {
        ...contactDraftsKey(uid, read.contactId),
        entity: contactDraftsRecord,
        uid,
        contactId: read.contactId,
        draftIds: change.list.draftIds,
        primaryDraftId: change.list.primaryDraftId,
        version: read.version + 1,
      },
      ConditionExpression: read.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
      ...(read.version === 0 ? {} : { ExpressionAttributeValues: { ':version': read.version } }),
    },
  };
  const contactCheck = options.contactSet
    ? { Update: updateParams(db.table, contactKeyOf(uid, read.contactId), { set: options.contactSet }, itemExists) }
    : {
        ConditionCheck: {
          TableName: db.table,
          Key: contactKeyOf(uid, read.contactId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      };
  const outcome = await transact(db, {
    list: listWrite,
    contact: options.requireContact || options.contactSet ? contactCheck : undefined,
    put: change.put.map((draft) => ({ Put: { TableName: db.table, Item: toItem(draft) } })),
    remove: change.remove.map((id) => ({ Delete: { TableName: db.table, Key: draftKey(uid, id) } })),
    also: options.also,
  });
  if (outcome.done) return 'written';
  if (outcome.refused.has('contact')) return 'contactMissing';
  if (outcome.refused.has('also')) return 'alsoRefused';
  if (worthRetrying(outcome)) return 'conflict';
  throw new Error(`Writing the contact's drafts was refused: ${outcome.summary}`);
};

/**
 * Removes every draft of a contact and its list (the contact was deleted: a save that started before can no longer
 * write, as its transaction needs the contact).
 */
export const removeContactDrafts = async (db: DataClient, uid: string, contactId: string) => {
  const list = await getContactDrafts(db, uid, contactId);
  await deleteItems(db, [
    ...list.draftIds.map((id) => draftKey(uid, id)),
    ...(list.version > 0 ? [contactDraftsKey(uid, contactId)] : []),
  ]);
};
