import useSWR from 'swr';
import type { Profile } from '@shared/schemas/profile';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { getProfile } from '../api/profileApi';

/** The SWR key of the signed-in user's profile; sign-in primes it with the sync-user answer. */
export const profileKey = 'GET /api/profiles';

export const useProfile = () => {
  const api = useApiClient();
  // Sign-in primes the cache with the sync-user answer: no second fetch for a profile seconds old.
  return useSWR<Profile, ApiError>(profileKey, () => getProfile(api), { revalidateIfStale: false });
};
