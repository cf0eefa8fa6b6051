import { proxy } from 'valtio';

/** SPEC §9: 20 completed and 20 failed actions are kept in local storage. */
export const keptPerOutcome = 20;
/** SPEC §9: the sidebar lists the 10 newest. */
export const sidebarActivityCount = 10;
/** SPEC §9: a failed action's detail is cut to 50 characters. */
export const maxFailedDetailLength = 50;

const storageKey = 'outreach.recentActivity';

export const activityStatuses = ['in_progress', 'completed', 'failed'] as const;
/** SPEC §4 'Generation': actions move from in progress to completed or failed. */
export type ActivityStatus = (typeof activityStatuses)[number];

export const activityTypes = ['generate_emails', 'send_emails', 'find_emails', 'add_contacts'] as const;
/** The long-running work of SPEC §1 the sidebar reports on. */
export type ActivityType = (typeof activityTypes)[number];

export type ActivityCounts = { total: number; completed: number; failed: number };

export type ActivityAction = {
  id: string;
  type: ActivityType;
  label: string;
  status: ActivityStatus;
  detail?: string;
  /** ISO 8601 */
  startedAt: string;
  /** ISO 8601, once completed or failed */
  finishedAt?: string;
  counts?: ActivityCounts;
};

// The stored list is checked by hand rather than with zod: this store is on every signed-in page's first load, where
// zod's core would weigh more than the whole sidebar (issue 9).
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isOptionalText = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

const storedCounts = (value: unknown): ActivityCounts | undefined =>
  isRecord(value) && isCount(value.total) && isCount(value.completed) && isCount(value.failed)
    ? { total: value.total, completed: value.completed, failed: value.failed }
    : undefined;

/** A stored action as this version writes it, unknown keys left out; undefined when it is not one. */
const storedAction = (value: unknown): ActivityAction | undefined => {
  if (!isRecord(value)) return undefined;
  const { id, type, label, status, detail, startedAt, finishedAt } = value;
  const counts = value.counts === undefined ? undefined : storedCounts(value.counts);
  const valid =
    typeof id === 'string' &&
    typeof label === 'string' &&
    typeof startedAt === 'string' &&
    isOneOf(activityTypes, type) &&
    isOneOf(activityStatuses, status) &&
    isOptionalText(detail) &&
    isOptionalText(finishedAt) &&
    (value.counts === undefined || counts !== undefined);
  if (!valid) return undefined;
  return {
    id,
    type,
    label,
    status,
    startedAt,
    ...(detail === undefined ? {} : { detail }),
    ...(finishedAt === undefined ? {} : { finishedAt }),
    ...(counts ? { counts } : {}),
  };
};

export type ActivityState = {
  /** newest first */
  actions: ActivityAction[];
};

const readStored = (): ActivityAction[] => {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    const actions = Array.isArray(parsed) ? parsed.map(storedAction) : [undefined];
    // one malformed entry: the list is not this version's, start afresh
    if (actions.some((action) => action === undefined)) return [];
    // an in-progress action of an earlier visit cannot finish any more: only finished ones are stored
    return (actions as ActivityAction[]).filter((action) => action.status !== 'in_progress');
  } catch {
    return [];
  }
};

export const activityState = proxy<ActivityState>({ actions: readStored() });

/** An action's latest moment: when it finished, or when it started while it runs. */
const lastChange = (action: Pick<ActivityAction, 'startedAt' | 'finishedAt'>) =>
  Date.parse(action.finishedAt ?? action.startedAt);

const newestFirst = (a: ActivityAction, b: ActivityAction) => lastChange(b) - lastChange(a);

/** SPEC §9: in-progress actions, plus the newest 20 completed and the newest 20 failed. */
export const keepRecent = (actions: readonly ActivityAction[]): ActivityAction[] => {
  const sorted = [...actions].sort(newestFirst);
  const kept = { in_progress: Infinity, completed: keptPerOutcome, failed: keptPerOutcome };
  const seen = { in_progress: 0, completed: 0, failed: 0 };
  return sorted.filter((action) => {
    seen[action.status] += 1;
    return seen[action.status] <= kept[action.status];
  });
};

const persist = () => {
  try {
    const finished = activityState.actions.filter((action) => action.status !== 'in_progress');
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(finished));
  } catch {
    // storage full or blocked: the list still holds for this visit
  }
};

const update = (id: string, change: (action: ActivityAction) => void) => {
  const action = activityState.actions.find((candidate) => candidate.id === id);
  if (!action) return;
  change(action);
  activityState.actions = keepRecent(activityState.actions);
  persist();
};

/** SPEC §9: a failed action's detail is cut to 50 characters, the cut marked with an ellipsis. */
export const cutFailedDetail = (detail: string) =>
  detail.length > maxFailedDetailLength ? `${detail.slice(0, maxFailedDetailLength - 1).trimEnd()}…` : detail;

export type StartActivityInput = { type: ActivityType; label: string; total?: number; id?: string };

/** Records an action in progress; answers its id for the later progress, completion or failure. */
export const startActivity = ({ type, label, total, id = crypto.randomUUID() }: StartActivityInput) => {
  const action: ActivityAction = {
    id,
    type,
    label,
    status: 'in_progress',
    startedAt: new Date().toISOString(),
    ...(total === undefined ? {} : { counts: { total, completed: 0, failed: 0 } }),
  };
  activityState.actions = keepRecent([action, ...activityState.actions.filter((existing) => existing.id !== id)]);
  return id;
};

export const updateActivityCounts = (id: string, counts: Partial<ActivityCounts>) =>
  update(id, (action) => {
    action.counts = { total: 0, completed: 0, failed: 0, ...action.counts, ...counts };
  });

export const completeActivity = (id: string, detail?: string) =>
  update(id, (action) => {
    action.status = 'completed';
    action.finishedAt = new Date().toISOString();
    if (detail !== undefined) action.detail = detail;
  });

export const failActivity = (id: string, detail: string) =>
  update(id, (action) => {
    action.status = 'failed';
    action.finishedAt = new Date().toISOString();
    action.detail = cutFailedDetail(detail);
  });

/** SPEC §9: the sidebar's list, the 10 newest. */
export const sidebarActivity = (actions: readonly ActivityAction[]) =>
  [...actions].sort(newestFirst).slice(0, sidebarActivityCount);

/** On sign-out (SPEC §4 'Logout clears ... action queue'): the list and its stored copy. */
export const resetActivity = () => {
  activityState.actions = [];
  try {
    globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // nothing stored to clear
  }
};
