import type { Settings } from '@shared/schemas/profile';
import type { ApiClient } from '@/lib/http/apiClient';

export const getSettings = (api: ApiClient) => api.request('GET /api/profiles/settings');

/** Changes only the settings named; answers all of them. */
export const putSettings = (api: ApiClient, settings: Partial<Settings>) =>
  api.request('PUT /api/profiles/settings', { body: { settings } });
