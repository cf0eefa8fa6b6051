import useSWR from 'swr';
import type { Referrals } from '@shared/schemas/billing';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { getReferrals } from '../api/referralsApi';

/** The SWR key of the signed-in user's referrals. */
export const referralsKey = 'GET /api/referrals';

/** The user's referral code, link and the people who joined with it (read again when the page is revisited). */
export const useReferrals = () => {
  const api = useApiClient();
  return useSWR<Referrals, ApiError>(referralsKey, () => getReferrals(api));
};
