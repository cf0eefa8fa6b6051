import type { ApiClient } from '@/lib/http/apiClient';
import { routeKey } from '@/lib/http/routeKey';

type Api = Pick<ApiClient, 'request'>;

/** The SWR keys: the route's name, as the live channel's staleKeys and missedKeys expect (lib/live/revalidate.ts). */
export const dashboardSummaryKey = routeKey('GET /api/dashboard/summary');
export const pendingTasksKey = routeKey('GET /api/dashboard/pending-tasks');

/** SPEC §7 'Dashboard refresh': the counts at a glance, read from the counters the stats aggregator keeps. */
export const getDashboardSummary = (api: Api, signal?: AbortSignal) =>
  api.request('GET /api/dashboard/summary', { signal });

/** What to do next: every kind of task with its count and its 5 most urgent items. */
export const getPendingTasks = (api: Api, signal?: AbortSignal) =>
  api.request('GET /api/dashboard/pending-tasks', { signal });
