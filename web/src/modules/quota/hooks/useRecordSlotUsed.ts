import { useSWRConfig } from 'swr';
import type { Quota } from '@shared/schemas/contacts';
import { routeKey } from '@/lib/http/routeKey';
import { consumeSlot } from '../utils/consumeSlot';
import { quotaKey } from './useQuota';

/** SPEC §4 'Quota': after a local increment the server's numbers are fetched 1 s later. */
export const quotaRefreshAfterAddMs = 1_000;

/** adds in a row, from any form, share one refresh */
let refreshPending = false;

/**
 * Counts one slot used by an add (SPEC §4 'Quota') in the cached quota at once, then reads the server's numbers 1 s
 * later, so the count is right at once and exact soon after.
 */
export const useRecordSlotUsed = () => {
  const { mutate } = useSWRConfig();
  return () => {
    void mutate<Quota>(quotaKey, (quota) => (quota ? consumeSlot(quota) : quota), { revalidate: false });
    if (refreshPending) return;
    refreshPending = true;
    setTimeout(() => {
      refreshPending = false;
      void mutate(quotaKey);
      // the dashboard's Contacts and Contact slots cards read the same numbers (no stats event follows an add)
      void mutate(routeKey('GET /api/dashboard/summary'));
    }, quotaRefreshAfterAddMs);
  };
};

/** After contacts were deleted: the slots, and the dashboard's cards of them, are read again. */
export const useRefreshSlots = () => {
  const { mutate } = useSWRConfig();
  return () => {
    void mutate(quotaKey);
    void mutate(routeKey('GET /api/dashboard/summary'));
  };
};
