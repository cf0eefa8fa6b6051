import type * as z from 'zod/mini';
import type { ActivityAction, startActivityBody, updateActivityBody } from '../../shared/schemas/dashboard.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import {
  activityChanged,
  finishActivity,
  getActivity,
  setActivityCounts,
  startActivity,
  userActivity,
} from '../data/activity.js';
import type { DashboardDeps } from './deps.js';

/**
 * The activity log's routes (SPEC §2 Recent Activity, §3 'Activity action', §9). The server's own work (AI
 * batches, e-mail lookups, sends, meetings) writes its actions where it runs (lambdas/data/activity.ts); the browser
 * reports only what it runs itself: contacts added from a file or a list of URLs (`add_contacts`).
 */
export const activityMessages = {
  notFound: 'Activity not found',
  finished: 'This activity has already finished and can no longer be changed.',
  notTheBrowsers: 'This activity is reported by the server and cannot be changed here.',
  countOverTotal: 'A count cannot be more than the number of contacts of the activity.',
} as const;

/** Tells the user's open tabs (best effort: the sidebar polls what it misses). */
const tell = (deps: DashboardDeps, uid: string, action: ActivityAction) =>
  deps.live.publish(uid, activityChanged(action)).catch((error: unknown) => {
    deps.logger.warn('activity.changed was not published', { id: action.id, error: error as Error });
  });

// GET /api/activity
export const listActivity = async (deps: DashboardDeps, uid: string): Promise<{ actions: ActivityAction[] }> => ({
  actions: await userActivity(deps.db, uid, deps.now()),
});

/** POST /api/activity: an action the browser runs (contacts added from a file or URLs), in progress. */
export const startBrowserActivity = async (
  deps: DashboardDeps,
  uid: string,
  body: z.infer<typeof startActivityBody>,
): Promise<ActivityAction> => {
  const action = await startActivity(deps.db, uid, {
    actionType: body.actionType,
    profileCount: body.profileCount,
    at: deps.now(),
  });
  await tell(deps, uid, action);
  return action;
};

/**
 * PATCH /api/activity/{id}: the counts of an action the browser runs, and its end (`error` without a status ends it
 * failed). 400 for a count past its profileCount; 404 for an id the user has none of; 409 once it finished (a finished action stays as it ended) or for the
 * server's own actions.
 */
export const updateBrowserActivity = async (
  deps: DashboardDeps,
  uid: string,
  id: string,
  body: z.infer<typeof updateActivityBody>,
): Promise<ActivityAction> => {
  const current = await getActivity(deps.db, uid, id);
  if (!current) throw notFound(activityMessages.notFound);
  if (current.actionType !== 'add_contacts') throw conflict(activityMessages.notTheBrowsers);
  if (current.status !== 'in_progress') throw conflict(activityMessages.finished);
  const { status, error, ...counts } = body;
  // the sidebar shows n/profileCount: a count past it is no progress of this action (profileCount never changes)
  if (Object.values(counts).some((count) => count !== undefined && count > current.profileCount))
    throw badRequest(activityMessages.countOverTotal);
  // an error without a status is the failure it tells of
  const end = status ?? (error ? 'failed' : undefined);
  const changed = end
    ? await finishActivity(deps.db, uid, id, { status: end, counts, ...(error ? { error } : {}) }, deps.now())
    : await setActivityCounts(deps.db, uid, id, counts);
  // it finished in between (another tab)
  if (!changed) throw conflict(activityMessages.finished);
  await tell(deps, uid, changed);
  return changed;
};
