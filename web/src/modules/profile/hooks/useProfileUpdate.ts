import { useSWRConfig } from 'swr';
import type { Profile } from '@shared/schemas/profile';
import type { ApiClient } from '@/lib/http/apiClient';
import { isApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { normalizeProfile, updateProfile, type ProfileUpdate } from '../api/profileApi';
import { setNormalizeStatus } from '../state/normalizeState';
import { needsNormalizing } from '../utils/profileChanges';
import { profileKey } from './useProfile';

type CacheMutate = ReturnType<typeof useSWRConfig>['mutate'];

let latestRun = 0;

/**
 * SPEC §7: `POST /api/profiles/normalize` after a change that feeds AI drafting. Runs in the background: its summary
 * lands in the cached profile, a failure is logged and noted, never thrown.
 */
export const refreshNormalizedProfile = async (api: ApiClient, mutate: CacheMutate) => {
  const run = ++latestRun;
  setNormalizeStatus('running');
  try {
    const { summary, normalizedAt } = await normalizeProfile(api);
    await mutate<Profile>(
      profileKey,
      (profile) => (profile ? { ...profile, normalizedSummary: summary, normalizedAt } : profile),
      { revalidate: false },
    );
    if (run === latestRun) setNormalizeStatus('idle');
  } catch (error) {
    if (run !== latestRun) return;
    // a 400 says there is nothing to summarise yet (its text says what to add): not a failure
    if (isApiError(error) && error.status === 400) {
      setNormalizeStatus('empty', error.message);
      return;
    }
    console.warn('Profile normalisation failed', error);
    setNormalizeStatus('failed');
  }
};

/** Puts a profile the server answered into the cache, so every page shows it without another read. */
export const useCacheProfile = () => {
  const { mutate } = useSWRConfig();
  return (profile: Profile) => mutate<Profile>(profileKey, profile, { revalidate: false });
};

/**
 * Saves profile fields (`PUT /api/profiles`, only the fields given), caches the answer and, when the change feeds AI
 * drafting, refreshes the normalised profile in the background (SPEC §7).
 */
export const useProfileUpdate = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const cacheProfile = useCacheProfile();

  const saveProfile = async (changes: ProfileUpdate) => {
    const profile = await updateProfile(api, changes);
    await cacheProfile(profile);
    if (needsNormalizing(changes)) void refreshNormalizedProfile(api, mutate);
    return profile;
  };

  const normalize = () => refreshNormalizedProfile(api, mutate);

  return { saveProfile, normalize };
};
