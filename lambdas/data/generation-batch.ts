import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchItemStatus, BatchProgress } from '../../shared/schemas/ai.js';
import { startActivity } from './activity.js';
import type { DataClient } from './client.js';
import { isConditionFailed } from './errors.js';

/**
 * A batch of AI-written e-mails (DESIGN §8 'AI'): `USER#<sub>` / `GENBATCH#<batchId>`, one item holding the counts
 * and each contact's state (100 contacts at most: a few KB), so its progress is one GetItem and each change one
 * conditional UpdateItem that moves a contact's state and its count together, atomically.
 *
 * Beside it, the batch's activity action (SPEC §3 'Activity action', lambdas/data/activity.ts) of the same id: each
 * finished contact counts on it once, and the last one finishes it (completed, or failed when none succeeded).
 */
export type BatchItem = { status: BatchItemStatus; draftId?: string; error?: string };

export type GenerationBatchItem = {
  uid: string;
  batchId: string;
  total: number;
  completed: number;
  failed: number;
  /** by contact id; `order` keeps the order the user chose */
  items: Record<string, BatchItem>;
  order: string[];
  templateId?: string;
  instructions?: string;
  createdAt: string;
  updatedAt: string;
};

export const generationBatchRecord = 'generationBatch';

/** A finished batch is kept 30 days, as its activity. */
const keptSeconds = 30 * 24 * 60 * 60;

export const generationBatchKey = (uid: string, batchId: string) => ({ pk: `USER#${uid}`, sk: `GENBATCH#${batchId}` });

// a new batch, every contact queued, and its activity action in progress (lambdas/data/activity.ts)
export const createGenerationBatch = async (
  db: DataClient,
  batch: Pick<GenerationBatchItem, 'uid' | 'batchId' | 'order' | 'templateId' | 'instructions' | 'createdAt'>,
) => {
  const ttl = Math.ceil(Date.parse(batch.createdAt) / 1000) + keptSeconds;
  const item: GenerationBatchItem = {
    ...batch,
    total: batch.order.length,
    completed: 0,
    failed: 0,
    items: Object.fromEntries(batch.order.map((contactId) => [contactId, { status: 'queued' as const }])),
    updatedAt: batch.createdAt,
  };
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...generationBatchKey(batch.uid, batch.batchId), entity: generationBatchRecord, ...item, ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  // SPEC §3 'Activity action': the batch's own, by its id (lambdas/data/activity.ts)
  await startActivity(db, batch.uid, {
    id: batch.batchId,
    actionType: 'generate_emails',
    profileCount: item.total,
    metadata: { generationType: batch.templateId ? 'template' : 'ai', emailsGenerated: 0, emailsTotal: item.total },
    at: new Date(batch.createdAt),
  });
  return item;
};

// a batch by its id (GetItem); null when the user has none of that id
export const getGenerationBatch = async (
  db: DataClient,
  uid: string,
  batchId: string,
): Promise<GenerationBatchItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: generationBatchKey(uid, batchId), ConsistentRead: true }),
  );
  return Item ? (Item as GenerationBatchItem) : null;
};

/** The wire form of a batch (GET /api/outreach/batches/{batchId}). */
export const toBatchProgress = (batch: GenerationBatchItem): BatchProgress => ({
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
 * What a change of one contact answers: the batch's counts and that contact's state, not every contact's. The update
 * asks for the attributes it names only (UPDATED_NEW; the counts and the total are named by adding 0 or setting
 * themselves), so a batch of 100 does not send its whole item back on each of its 200 changes (issue 11 batch figure).
 */
export type BatchChange = Pick<GenerationBatchItem, 'uid' | 'batchId' | 'total' | 'completed' | 'failed'> & {
  contactId: string;
  item: BatchItem;
};

const changeContact = async (
  db: DataClient,
  key: { uid: string; batchId: string; contactId: string },
  change: { path: 'status' | 'item'; value: unknown; at: string; completed: number; failed: number },
): Promise<BatchChange | null> => {
  const target = change.path === 'status' ? '#items.#contact.#status' : '#items.#contact';
  try {
    const { Attributes } = await db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: generationBatchKey(key.uid, key.batchId),
        UpdateExpression: `SET ${target} = :value, #updatedAt = :at, #total = #total ADD #completed :completed, #failed :failed`,
        ConditionExpression: 'attribute_exists(pk) AND #items.#contact.#status IN (:queued, :generating)',
        ExpressionAttributeNames: {
          '#items': 'items',
          '#contact': key.contactId,
          '#status': 'status',
          '#updatedAt': 'updatedAt',
          '#total': 'total',
          '#completed': 'completed',
          '#failed': 'failed',
        },
        ExpressionAttributeValues: {
          ':value': change.value,
          ':at': change.at,
          ':completed': change.completed,
          ':failed': change.failed,
          ':queued': 'queued',
          ':generating': 'generating',
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const answered = Attributes as Pick<GenerationBatchItem, 'total' | 'completed' | 'failed' | 'items'>;
    return {
      uid: key.uid,
      batchId: key.batchId,
      contactId: key.contactId,
      total: answered.total,
      completed: answered.completed,
      failed: answered.failed,
      item: answered.items[key.contactId] as BatchItem,
    };
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
};

/**
 * A contact of the batch starts generating, unless it is done already (a redelivery). Answers the batch's counts and
 * the contact's state after the change, or null when that contact is finished (or the batch is gone).
 */
export const markGenerating = (db: DataClient, uid: string, batchId: string, contactId: string, at: string) =>
  changeContact(db, { uid, batchId, contactId }, { path: 'status', value: 'generating', at, completed: 0, failed: 0 });

/**
 * A contact of the batch is done: its state and the batch's count move together, once (a contact already finished
 * changes nothing). Answers the batch's counts after the change, or null when nothing changed; its activity follows
 * with lambdas/data/activity.ts `progressActivity`.
 */
export const markFinished = (
  db: DataClient,
  uid: string,
  batchId: string,
  contactId: string,
  outcome: { status: 'completed'; draftId: string } | { status: 'failed'; error: string },
  at: string,
) =>
  changeContact(
    db,
    { uid, batchId, contactId },
    {
      path: 'item',
      value: outcome,
      at,
      completed: outcome.status === 'completed' ? 1 : 0,
      failed: outcome.status === 'failed' ? 1 : 0,
    },
  );
