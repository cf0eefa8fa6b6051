import useSWR from 'swr';
import type { billingPlansSchema } from '@shared/schemas/billing';
import type * as z from 'zod';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { getBillingPlans } from '../api/billingApi';

export type BillingPlans = z.infer<typeof billingPlansSchema>;

/** The SWR key of the plans, the user's subscription and slot usage. */
export const billingPlansKey = 'GET /api/billing/plans';

/** The plans, the user's subscription (as Stripe's webhooks keep it) and the slot usage of the period. */
export const useBillingPlans = () => {
  const api = useApiClient();
  return useSWR<BillingPlans, ApiError>(billingPlansKey, () => getBillingPlans(api));
};
