import type { useSWRConfig } from 'swr';
import type { Settings } from '@shared/schemas/profile';
import type { ApiClient } from '@/lib/http/apiClient';

/** The SWR key of the signed-in user's settings. */
export const settingsKey = 'GET /api/profiles/settings';

export const getSettings = (api: ApiClient) => api.request('GET /api/profiles/settings');

/** Changes only the settings named; answers all of them. */
export const putSettings = (api: ApiClient, settings: Partial<Settings>) =>
  api.request('PUT /api/profiles/settings', { body: { settings } });

type CacheMutate = ReturnType<typeof useSWRConfig>['mutate'];

/**
 * SPEC §7 "Settings are loaded once after sign-in": fills the cache, so pages that need a setting have it at hand.
 * A failure is only logged; the settings page then loads them itself and says so if that fails too. Here rather than
 * beside useSettings, whose defaults come from shared/schemas/profile.ts with zod: this runs on every signed-in page.
 */
export const prefetchSettings = async (api: ApiClient, mutate: CacheMutate) => {
  try {
    await mutate<Settings>(settingsKey, getSettings(api), { revalidate: false });
  } catch (error) {
    console.warn('Settings could not be loaded after sign-in', error);
  }
};
