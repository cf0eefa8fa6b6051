import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from './dynamo.js';
import type { Enrollment, EnrollmentStatus, Sequence, StoppedReason } from '../../shared/schemas/sequences.js';
import { queryAll, type DataClient } from './client.js';
import { writtenIf } from './entity/condition.js';
import { tenantKey } from './entity/keys.js';
import type { TransactionWrite } from './entity/transaction.js';
import { accessPatterns } from './table.js';

/**
 * A user's sequences and enrolments (DESIGN §9 'Sequences'), under the user's key (DESIGN §3):
 * - `USER#<sub>` / `SEQUENCE#<ulid>`: one sequence (the wire fields);
 * - `USER#<sub>` / `ENROLLMENT#<contactId>`: the contact's enrolment (a contact is in at most one sequence at a time;
 *   enrolling it again replaces an ended one). On gsi2 as `USER#<sub>#ENROLLED#<sequenceId>` / `<contactId>`, so a
 *   sequence's enrolments are one Query. Every change writes it on the condition that its `version` is the one read.
 */
export type SequenceItem = Sequence & { userId: string };

/** How an enrolment ended, for the per-step numbers: what came back after how many of its e-mails. */
export type EnrollmentOutcome = {
  kind: 'replied' | 'bounced' | 'unsubscribed';
  /** an interested or referral answer (triage) */
  positive: boolean;
  /** e-mails of the enrolment sent when it came: 1 = the initial e-mail, 2 = the first step... */
  afterEmails: number;
};

export type EnrollmentItem = Omit<Enrollment, 'status' | 'stoppedReason'> & {
  userId: string;
  status: EnrollmentStatus;
  stoppedReason?: StoppedReason;
  /** the initial e-mail went (the sequence's steps count from it) */
  initialSent: boolean;
  /** the conversation its steps go in, and the mailbox they go from (the e-mail before's) */
  conversationId?: string;
  mailboxId?: string;
  /** the last sent e-mail it acted on: a change of it delivered again does nothing */
  lastSentDraftId?: string;
  outcome?: EnrollmentOutcome;
  /** steps the person skipped (not sent) */
  skipped?: number;
  /**
   * The next step is to be written, its days counted from this moment (an enrolment after the initial e-mail went, a
   * skipped step): the sequences stream writes it (AI may take seconds per contact: never inside an HTTP request)
   */
  stepFrom?: string;
  updatedAt: string;
  /** +1 with every write (the condition of the next one) */
  version: number;
};

export const sequenceRecord = 'sequence';
export const enrollmentRecord = 'sequenceEnrollment';

export const sequenceKey = (uid: string, sequenceId: string) => ({ pk: tenantKey(uid), sk: `SEQUENCE#${sequenceId}` });
export const enrollmentKey = (uid: string, contactId: string) => ({
  pk: tenantKey(uid),
  sk: `ENROLLMENT#${contactId}`,
});
const enrolledCollection = (uid: string, sequenceId: string) => `${tenantKey(uid)}#ENROLLED#${sequenceId}`;

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, entity: _entity, gsi2pk: _gpk, gsi2sk: _gsk, ...rest } = item;
  return rest as T;
};

// one sequence of a user (GetItem); another user's id is not under this user's key
export const getSequence = async (db: DataClient, uid: string, sequenceId: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: sequenceKey(uid, sequenceId), ConsistentRead: true }),
  );
  return Item ? strip<SequenceItem>(Item) : null;
};

// a user's sequences (one Query of the user's partition, by sort-key prefix)
export const userSequences = async (db: DataClient, uid: string): Promise<SequenceItem[]> =>
  (
    await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': 'SEQUENCE#' },
    })
  ).map((item) => strip<SequenceItem>(item));

export const putSequence = (db: DataClient, sequence: SequenceItem) =>
  db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...sequenceKey(sequence.userId, sequence.id), entity: sequenceRecord, ...sequence },
    }),
  );

/** Replaces a sequence that still exists; false when it is gone. */
export const replaceSequence = (db: DataClient, sequence: SequenceItem) =>
  writtenIf(
    db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...sequenceKey(sequence.userId, sequence.id), entity: sequenceRecord, ...sequence },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );

export const deleteSequenceItem = (db: DataClient, uid: string, sequenceId: string) =>
  db.documents.send(new DeleteCommand({ TableName: db.table, Key: sequenceKey(uid, sequenceId) }));

// the contact's enrolment (GetItem, consistent)
export const getEnrollment = async (db: DataClient, uid: string, contactId: string) => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: enrollmentKey(uid, contactId), ConsistentRead: true }),
  );
  return Item ? strip<EnrollmentItem>(Item) : null;
};

// the enrolments of one sequence (one Query of its gsi2 collection)
export const sequenceEnrollments = async (db: DataClient, uid: string, sequenceId: string) =>
  (
    await queryAll(db, {
      IndexName: accessPatterns.enrollmentsOfSequence.index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': accessPatterns.enrollmentsOfSequence.partitionKey },
      ExpressionAttributeValues: { ':pk': enrolledCollection(uid, sequenceId) },
    })
  ).map((item) => strip<EnrollmentItem>(item));

// how many contacts one sequence has enrolled, in any state (a COUNT Query of its gsi2 collection: no items read out)
export const countEnrollments = async (db: DataClient, uid: string, sequenceId: string) => {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: accessPatterns.enrollmentsOfSequence.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': accessPatterns.enrollmentsOfSequence.partitionKey },
        ExpressionAttributeValues: { ':pk': enrolledCollection(uid, sequenceId) },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
};

const enrollmentItem = (enrollment: EnrollmentItem) => ({
  ...enrollmentKey(enrollment.userId, enrollment.contactId),
  entity: enrollmentRecord,
  ...enrollment,
  gsi2pk: enrolledCollection(enrollment.userId, enrollment.sequenceId),
  gsi2sk: enrollment.contactId,
});

/**
 * The write of `next` on the condition that the stored enrolment is still at `read` (its version), or, with `read`
 * null, that the contact has none or only an ended one (`stopped` or `finished`).
 */
export const enrollmentWrite = (
  db: DataClient,
  read: Pick<EnrollmentItem, 'version'> | null,
  next: EnrollmentItem,
): TransactionWrite => ({
  Put: {
    TableName: db.table,
    Item: enrollmentItem(next),
    ...(read
      ? { ConditionExpression: '#version = :read', ExpressionAttributeNames: { '#version': 'version' } }
      : {
          ConditionExpression: 'attribute_not_exists(pk) OR #status IN (:stopped, :finished)',
          ExpressionAttributeNames: { '#status': 'status' },
        }),
    ExpressionAttributeValues: read ? { ':read': read.version } : { ':stopped': 'stopped', ':finished': 'finished' },
  },
});

/** Writes `next` (see enrollmentWrite); false when the enrolment changed since `read`. */
export const writeEnrollment = (db: DataClient, read: Pick<EnrollmentItem, 'version'> | null, next: EnrollmentItem) =>
  writtenIf(db.documents.send(new PutCommand(enrollmentWrite(db, read, next).Put as never)));

/**
 * The condition a sequence step's send holds at the moment it leaves (lambdas/drafts/sending.ts): the contact's
 * enrolment still waits for this very draft, active, or paused by an out-of-office whose pause ended.
 */
export const stepStillDueCheck = (
  db: DataClient,
  input: { uid: string; contactId: string; sequenceId: string; draftId: string; now: string },
): TransactionWrite => ({
  ConditionCheck: {
    TableName: db.table,
    Key: enrollmentKey(input.uid, input.contactId),
    ConditionExpression:
      'sequenceId = :sequence AND draftId = :draft AND (#status = :active OR (#status = :paused AND pausedUntil <= :now))',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':sequence': input.sequenceId,
      ':draft': input.draftId,
      ':active': 'active',
      ':paused': 'paused',
      ':now': input.now,
    },
  },
});

export const removeEnrollment = (db: DataClient, uid: string, contactId: string) =>
  db.documents.send(new DeleteCommand({ TableName: db.table, Key: enrollmentKey(uid, contactId) }));
