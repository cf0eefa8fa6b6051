import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useApiClient } from '@/lib/http/useApiClient';
import { loadQuota, quotaState } from '../state/quotaState';

/** The contact slots of the period (SPEC §3 'Quota'), loaded on first use and served from the 5-min cache after. */
export const useQuota = () => {
  const api = useApiClient();
  const snapshot = useSnapshot(quotaState);
  useEffect(() => {
    void loadQuota(api);
  }, [api]);
  return { ...snapshot, reload: () => loadQuota(api, { force: true }) };
};
