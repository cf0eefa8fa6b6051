import type { Subscription } from '@shared/schemas/billing';
import type { BillingPlans } from '@/modules/billing/hooks/useBillingPlans';
import { ApiError } from '@/lib/http/ApiError';

/** A free user's subscription (no Stripe customer yet), for unit tests. */
export const subscriptionOf = (overrides: Partial<Subscription> = {}): Subscription => ({
  tier: 'free',
  status: 'active',
  renewalDate: null,
  cancelAtPeriodEnd: false,
  pendingTier: null,
  paymentFailed: false,
  canManage: false,
  ...overrides,
});

/** GET /api/billing/plans as the server answers it, for a free user with 3 of 25 slots used. */
export const billingPlansOf = (
  subscription: Partial<Subscription> = {},
  usage: Partial<BillingPlans['usage']> = {},
): BillingPlans => ({
  plans: [
    { tier: 'free', label: 'Free', slotsPerPeriod: 25, priceUsdMonthly: 0 },
    { tier: 'starter', label: 'Starter', slotsPerPeriod: 150, priceUsdMonthly: 19 },
    { tier: 'pro', label: 'Pro', slotsPerPeriod: 500, priceUsdMonthly: 49 },
  ],
  subscription: subscriptionOf(subscription),
  usage: { slotsAllowed: 25, slotsUsed: 3, bonusSlotsAvailable: 0, slotsRefresh: '2026-12-01T12:00:00.000Z', ...usage },
});

/** A failed call as the API client throws it (the server's envelope: status, code, its text). */
export const apiFailure = (status: number, code: string, serverMessage: string, message = serverMessage) =>
  new ApiError({ status, code, message, serverMessage });
