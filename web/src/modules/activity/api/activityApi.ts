import type { RouteBody } from '@shared/routes';
import type { ActivityAction } from '@shared/schemas/dashboard';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

export type StartActivity = RouteBody<'POST /api/activity'>;
export type UpdateActivity = RouteBody<'PATCH /api/activity/{id}'>;

/** The SWR key of the activity log (the route's name, as the live channel's staleKeys expects). */
export const activityKey = 'GET /api/activity';

/** SPEC §9: actions in progress, then the newest 20 completed and 20 failed, newest first. */
export const listActivity = async (api: Api, signal?: AbortSignal): Promise<ActivityAction[]> =>
  (await api.request('GET /api/activity', { signal })).actions;

/** An action the browser runs itself (contacts added from a CSV file or a list of URLs), in progress. */
export const startActivity = (api: Api, body: StartActivity) => api.request('POST /api/activity', { body });

/** Its counts as they grow, then its end (a finished action is not changed again: 409). */
export const updateActivity = (api: Api, id: string, body: UpdateActivity) =>
  api.request('PATCH /api/activity/{id}', { params: { id }, body });
