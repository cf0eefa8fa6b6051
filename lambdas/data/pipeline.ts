import { GetCommand } from './dynamo.js';
import { type PipelineStage, pipelineStages } from '../../shared/schemas/pipeline.js';
import { queryAll, type DataClient } from './client.js';
import { relationshipOfStage } from '../../shared/relationship.js';
import { type ContactItem, contactTouchLineWrites, contactTouchWrite } from './contact.js';
import { type TransactionWrite, transact, worthRetrying } from './entity/transaction.js';
import { expressionAttributes, expressionParts } from './expressions.js';
import { tenantKey } from './entity/keys.js';

/**
 * Where a contact stands in the user's pipeline (DESIGN §6 'Pipeline stages'): `USER#<sub>` /
 * `PIPELINE#<contactId>`. A contact without one is on the board only while it has an active draft (`drafted`, read
 * from the contact). Events move a contact forward only: their write is conditioned on the stored stage being an
 * earlier one (`stageRank`), so an event that arrives late never pulls a contact back; by hand any stage is written.
 */
export type PipelineEntry = {
  contactId: string;
  stage: PipelineStage;
  stageChangedAt: string;
  movedBy: 'event' | 'manual';
  /** the conversation that moved it last (an e-mail, a reply), when one did */
  conversationId: string | null;
};

export const pipelineRecord = 'pipeline';

export const pipelineKey = (uid: string, contactId: string) => ({ pk: tenantKey(uid), sk: `PIPELINE#${contactId}` });

/** A stage's place on the board: drafted 0 ... closed 4. */
export const stageRank = (stage: PipelineStage) => pipelineStages.indexOf(stage);

const fromItem = (item: Record<string, unknown>): PipelineEntry => ({
  contactId: String(item.contactId),
  stage: item.stage as PipelineStage,
  stageChangedAt: String(item.stageChangedAt),
  movedBy: item.movedBy === 'manual' ? 'manual' : 'event',
  conversationId: (item.conversationId as string | null | undefined) ?? null,
});

// a contact's place in the pipeline (GetItem, consistent); null when it has none
export const getPipelineEntry = async (db: DataClient, uid: string, contactId: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: pipelineKey(uid, contactId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
};

/** What a pipeline card shows of a contact (lambdas/data/contact.ts `ContactItem`). */
export type PipelineContact = Pick<
  ContactItem,
  | 'contactId'
  | 'name'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'company'
  | 'jobTitle'
  | 'currentRole'
  | 'avatarUrl'
  | 'hasActiveDraft'
  | 'lastUpdated'
  | 'relationshipStatus'
>;
const cardFields = [
  'contactId',
  'name',
  'firstName',
  'lastName',
  'email',
  'company',
  'jobTitle',
  'currentRole',
  'avatarUrl',
  'hasActiveDraft',
  'lastUpdated',
  'relationshipStatus',
] as const satisfies readonly (keyof PipelineContact)[];

// the card fields of every contact of a user (Query on `CONTACT#`, the contacts' own items, consistent, paged)
export const pipelineContacts = async (db: DataClient, uid: string): Promise<PipelineContact[]> => {
  const p = expressionParts();
  const projection = cardFields.map((field) => p.name(field)).join(', ');
  return (await queryAll(db, {
    KeyConditionExpression: `${p.name('pk')} = ${p.value(tenantKey(uid))} AND begins_with(${p.name('sk')}, ${p.value('CONTACT#')})`,
    ProjectionExpression: projection,
    ConsistentRead: true,
    ...expressionAttributes(p),
  })) as PipelineContact[];
};

// every pipeline entry of a user (Query on `PIPELINE#`, consistent, paged)
export const userPipelineEntries = async (db: DataClient, uid: string): Promise<PipelineEntry[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': 'PIPELINE#' },
      ConsistentRead: true,
    })
  ).map(fromItem);

/**
 * The write that puts a contact in `entry.stage`, for a transaction. By an event (`movedBy: 'event'`) it holds only
 * while the stored stage is an earlier one (or there is none): forward only. By hand it always holds.
 */
export const pipelineMoveWrite = (db: DataClient, uid: string, entry: PipelineEntry): TransactionWrite => {
  const p = expressionParts();
  const condition =
    entry.movedBy === 'event'
      ? `attribute_not_exists(${p.name('pk')}) OR ${p.name('stageRank')} < ${p.value(stageRank(entry.stage))}`
      : undefined;
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...pipelineKey(uid, entry.contactId),
        entity: pipelineRecord,
        ...entry,
        stageRank: stageRank(entry.stage),
      },
      ...(condition ? { ConditionExpression: condition, ...expressionAttributes(p) } : {}),
    },
  };
};

/** A check, for a transaction, that the contact's stage is still `stage` (null: it has none). */
export const pipelineStageCheck = (
  db: DataClient,
  uid: string,
  contactId: string,
  stage: PipelineStage | null,
): TransactionWrite => {
  const p = expressionParts();
  return {
    ConditionCheck: {
      TableName: db.table,
      Key: pipelineKey(uid, contactId),
      ConditionExpression: stage ? `${p.name('stage')} = ${p.value(stage)}` : `attribute_not_exists(${p.name('pk')})`,
      ...expressionAttributes(p),
    },
  };
};

/** The write that takes a contact off the board (its relationship chosen 'new' by hand), for a transaction. */
export const pipelineRemoveWrite = (db: DataClient, uid: string, contactId: string): TransactionWrite => ({
  Delete: { TableName: db.table, Key: pipelineKey(uid, contactId) },
});

/** Times a move is tried again because the contact's directory chunk changed in between (another contact's write). */
const directoryRetries = 10;

/**
 * Moves a contact (one transaction: the contact must exist, and an event moves forward only). The contact shows its
 * new stage as its relationship (shared/relationship.ts) and moves up the list (its last update), in the same
 * transaction with its directory line, so the contacts table never says other than the board; `set` adds a milestone
 * of the event (a meeting booked). Answers `moved`, or why not: the contact is not the user's, or (an event) it
 * already is at this stage or a later one.
 */
export const movePipelineEntry = async (
  db: DataClient,
  uid: string,
  entry: PipelineEntry,
  set: Partial<Pick<ContactItem, 'meetingBookedAt'>> = {},
): Promise<'moved' | 'contactMissing' | 'notForward'> => {
  const touch = { lastUpdated: entry.stageChangedAt, relationshipStatus: relationshipOfStage(entry.stage) };
  for (let attempt = 0; ; attempt += 1) {
    const line = await contactTouchLineWrites(db, uid, entry.contactId, touch);
    const outcome = await transact(db, {
      contact: contactTouchWrite(db, uid, entry.contactId, touch, set),
      move: pipelineMoveWrite(db, uid, entry),
      line,
    });
    if (outcome.done) return 'moved';
    if (outcome.refused.has('contact')) return 'contactMissing';
    if (outcome.refused.has('move')) return 'notForward';
    // the directory chunk moved on, or a write of the same items raced this one: read the chunk again
    if (!worthRetrying(outcome) || attempt >= directoryRetries)
      throw new Error(`Moving the contact in the pipeline was refused: ${outcome.summary}`);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
};
