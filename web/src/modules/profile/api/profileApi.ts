import type { RouteBody } from '../../../../../shared/routes';
import type { ApiClient } from '../../api/apiClient';

export type SyncUserBody = RouteBody<'POST /api/users/sync-user'>;

/** SPEC §7: after sign-in; creates the profile with the new-user defaults on first call and returns it. */
export const syncUser = (api: ApiClient, body: SyncUserBody) => api.request('POST /api/users/sync-user', { body });

export const getProfile = (api: ApiClient) => api.request('GET /api/profiles');
