import type * as z from 'zod';
import type { ActivityAction, startActivityBody, updateActivityBody } from '../../shared/schemas/dashboard.js';
import type { DashboardDeps } from './deps.js';

/** The activity log's routes (issue 16). Being built by the H4 helper. */
export const listActivity = async (_deps: DashboardDeps, _uid: string): Promise<{ actions: ActivityAction[] }> => {
  throw new Error('listActivity: not built yet');
};
export const startBrowserActivity = async (
  _deps: DashboardDeps,
  _uid: string,
  _body: z.infer<typeof startActivityBody>,
): Promise<ActivityAction> => {
  throw new Error('startBrowserActivity: not built yet');
};
export const updateBrowserActivity = async (
  _deps: DashboardDeps,
  _uid: string,
  _id: string,
  _body: z.infer<typeof updateActivityBody>,
): Promise<ActivityAction> => {
  throw new Error('updateBrowserActivity: not built yet');
};
