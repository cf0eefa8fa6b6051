import type { RouteBody } from '@shared/routes';
import { helperTimeoutMs, type ApiClient } from '@/lib/http/apiClient';

export type SyncUserBody = RouteBody<'POST /api/users/sync-user'>;
export type ProfileUpdate = RouteBody<'PUT /api/profiles'>;

/** SPEC §7: after sign-in; creates the profile with the new-user defaults on first call and returns it. */
export const syncUser = (api: ApiClient, body: SyncUserBody) => api.request('POST /api/users/sync-user', { body });

export const getProfile = (api: ApiClient) => api.request('GET /api/profiles');

/** A partial update: only the fields named change; answers the whole profile. */
export const updateProfile = (api: ApiClient, body: ProfileUpdate) => api.request('PUT /api/profiles', { body });

/** SPEC §7: the compact summary AI drafting uses; a helper call, so 120 s. */
export const normalizeProfile = (api: ApiClient) =>
  api.request('POST /api/profiles/normalize', { timeoutMs: helperTimeoutMs });
