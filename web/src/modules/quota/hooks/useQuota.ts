import useSWR from 'swr';
import type { Quota } from '@shared/schemas/contacts';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { getQuota } from '../api/quotaApi';

/** The SWR key of the contact slots of the period. */
export const quotaKey = 'GET /api/profiles/slots';

/**
 * SPEC §9: the quota is cached 5 min; SPEC §4 'Quota': a failed fetch is retried 3 times, 1 s, 2 s then 4 s later (the
 * app's retry rule doubles the interval; none on 4xx, SPEC §8).
 */
export const quotaSwrOptions = { dedupingInterval: 300_000, errorRetryInterval: 1_000, errorRetryCount: 3 } as const;

/** The contact slots of the period (SPEC §3 'Quota'), loaded on first use and served from the 5-min cache after. */
export const useQuota = () => {
  const api = useApiClient();
  const { data, error, isLoading, isValidating, mutate } = useSWR<Quota, ApiError>(
    quotaKey,
    () => getQuota(api),
    quotaSwrOptions,
  );
  return {
    quota: data ?? null,
    /** the last fetch's failure, shown while there is no quota to show */
    error: error?.message ?? null,
    loading: isLoading || isValidating,
    reload: () => mutate(),
  };
};
