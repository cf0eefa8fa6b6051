import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { checkoutStatusSchema } from '@shared/schemas/billing';
import type * as z from 'zod';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import { quotaKey } from '@/modules/quota/hooks/useQuota';
import { getCheckoutStatus } from '../api/billingApi';
import { billingPlansKey } from './useBillingPlans';

export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** While Stripe still processes a payment, /success asks again this often, for this long. */
export const checkoutPolling = { intervalMs: 2_000, forMs: 30_000 } as const;

export const checkoutStatusKey = (sessionId: string) => `GET /api/billing/checkout/${sessionId}`;

/**
 * What became of the Checkout Session `sessionId`, asked of the server (which asks Stripe): asked again every 2 s for
 * 30 s while it is pending. Once paid, the profile (the header's plan label), the quota (the dashboard's slots) and the
 * billing overview are read again, since the server applied the plan before answering.
 */
export const useCheckoutStatus = (sessionId: string) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);

  const result = useSWR<CheckoutStatus, ApiError>(
    checkoutStatusKey(sessionId),
    () => getCheckoutStatus(api, sessionId),
    {
      refreshInterval: (latest) => {
        if (latest?.status !== 'pending') return 0;
        if (Date.now() - startedAt >= checkoutPolling.forMs) return 0;
        return checkoutPolling.intervalMs;
      },
      revalidateOnFocus: false,
      onSuccess: (latest) => {
        if (latest.status === 'paid') {
          void mutate(profileKey);
          void mutate(quotaKey);
          void mutate(billingPlansKey);
        }
        if (latest.status === 'pending' && Date.now() - startedAt + checkoutPolling.intervalMs > checkoutPolling.forMs)
          setGaveUp(true);
      },
    },
  );

  return {
    ...result,
    /** still pending after the polling window: the page says it will update on its own */
    stillPending: gaveUp && result.data?.status === 'pending',
    checkAgain: () => {
      setGaveUp(false);
      return result.mutate();
    },
  };
};
