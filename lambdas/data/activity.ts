import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from './dynamo.js';
import { monotonicFactory } from 'ulid';
import type { LiveEvent } from '../../shared/live-events.js';
import {
  type ActivityAction,
  type ActivityStatus,
  type ActivityType,
  maxActivityErrorLength,
} from '../../shared/schemas/dashboard.js';
import type { DataClient } from './client.js';
import { isConditionFailed } from './entity/condition.js';
import { expressionAttributes, expressionParts, itemExists, itemMissing, type Placeholders } from './expressions.js';
import { deleteItems } from './user-partition.js';
import { tenantKey } from './entity/keys.js';

/**
 * The activity log (SPEC §3 'Activity action', §2 Recent Activity, §9): `USER#<sub>` / `ACTIVITY#<id>`, the
 * id a ULID (an AI batch's is its batchId), so the sort key's order is the order they started in. This module is the
 * one way they are written and read.
 *
 * An action covers `profileCount` items (contacts looked up, e-mails written or sent); each item counts once: its key
 * joins the list `doneItems` in the same conditional write that grows its count, so a redelivered message
 * never counts twice. The write that counts the last item finishes the action: completed when any item completed,
 * else failed. A failed item's reason is kept as the action's `error` (the first one, cut to 50 characters: SPEC §9).
 * When one finishes, finished ones beyond the newest 20 completed and 20 failed are removed (SPEC §9), so the log is a
 * Query of at most 40 small items plus those in progress; each is kept 30 days at most (`ttl`, as an AI batch).
 */
export const activityRecord = 'activityAction';
/** SPEC §9: Recent Activity keeps 20 completed and 20 failed */
export const activitiesKept = 20;
/** an action is kept 30 days at most, as the AI batch it may report on */
const keptSeconds = 30 * 24 * 60 * 60;

const prefix = 'ACTIVITY#';
export const activityKey = (uid: string, id: string) => ({ pk: tenantKey(uid), sk: `${prefix}${id}` });
/** DynamoDB's sort-key limit (an id named by a request may be longer): such an id is not there */
const fits = (key: { sk: string }) => Buffer.byteLength(key.sk, 'utf8') <= 1024;

const ulid = monotonicFactory();
export const newActivityId = () => ulid();

/** SPEC §9: a failed action's detail is cut to 50 characters (an ellipsis says it was cut). */
export const cutActivityError = (reason: string) => {
  const text = reason.trim();
  if (text.length <= maxActivityErrorLength) return text;
  let end = maxActivityErrorLength - 1;
  // never half of a surrogate pair
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
};

/** The action's event on the live channel (DESIGN §8): GET /api/activity has the rest. */
export const activityChanged = (action: Pick<ActivityAction, 'id' | 'status'>): LiveEvent => ({
  type: 'activity.changed',
  data: { id: action.id, status: action.status },
});

/** The attributes of the wire form (`doneItems`, keys and ttl stay in the table). */
const wireAttributes = [
  'id',
  'actionType',
  'status',
  'timestamp',
  'completedAt',
  'failedAt',
  'error',
  'recipients',
  'profileCount',
  'completedCount',
  'fetchedCount',
  'failedCount',
  'metadata',
  'ttl',
] as const;

/** The wire form (SPEC §3): an AI batch's `emailsGenerated` is its completed count. */
export const toActivityAction = (item: Record<string, unknown>): ActivityAction => {
  const metadata = (item.metadata as ActivityAction['metadata'] | undefined) ?? null;
  const completedCount = Number(item.completedCount ?? 0);
  return {
    id: String(item.id),
    actionType: item.actionType as ActivityType,
    status: item.status as ActivityStatus,
    timestamp: String(item.timestamp),
    completedAt: (item.completedAt as string | undefined) ?? null,
    failedAt: (item.failedAt as string | undefined) ?? null,
    error: (item.error as string | undefined) ?? null,
    recipients: ((item.recipients as { name: string }[] | undefined) ?? []).map(({ name }) => ({ name })),
    profileCount: Number(item.profileCount ?? 0),
    completedCount,
    fetchedCount: Number(item.fetchedCount ?? 0),
    failedCount: Number(item.failedCount ?? 0),
    metadata:
      metadata && item.actionType === 'generate_emails' ? { ...metadata, emailsGenerated: completedCount } : metadata,
  };
};

export type StartActivity = {
  /** @default a new ULID */
  id?: string;
  actionType: ActivityType;
  profileCount: number;
  /** who it is about (a send's or a meeting's contact) @default [] */
  recipients?: { name: string }[];
  metadata?: ActivityAction['metadata'];
  at: Date;
};

const newItem = (uid: string, input: StartActivity) => {
  const id = input.id ?? newActivityId();
  return {
    ...activityKey(uid, id),
    entity: activityRecord,
    uid,
    id,
    actionType: input.actionType,
    status: 'in_progress' as ActivityStatus,
    timestamp: input.at.toISOString(),
    recipients: input.recipients ?? [],
    profileCount: input.profileCount,
    completedCount: 0,
    fetchedCount: 0,
    failedCount: 0,
    metadata: input.metadata ?? null,
    ttl: Math.ceil(input.at.getTime() / 1000) + keptSeconds,
  };
};

const putNew = async (db: DataClient, item: Record<string, unknown>) => {
  const p = expressionParts();
  await db.documents.send(
    new PutCommand({
      TableName: db.table,
      Item: item,
      ConditionExpression: itemMissing(p),
      ...expressionAttributes(p),
    }),
  );
};

// a new action of the user, in progress (PutItem, refused when one of its id exists)
export const startActivity = async (db: DataClient, uid: string, input: StartActivity): Promise<ActivityAction> => {
  const item = newItem(uid, input);
  await putNew(db, item);
  return toActivityAction(item);
};

/**
 * An action that ended as it began (a meeting booked, or not): written finished (PutItem), then the finished ones of
 * its outcome beyond the newest 20 removed.
 */
export const recordEndedActivity = async (
  db: DataClient,
  uid: string,
  input: StartActivity & { outcome: { status: 'completed' } | { status: 'failed'; error: string } },
): Promise<ActivityAction> => {
  const { outcome, ...start } = input;
  const at = input.at.toISOString();
  const item = {
    ...newItem(uid, start),
    status: outcome.status,
    ...(outcome.status === 'completed'
      ? { completedAt: at, completedCount: input.profileCount }
      : { failedAt: at, failedCount: input.profileCount, error: cutActivityError(outcome.error) }),
  };
  await putNew(db, item);
  await trimFinishedActivity(db, uid, outcome.status);
  return toActivityAction(item);
};

// one action of the user (GetItem, consistent); null when they have none of that id
export const getActivity = async (db: DataClient, uid: string, id: string): Promise<ActivityAction | null> => {
  const key = activityKey(uid, id);
  if (!fits(key)) return null;
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return Item ? toActivityAction(Item) : null;
};

/**
 * An UpdateItem of an action in progress (`update` and `condition` share the placeholders): the action after it, or
 * null when it is unknown, finished, or `condition` did not hold.
 */
const updateInProgress = async (
  db: DataClient,
  key: Record<string, string>,
  update: (p: Placeholders) => string,
  condition?: (p: Placeholders) => string,
): Promise<ActivityAction | null> => {
  const p = expressionParts();
  const UpdateExpression = update(p);
  const inProgress = `${itemExists(p)} AND ${p.name('status')} = ${p.value('in_progress')}`;
  try {
    const { Attributes } = await db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression,
        ConditionExpression: condition ? `${inProgress} AND ${condition(p)}` : inProgress,
        ...expressionAttributes(p),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toActivityAction(Attributes ?? {});
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
};

/** How one item of an action came out: completed (a lookup that `fetched` an address), or failed and why. */
export type ActivityItemOutcome = { status: 'completed'; fetched?: boolean } | { status: 'failed'; error: string };

/** One item of an action, done: its key (once per action) and how it came out. */
export type ActivityItemDone = { key: string; outcome: ActivityItemOutcome };

/** Items counted in one write at most: each adds a `NOT contains` to its condition (4 KB at most). */
const itemsPerWrite = 50;

/**
 * Items of an action are done (one UpdateItem per up to 50, conditioned on the action being in progress and none of
 * their keys in `doneItems` yet; the keys join the list in the same write): each count grows once, however often an
 * item's message or record comes. When some were counted before (a redelivery), they go one by one, so the others
 * still count. The write that counts the last item finishes the action (`finishActivity`): completed when any item
 * completed, else failed. Answers the action after it, or null when nothing changed (unknown, finished, every item
 * counted already).
 */
export const progressActivityItems = async (
  db: DataClient,
  uid: string,
  id: string,
  items: readonly ActivityItemDone[],
  at: Date,
): Promise<ActivityAction | null> => {
  const key = activityKey(uid, id);
  if (!fits(key) || items.length === 0) return null;
  let progressed: ActivityAction | null = null;
  for (let index = 0; index < items.length; index += itemsPerWrite) {
    const some = items.slice(index, index + itemsPerWrite);
    const counted = await countItems(db, key, some);
    if (counted) progressed = counted;
    else if (some.length > 1) {
      for (const item of some) progressed = (await countItems(db, key, [item])) ?? progressed;
    }
  }
  if (!progressed || progressed.completedCount + progressed.failedCount < progressed.profileCount) return progressed;
  const status = progressed.completedCount > 0 ? 'completed' : 'failed';
  return (await finishActivity(db, uid, id, { status }, at)) ?? progressed;
};

/** One item of an action is done: `progressActivityItems` of that one. */
export const progressActivity = (
  db: DataClient,
  uid: string,
  id: string,
  itemKey: string,
  outcome: ActivityItemOutcome,
  at: Date,
) => progressActivityItems(db, uid, id, [{ key: itemKey, outcome }], at);

// the counts of `items` grow and their keys join `doneItems` (one UpdateItem), unless the action is no longer in
// progress or any of them counted already; null then
const countItems = (db: DataClient, key: Record<string, string>, items: readonly ActivityItemDone[]) => {
  const total = (test: (outcome: ActivityItemOutcome) => boolean) =>
    items.filter(({ outcome }) => test(outcome)).length;
  const counts = {
    completedCount: total((outcome) => outcome.status === 'completed'),
    fetchedCount: total((outcome) => outcome.status === 'completed' && outcome.fetched === true),
    failedCount: total((outcome) => outcome.status === 'failed'),
  };
  const firstError = items.find(({ outcome }) => outcome.status === 'failed')?.outcome;
  return updateInProgress(
    db,
    key,
    (p) => {
      const adds = Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([name, count]) => `${p.name(name)} ${p.value(count)}`);
      const done = p.name('doneItems');
      const keys = items.map((item) => item.key);
      const sets = [`${done} = list_append(if_not_exists(${done}, ${p.value([])}), ${p.value(keys)})`];
      if (firstError?.status === 'failed') {
        const error = p.name('error');
        sets.push(`${error} = if_not_exists(${error}, ${p.value(cutActivityError(firstError.error))})`);
      }
      return `SET ${sets.join(', ')} ADD ${adds.join(', ')}`;
    },
    (p) => items.map((item) => `NOT contains(${p.name('doneItems')}, ${p.value(item.key)})`).join(' AND '),
  );
};

/** The counts of an action the browser runs (PATCH /api/activity/{id}), as it gives them. */
export type ActivityCounts = Partial<Pick<ActivityAction, 'completedCount' | 'fetchedCount' | 'failedCount'>>;

const setClause = (p: Placeholders, fields: Record<string, unknown>) =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([path, value]) => `${p.name(path)} = ${p.value(value)}`);

// an action's counts as its runner tells them (UpdateItem, conditioned on it being in progress); null when not
export const setActivityCounts = async (
  db: DataClient,
  uid: string,
  id: string,
  counts: ActivityCounts,
): Promise<ActivityAction | null> => {
  const key = activityKey(uid, id);
  if (!fits(key)) return null;
  return updateInProgress(db, key, (p) => {
    const sets = setClause(p, counts);
    if (sets.length === 0) throw new Error('An update must change something');
    return `SET ${sets.join(', ')}`;
  });
};

/**
 * The action ends, once (UpdateItem conditioned on it being in progress): completed or failed at `at`, with `error`
 * (cut to 50 characters) when given, and the counts its runner gives last. Then the finished ones of its outcome
 * beyond the newest 20 are removed (SPEC §9). Null when it is unknown or finished already.
 */
export const finishActivity = async (
  db: DataClient,
  uid: string,
  id: string,
  end: { status: 'completed' | 'failed'; error?: string; counts?: ActivityCounts },
  at: Date,
): Promise<ActivityAction | null> => {
  const key = activityKey(uid, id);
  if (!fits(key)) return null;
  const finished = await updateInProgress(
    db,
    key,
    (p) =>
      `SET ${setClause(p, {
        ...end.counts,
        status: end.status,
        [end.status === 'completed' ? 'completedAt' : 'failedAt']: at.toISOString(),
        error: end.error === undefined ? undefined : cutActivityError(end.error),
      }).join(', ')}`,
  );
  if (finished) await trimFinishedActivity(db, uid, end.status);
  return finished;
};

/** The user's actions, newest first, as stored (`doneItems` left out); those past their ttl are not listed. */
const storedActivity = async (db: DataClient, uid: string, now: Date) => {
  const p = expressionParts();
  const projection = wireAttributes.map((name) => p.name(name)).join(', ');
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: `${p.name('pk')} = ${p.value(tenantKey(uid))} AND begins_with(${p.name('sk')}, ${p.value(prefix)})`,
        ProjectionExpression: `${projection}, ${p.name('sk')}`,
        ...expressionAttributes(p),
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  // NOTES: TTL deletes late (and not at all locally)
  const nowSeconds = now.getTime() / 1000;
  return items.filter((item) => typeof item.ttl !== 'number' || item.ttl > nowSeconds);
};

/**
 * The user's Recent Activity (one Query, newest first): the newest 20 actions in progress (more would be imports a
 * closed page never ended; they lapse with their ttl), then the newest 20 completed and 20 failed (SPEC §9), newest
 * first.
 */
export const userActivity = async (db: DataClient, uid: string, now: Date): Promise<ActivityAction[]> => {
  const actions = (await storedActivity(db, uid, now)).map(toActivityAction);
  const of = (status: ActivityStatus) => actions.filter((action) => action.status === status).slice(0, activitiesKept);
  const finished = [...of('completed'), ...of('failed')].sort((a, b) => b.id.localeCompare(a.id));
  return [...of('in_progress'), ...finished];
};

// removes the finished actions of one outcome beyond the newest 20 (SPEC §9); answers how many went
export const trimFinishedActivity = async (db: DataClient, uid: string, status: 'completed' | 'failed') => {
  const p = expressionParts();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.documents.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: `${p.name('pk')} = ${p.value(tenantKey(uid))} AND begins_with(${p.name('sk')}, ${p.value(prefix)})`,
        FilterExpression: `${p.name('status')} = ${p.value(status)}`,
        ProjectionExpression: `${p.name('pk')}, ${p.name('sk')}`,
        ...expressionAttributes(p),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const extra = items.slice(activitiesKept);
  await deleteItems(
    db,
    extra.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })),
  );
  return extra.length;
};
