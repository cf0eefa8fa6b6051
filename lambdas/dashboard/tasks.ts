import type { PendingTasks } from '../../shared/schemas/dashboard.js';
import type { DashboardDeps } from './deps.js';

/** GET /api/dashboard/pending-tasks (issue 16). Being built by the H5 helper. */
export const pendingTasks = async (_deps: DashboardDeps, _uid: string): Promise<PendingTasks> => {
  throw new Error('pendingTasks: not built yet');
};
