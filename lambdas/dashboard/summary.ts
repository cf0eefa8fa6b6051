import type { DashboardSummary } from '../../shared/schemas/dashboard.js';
import type { DashboardDeps } from './deps.js';

/** GET /api/dashboard/summary (issue 16): the counters, at most 2 DynamoDB calls. Being built by the H2 helper. */
export const dashboardSummary = async (_deps: DashboardDeps, _uid: string): Promise<DashboardSummary> => {
  throw new Error('dashboardSummary: not built yet');
};
