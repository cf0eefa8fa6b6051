import { PutCommand, UpdateCommand } from './dynamo.js';
import type { BatchItemStatus, BatchProgress } from '../../shared/schemas/ai.js';
import { startActivity } from './activity.js';
import { batchGet, batchWrite, queryAll, type DataClient } from './client.js';
import { contactKey, type ContactItem } from './contact.js';
import { type ContactDrafts, contactDraftsKey, toContactDrafts } from './draft.js';
import { isConditionFailed } from './entity/condition.js';
import { tenantKey, tenantOf } from './entity/keys.js';

/**
 * A batch of AI-written e-mails (DESIGN §8 'AI'), under the user's key:
 * - `USER#<sub>` / `GENBATCH#<batchId>`: the batch (its contacts in the order the user chose, template, instructions);
 * - `USER#<sub>` / `GENBATCH#<batchId>#<contactId>`: one contact's state, written once queued with the batch.
 *
 * A contact's item is the ai-generation worker's claim on it (one conditional UpdateItem moves it to `generating`
 * with a lock, so a second delivery finds it busy or finished), and its finish is written in the same transaction as
 * its draft (lambdas/data/draft.ts `writeContactDrafts`), so a contact costs the worker two writes: its claim and its
 * draft (the batch budget: the model plus as few table writes as possible). Items per contact, not one item for the batch: a transaction that wrote the batch's
 * shared item would collide with every other contact's. The counts are the contacts' states, read with them in one
 * Query (100 contacts at most: a few KB).
 *
 * Beside it, the batch's activity action (SPEC §3 'Activity action', lambdas/data/activity.ts) of the same id: the
 * table's stream counts each finished contact on it once (lambdas/dashboard/generation-counts.ts), and the last one finishes it
 * (completed, or failed when none succeeded).
 */
export type BatchItem = { status: BatchItemStatus; draftId?: string; error?: string };

/** The batch item itself. */
export type GenerationBatchHeader = {
  uid: string;
  batchId: string;
  total: number;
  /** the contacts in the order the user chose */
  order: string[];
  templateId?: string;
  instructions?: string;
  createdAt: string;
};

/** A batch as read: its contacts' states and the counts they make. */
export type GenerationBatch = GenerationBatchHeader & {
  items: Record<string, BatchItem>;
  completed: number;
  failed: number;
};

export const generationBatchRecord = 'generationBatch';
export const generationBatchContactRecord = 'generationBatchContact';

/** A finished batch is kept 30 days, as its activity. */
const keptSeconds = 30 * 24 * 60 * 60;
const ttlOf = (createdAt: string) => Math.ceil(Date.parse(createdAt) / 1000) + keptSeconds;

export const generationBatchKey = (uid: string, batchId: string) => ({ pk: tenantKey(uid), sk: `GENBATCH#${batchId}` });
export const batchContactKey = (uid: string, batchId: string, contactId: string) => ({
  pk: tenantKey(uid),
  sk: `GENBATCH#${batchId}#${contactId}`,
});

/** Which contact of which batch. */
export type BatchContact = { uid: string; batchId: string; contactId: string };

// a new batch (PutItem, refused when one of its id exists) and its activity action in progress (lambdas/data/
// activity.ts), side by side; its contacts are queued apart (`queueBatchContacts`)
export const createGenerationBatch = async (
  db: DataClient,
  batch: Omit<GenerationBatchHeader, 'total'>,
): Promise<GenerationBatch> => {
  const header: GenerationBatchHeader = { ...batch, total: batch.order.length };
  const writes = [
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...generationBatchKey(batch.uid, batch.batchId),
          entity: generationBatchRecord,
          ...header,
          ttl: ttlOf(batch.createdAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
    // SPEC §3 'Activity action': the batch's own, by its id (lambdas/data/activity.ts)
    startActivity(db, batch.uid, {
      id: batch.batchId,
      actionType: 'generate_emails',
      profileCount: header.total,
      metadata: { generationType: batch.templateId ? 'template' : 'ai', emailsGenerated: 0, emailsTotal: header.total },
      at: new Date(batch.createdAt),
    }),
  ];
  const outcomes = await Promise.allSettled(writes);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return {
    ...header,
    items: Object.fromEntries(batch.order.map((id) => [id, { status: 'queued' }])),
    completed: 0,
    failed: 0,
  };
};

/**
 * Contacts of a new batch, queued (BatchWriteItem, 25 a call: a new batch's id is new, so no condition is needed):
 * each contact's item is the worker's claim on it, so it is written before the contact's message is sent. A batch
 * queues its contacts a message batch at a time, so its first e-mails start while the rest are being queued.
 */
export const queueBatchContacts = (
  db: DataClient,
  batch: Pick<GenerationBatchHeader, 'uid' | 'batchId' | 'createdAt'>,
  contactIds: readonly string[],
) =>
  batchWrite(
    db,
    contactIds.map((contactId) => ({
      PutRequest: {
        Item: {
          ...batchContactKey(batch.uid, batch.batchId, contactId),
          entity: generationBatchContactRecord,
          batchId: batch.batchId,
          contactId,
          status: 'queued' satisfies BatchItemStatus,
          updatedAt: batch.createdAt,
          ttl: ttlOf(batch.createdAt),
        },
      },
    })),
  );

const toBatchItem = (item: Record<string, unknown>): BatchItem => ({
  status: item.status as BatchItemStatus,
  ...(typeof item.draftId === 'string' ? { draftId: item.draftId } : {}),
  ...(typeof item.error === 'string' ? { error: item.error } : {}),
});

// a batch and its contacts' states by its id (one Query of the batch's items, consistent); null when the user has
// none of that id
export const getGenerationBatch = async (
  db: DataClient,
  uid: string,
  batchId: string,
): Promise<GenerationBatch | null> => {
  const { sk: headerSk } = generationBatchKey(uid, batchId);
  const found = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :batch)',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':batch': headerSk },
    ConsistentRead: true,
  });
  const headerItem = found.find((item) => item.sk === headerSk);
  if (!headerItem) return null;
  const header = headerItem as unknown as GenerationBatchHeader;
  const items: Record<string, BatchItem> = {};
  for (const item of found) {
    if (item.entity === generationBatchContactRecord && item.batchId === batchId) {
      items[String(item.contactId)] = toBatchItem(item);
    }
  }
  const count = (status: BatchItemStatus) => Object.values(items).filter((item) => item.status === status).length;
  return {
    uid: header.uid,
    batchId: header.batchId,
    total: header.total,
    order: header.order,
    ...(header.templateId ? { templateId: header.templateId } : {}),
    ...(header.instructions ? { instructions: header.instructions } : {}),
    createdAt: header.createdAt,
    items,
    completed: count('completed'),
    failed: count('failed'),
  };
};

/** The wire form of a batch (GET /api/outreach/batches/{batchId}). */
export const toBatchProgress = (batch: GenerationBatch): BatchProgress => ({
  batchId: batch.batchId,
  total: batch.total,
  completed: batch.completed,
  failed: batch.failed,
  items: batch.order.map((contactId) => {
    const item = batch.items[contactId] ?? { status: 'queued' as const };
    return {
      contactId,
      status: item.status,
      ...(item.draftId ? { draftId: item.draftId } : {}),
      ...(item.error ? { error: item.error } : {}),
    };
  }),
});

/**
 * What claiming a contact of a batch came to: `claimed` (it is generating now, locked to this delivery); `busy`
 * (another delivery holds its lock); `finished` (a delivery finished it: its state); `missing` (no such batch or
 * contact of it, e.g. the account was deleted).
 */
export type BatchContactClaim =
  | { outcome: 'claimed' }
  | { outcome: 'busy' }
  | { outcome: 'finished'; item: BatchItem }
  | { outcome: 'missing' };

/**
 * A delivery claims a contact of the batch (UpdateItem): it starts generating, held by `token` until `lockedUntil`
 * (after which a delivery that died holding it no longer blocks a retry), unless it is finished or held already; the
 * item as it was tells which (ReturnValuesOnConditionCheckFailure).
 */
export const claimBatchContact = async (
  db: DataClient,
  key: BatchContact,
  claim: { token: string; lockedUntil: Date; at: Date },
): Promise<BatchContactClaim> => {
  try {
    await db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: batchContactKey(key.uid, key.batchId, key.contactId),
        UpdateExpression: 'SET #status = :generating, #claim = :token, #lockedUntil = :lockedUntil, #updatedAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (#status = :queued OR (#status = :generating AND ' +
          '(attribute_not_exists(#lockedUntil) OR #lockedUntil < :now)))',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#claim': 'claim',
          '#lockedUntil': 'lockedUntil',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: {
          ':generating': 'generating',
          ':queued': 'queued',
          ':token': claim.token,
          ':lockedUntil': claim.lockedUntil.getTime(),
          ':now': claim.at.getTime(),
          ':at': claim.at.toISOString(),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { outcome: 'claimed' };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // the item as it was, as the SDK gives it with a failed condition (not converted by the document client)
    const old = (error as { Item?: Record<string, { S?: string }> }).Item;
    const status = old?.status?.S;
    if (!status) return { outcome: 'missing' };
    if (status === 'generating') return { outcome: 'busy' };
    return {
      outcome: 'finished',
      item: toBatchItem({ status, draftId: old?.draftId?.S, error: old?.error?.S }),
    };
  }
};

/** What a contact of a batch is written from, as `readBatchContact` gives it. */
export type BatchContactReads = {
  /** null when the user has no such contact (any more) */
  contact: ContactItem | null;
  /** the contact's drafts (lambdas/data/draft.ts), which the draft's transaction changes */
  drafts: ContactDrafts;
};

/**
 * The contact and its draft list in ONE BatchGetItem (consistent): a contact of a batch costs the table one read call,
 * not two (the batch budget: the model plus as few table writes as possible).
 */
export const readBatchContact = async (db: DataClient, key: BatchContact): Promise<BatchContactReads> => {
  const keys = { contact: contactKey(key.uid, key.contactId), drafts: contactDraftsKey(key.uid, key.contactId) };
  const found = new Map((await batchGet(db, Object.values(keys))).map((item) => [item.sk, item]));
  const contact = found.get(keys.contact.sk);
  return {
    contact: contact ? (contact as ContactItem) : null,
    drafts: toContactDrafts(key.contactId, found.get(keys.drafts.sk)),
  };
};

/** How a contact of a batch ended: completed with its draft, or failed and why. */
export type FinishedBatchContact = BatchContact & { outcome: BatchOutcome };

/**
 * The contact of a batch whose item's change (a stream record's images, unmarshalled) finished it: completed or
 * failed, from any other state; null for any other change (its claim, a later write, its removal) or item.
 */
export const finishedBatchContactOf = (
  oldImage: Record<string, unknown> | undefined,
  newImage: Record<string, unknown> | undefined,
): FinishedBatchContact | null => {
  if (newImage?.entity !== generationBatchContactRecord) return null;
  const status = newImage.status;
  if ((status !== 'completed' && status !== 'failed') || oldImage?.status === status) return null;
  const key = {
    uid: tenantOf(String(newImage.pk)) ?? String(newImage.pk),
    batchId: String(newImage.batchId),
    contactId: String(newImage.contactId),
  };
  return status === 'completed'
    ? { ...key, outcome: { status, draftId: String(newImage.draftId ?? '') } }
    : { ...key, outcome: { status, error: String(newImage.error ?? '') } };
};

export type BatchOutcome = { status: 'completed'; draftId: string } | { status: 'failed'; error: string };

const finishParams = (db: DataClient, key: BatchContact, token: string, outcome: BatchOutcome, at: string) => ({
  TableName: db.table,
  Key: batchContactKey(key.uid, key.batchId, key.contactId),
  UpdateExpression: `SET #status = :status, #detail = :detail, #updatedAt = :at REMOVE #claim, #lockedUntil`,
  ConditionExpression: '#claim = :token',
  ExpressionAttributeNames: {
    '#status': 'status',
    '#detail': outcome.status === 'completed' ? 'draftId' : 'error',
    '#updatedAt': 'updatedAt',
    '#claim': 'claim',
    '#lockedUntil': 'lockedUntil',
  },
  ExpressionAttributeValues: {
    ':status': outcome.status,
    ':detail': outcome.status === 'completed' ? outcome.draftId : outcome.error,
    ':at': at,
    ':token': token,
  },
});

/**
 * The write that finishes a claimed contact, as an item of the transaction that saves its draft (lambdas/data/
 * draft.ts `writeContactDrafts` `also`): refused when the claim is no longer this delivery's.
 */
export const finishBatchContactWrite = (
  db: DataClient,
  key: BatchContact,
  token: string,
  outcome: BatchOutcome,
  at: string,
) => ({ Update: finishParams(db, key, token, outcome, at) });

/**
 * A claimed contact finishes without a draft (UpdateItem: failed, and why). False when the claim is no longer this
 * delivery's (its lock ran out and another took it over), so nothing changed.
 */
export const finishBatchContact = async (
  db: DataClient,
  key: BatchContact,
  token: string,
  outcome: BatchOutcome,
  at: string,
): Promise<boolean> => {
  try {
    await db.documents.send(new UpdateCommand(finishParams(db, key, token, outcome, at)));
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
};

/**
 * A delivery that failed gives its claim back (UpdateItem, when still its own): the contact stays `generating` for
 * the user while its retry may claim it at once, instead of after the lock.
 */
export const releaseBatchContact = async (db: DataClient, key: BatchContact, token: string) => {
  try {
    await db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: batchContactKey(key.uid, key.batchId, key.contactId),
        UpdateExpression: 'REMOVE #claim, #lockedUntil',
        ConditionExpression: '#claim = :token',
        ExpressionAttributeNames: { '#claim': 'claim', '#lockedUntil': 'lockedUntil' },
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
};
