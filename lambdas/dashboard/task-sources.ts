import { BatchGetCommand } from '../data/dynamo.js';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { awaitsYourReply } from '../../shared/conversation-turn.js';
import type { ReplyClassification } from '../../shared/schemas/conversations.js';
import { queryAll, type DataClient } from '../data/client.js';
import { type ContactItem, contactKey } from '../data/contact.js';
import type { ConversationItem } from '../data/conversation.js';
import { normaliseAddress } from '../data/do-not-contact.js';
import { draftTasks, type DraftTask } from '../data/draft.js';
import { tenantKey, tenantOf } from '../data/entity/keys.js';
import { transact, type TransactionWrite } from '../data/entity/transaction.js';
import type { MeetingItem } from '../data/meeting.js';
import { userConversations } from '../data/conversation.js';
import { userMeetings } from '../data/meeting.js';
import { sendTarget } from '../drafts/index.js';

type Item = Record<string, unknown>;

/**
 * The facts the pending tasks (tasks.ts) are worked out from, kept as things happen: for each kind of item a task is
 * made of (a source), what of it a task needs, of only the items that can make one. The stats aggregator's batch
 * (stats-batch.ts) keeps them from the table's stream; a user's first read builds them from the items themselves
 * (`rebuildTaskSources`). So GET /api/dashboard/pending-tasks reads one Query of a few hundred KB whatever the number
 * of contacts and e-mails, instead of every conversation.
 *
 * A task kind added later reads its facts from these sources, or adds a source here: its `entity`, the id of an item,
 * the fact (or null: the item makes no task), and how the rebuild reads the items that make one.
 */
export type ContactFact = {
  contactId: string;
  name: string;
  firstName: string;
  lastName: string;
  emailLookupStatus: string;
  /** the last e-mail lookup's attempt, else the contact's last change */
  lookupAt: string;
  lastUpdated: string;
  /** the address a draft to the contact goes to (lambdas/drafts/send-rules.ts `sendTarget`); '' when none may */
  sendTo: string;
};
export type ConversationFact = Pick<
  ConversationItem,
  'id' | 'contactId' | 'replyStatus' | 'lastEmailSentAt' | 'lastReplyDate' | 'replySender' | 'subject'
> & {
  /** the newest received e-mail's label (facts kept before triage have none) */
  classification?: ReplyClassification;
};
export type MeetingFact = Pick<
  MeetingItem,
  'id' | 'contactId' | 'contactName' | 'title' | 'startTime' | 'durationMinutes' | 'status'
>;
export type DoNotContactFact = { email: string };

type Source<Fact> = {
  /** the `entity` of the items it is made of */
  entity: string;
  idOf: (item: Item) => string;
  /** the fact of the item as stored now; null when it makes no task */
  factOf: (item: Item) => Fact | null;
  /** every fact of a user, from the items themselves (the rebuild) */
  readAll: (db: DataClient, uid: string) => Promise<Fact[]>;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What of a contact its fact is made of (the rebuild reads only these). */
const contactFactFields = [
  'contactId',
  'name',
  'firstName',
  'lastName',
  'emailLookupStatus',
  'emailLookupLastAttempt',
  'lastUpdated',
  'email',
  'emailQevStatus',
  'emailConfirmedFor',
] as const satisfies readonly (keyof ContactItem)[];

const contactFact = (contact: ContactItem): ContactFact => {
  const target = sendTarget(contact);
  return {
    contactId: contact.contactId,
    name: text(contact.name),
    firstName: text(contact.firstName),
    lastName: text(contact.lastName),
    emailLookupStatus: text(contact.emailLookupStatus),
    lookupAt: text(contact.emailLookupLastAttempt) || text(contact.lastUpdated),
    lastUpdated: text(contact.lastUpdated),
    sendTo: 'to' in target ? target.to : '',
  };
};

/** SPEC §7: a conversation is a task while the contact's reply waits for the user, or while it awaits their reply. */
const conversationFact = (item: Item): ConversationFact | null => {
  const conversation = item as ConversationItem;
  const waiting = awaitsYourReply({
    replyStatus: conversation.replyStatus,
    lastReplyAt: conversation.lastReplyDate,
    lastSentAt: conversation.lastEmailSentAt,
  });
  if (!waiting && conversation.replyStatus !== 'awaiting_reply') return null;
  return {
    id: conversation.id,
    contactId: conversation.contactId,
    replyStatus: conversation.replyStatus,
    lastEmailSentAt: conversation.lastEmailSentAt,
    lastReplyDate: conversation.lastReplyDate,
    replySender: conversation.replySender,
    subject: conversation.subject,
    ...(conversation.latestLabel ? { classification: conversation.latestLabel.classification } : {}),
  };
};

const meetingFact = (item: Item): MeetingFact | null => {
  const meeting = item as MeetingItem;
  if (meeting.status !== 'scheduled') return null;
  const { id, contactId, contactName, title, startTime, durationMinutes, status } = meeting;
  return { id, contactId, contactName, title, startTime, durationMinutes, status };
};

/** A draft is a task's while it is on the draft task index (lambdas/data/draft.ts: ready, failed or queued). */
const draftFact = (item: Item): DraftTask | null => {
  if (typeof item.gsi2pk !== 'string') return null;
  const { id, contactId, conversationId, draftType, status, subject, failureReason, updatedAt } = item as DraftTask;
  return { id, contactId, conversationId, draftType, status, subject, failureReason, updatedAt };
};

export const taskSources = {
  contact: {
    entity: 'contact',
    idOf: (item) => String(item.contactId),
    factOf: (item) => contactFact(item as ContactItem),
    readAll: async (db, uid) =>
      (
        await queryAll(db, {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': contactKey(uid, '').sk },
          ProjectionExpression: contactFactFields.map((_, index) => `#f${index}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(contactFactFields.map((name, index) => [`#f${index}`, name])),
        })
      ).map((item) => contactFact(item as ContactItem)),
  } satisfies Source<ContactFact>,
  draft: {
    entity: 'draft',
    idOf: (item) => String(item.id),
    factOf: draftFact,
    readAll: (db, uid) => draftTasks(db, uid),
  } satisfies Source<DraftTask>,
  conversation: {
    entity: 'conversation',
    idOf: (item) => String(item.id),
    factOf: conversationFact,
    readAll: async (db, uid) =>
      (await userConversations(db, uid)).flatMap((conversation) => conversationFact(conversation) ?? []),
  } satisfies Source<ConversationFact>,
  meeting: {
    entity: 'meeting',
    idOf: (item) => String(item.id),
    factOf: meetingFact,
    readAll: async (db, uid) => (await userMeetings(db, uid)).flatMap((meeting) => meetingFact(meeting) ?? []),
  } satisfies Source<MeetingFact>,
  doNotContact: {
    entity: 'doNotContact',
    idOf: (item) => normaliseAddress(String(item.email)),
    factOf: (item) => ({ email: normaliseAddress(String(item.email)) }),
    readAll: async (db, uid) =>
      (
        await queryAll(db, {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': 'DNC#' },
          ProjectionExpression: 'email',
        })
      ).map((item) => ({ email: normaliseAddress(String(item.email)) })),
  } satisfies Source<DoNotContactFact>,
} as const;

export type TaskSourceName = keyof typeof taskSources;
export type TaskFacts = {
  [Name in TaskSourceName]: (typeof taskSources)[Name] extends Source<infer Fact> ? Fact[] : never;
};
const sourceNames = Object.keys(taskSources) as TaskSourceName[];

/** The entities whose changes the facts follow (the stats aggregator's stream filter takes them: shared/streams.ts). */
export const taskSourceEntities = sourceNames.map((name) => taskSources[name].entity);

/**
 * Storage: each source's facts of a user in `buckets` items (`USER#<sub>` / `TASKSRC#<source>#<bucket>`, by a hash of
 * the id), each one deflated JSON object id -> fact with a version: a change rewrites one bucket of a few KB, holding
 * only if the bucket is still at the version read. `TASKSRC#~built` says the facts were built from the items.
 */
const prefix = 'TASKSRC#';
const buckets = 32;
export const taskSourcesRecord = 'taskSources';
const builtSk = `${prefix}~built`;

const bucketOf = (id: string) => {
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (hash * 31 + id.charCodeAt(index)) >>> 0;
  return hash % buckets;
};
const bucketSk = (source: TaskSourceName, bucket: number) => `${prefix}${source}#${String(bucket).padStart(2, '0')}`;

type Bucket = { sk: string; version: number; facts: Record<string, unknown> };

const parseBucket = (item: Item): Bucket => ({
  sk: String(item.sk),
  version: Number(item.version ?? 0),
  facts:
    item.facts instanceof Uint8Array && item.facts.length
      ? (JSON.parse(inflateRawSync(item.facts).toString('utf8')) as Record<string, unknown>)
      : {},
});

const bucketWrite = (db: DataClient, uid: string, bucket: Bucket): TransactionWrite => ({
  Put: {
    TableName: db.table,
    Item: {
      pk: tenantKey(uid),
      sk: bucket.sk,
      uid,
      entity: taskSourcesRecord,
      version: bucket.version + 1,
      facts: deflateRawSync(Buffer.from(JSON.stringify(bucket.facts), 'utf8')),
    },
    ConditionExpression: bucket.version === 0 ? 'attribute_not_exists(version)' : 'version = :seen',
    ...(bucket.version === 0 ? {} : { ExpressionAttributeValues: { ':seen': bucket.version } }),
  },
});

/** TransactWriteItems takes at most 100 writes. */
const writesPerTransaction = 100;

/** Writes the buckets (each holding only at the version read), by 100; false when one had changed meanwhile. */
const writeBuckets = async (db: DataClient, uid: string, changed: readonly Bucket[]) => {
  let done = true;
  for (let index = 0; index < changed.length; index += writesPerTransaction) {
    const outcome = await transact(db, {
      buckets: changed.slice(index, index + writesPerTransaction).map((bucket) => bucketWrite(db, uid, bucket)),
    });
    if (!outcome.done) {
      if (!outcome.conflict && outcome.refused.size === 0)
        throw new Error(`Task facts not written: ${outcome.summary}`);
      done = false;
    }
  }
  return done;
};

/** A user's stored facts, or null when they were never built from the items (one Query, paged per MB). */
export const readTaskFacts = async (db: DataClient, uid: string): Promise<TaskFacts | null> => {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': prefix },
    ConsistentRead: true,
  });
  if (!items.some((item) => item.sk === builtSk)) return null;
  const facts = Object.fromEntries(sourceNames.map((name) => [name, [] as unknown[]])) as Record<string, unknown[]>;
  for (const item of items) {
    if (item.sk === builtSk) continue;
    const source = String(item.sk).slice(prefix.length).split('#')[0]!;
    facts[source]?.push(...Object.values(parseBucket(item).facts));
  }
  return facts as TaskFacts;
};

/**
 * Builds a user's facts from the items themselves and stores them (each bucket holding only at the version it had
 * before the items were read: a change the stream brought meanwhile makes the build give up, and the next read builds
 * again). Answers the facts built.
 */
export const rebuildTaskFacts = async (db: DataClient, uid: string): Promise<TaskFacts> => {
  const stored = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantKey(uid), ':prefix': prefix },
    ProjectionExpression: 'sk, version',
    ConsistentRead: true,
  });
  const versions = new Map(stored.map((item) => [String(item.sk), Number(item.version ?? 0)]));
  const read = await Promise.all(sourceNames.map((name) => taskSources[name].readAll(db, uid)));
  const facts = Object.fromEntries(sourceNames.map((name, index) => [name, read[index]])) as TaskFacts;
  const bucketsOf = new Map<string, Bucket>();
  for (const name of sourceNames) {
    for (let bucket = 0; bucket < buckets; bucket += 1) {
      const sk = bucketSk(name, bucket);
      bucketsOf.set(sk, { sk, version: versions.get(sk) ?? 0, facts: {} });
    }
    const source = taskSources[name] as Source<unknown>;
    for (const fact of facts[name] as unknown[]) {
      const id = source.idOf(fact as Item);
      bucketsOf.get(bucketSk(name, bucketOf(id)))!.facts[id] = fact;
    }
  }
  // a bucket that is empty and was never written stays unwritten
  const changed = [...bucketsOf.values()].filter((bucket) => bucket.version > 0 || Object.keys(bucket.facts).length);
  if (await writeBuckets(db, uid, changed)) {
    await transact(db, {
      built: {
        Put: {
          TableName: db.table,
          Item: { pk: tenantKey(uid), sk: builtSk, uid, entity: taskSourcesRecord, builtAt: new Date().toISOString() },
        },
      },
    });
  }
  return facts;
};

/** A change of an item the facts follow: whose, which source's bucket, and the fact now (null: none). */
type FactChange = { uid: string; sk: string; id: string; fact: unknown };

/** The fact change of a stream record's item; null when it is none of the sources' items. */
export const factChangeOf = (change: { oldImage?: Item; newImage?: Item }): FactChange | null => {
  const item = change.newImage ?? change.oldImage;
  const name = sourceNames.find((source) => taskSources[source].entity === item?.entity);
  const uid = item && typeof item.pk === 'string' ? tenantOf(item.pk) : null;
  if (!name || !uid || !item) return null;
  const source = taskSources[name] as Source<unknown>;
  const id = source.idOf(item);
  return {
    uid,
    sk: bucketSk(name, bucketOf(id)),
    id,
    fact: change.newImage ? source.factOf(change.newImage) : null,
  };
};

/** Times a user's bucket writes are tried again when another write changed one of them in between. */
const retries = 8;

/**
 * Applies a stream batch's changes, in order, to the facts of their users: per user, one BatchGetItem of the buckets
 * they touch and one TransactWriteItems (per 100 buckets) of those that changed, read and tried again when another
 * write changed one meanwhile. Answers the users whose facts changed. Facts are the items' latest state, so a batch
 * delivered again changes nothing more.
 */
export const applyFactChanges = async (db: DataClient, changes: readonly FactChange[]) => {
  const byUser = new Map<string, FactChange[]>();
  for (const change of changes) {
    const list = byUser.get(change.uid);
    if (list) list.push(change);
    else byUser.set(change.uid, [change]);
  }
  const touched = new Set<string>();
  await Promise.all(
    [...byUser].map(async ([uid, list]) => {
      const sks = [...new Set(list.map((change) => change.sk))];
      for (let attempt = 0; ; attempt += 1) {
        const read = new Map<string, Bucket>();
        for (let index = 0; index < sks.length; index += 100) {
          let keys: Item[] = sks.slice(index, index + 100).map((sk) => ({ pk: tenantKey(uid), sk }));
          while (keys.length) {
            const result = await db.documents.send(
              new BatchGetCommand({ RequestItems: { [db.table]: { Keys: keys, ConsistentRead: true } } }),
            );
            for (const item of result.Responses?.[db.table] ?? []) read.set(String(item.sk), parseBucket(item));
            keys = result.UnprocessedKeys?.[db.table]?.Keys ?? [];
          }
        }
        const changed = new Map<string, Bucket>();
        for (const change of list) {
          const stored = read.get(change.sk) ?? { sk: change.sk, version: 0, facts: {} };
          const bucket = changed.get(change.sk) ?? stored;
          if (JSON.stringify(bucket.facts[change.id] ?? null) === JSON.stringify(change.fact)) continue;
          // the bucket as read is copied once, on its first change (a batch brings many changes to one bucket)
          if (bucket === stored) changed.set(change.sk, { ...stored, facts: { ...stored.facts } });
          const { facts } = changed.get(change.sk)!;
          if (change.fact === null) delete facts[change.id];
          else facts[change.id] = change.fact;
        }
        if (changed.size === 0) return;
        if (await writeBuckets(db, uid, [...changed.values()])) {
          touched.add(uid);
          return;
        }
        if (attempt >= retries) throw new Error(`The task facts of a user kept changing (${uid})`);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      }
    }),
  );
  return touched;
};
