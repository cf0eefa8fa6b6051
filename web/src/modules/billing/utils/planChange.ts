import { planTiers, type PlanTier } from '@shared/constants';
import type { PaidTier, Subscription } from '@shared/schemas/billing';

/** What a plan's button does for this subscriber. */
export type PlanChange =
  | { kind: 'current' }
  /** a free user buys a paid plan through Stripe Checkout */
  | { kind: 'checkout'; plan: PaidTier }
  /** a paying user changes plan (up or down, or cancels to Free) in the Customer Portal */
  | { kind: 'portal'; direction: 'upgrade' | 'downgrade' };

/**
 * The plan change `tier` means for `subscription`: a free user checks out; a paying one goes to the Customer Portal,
 * where Stripe changes or cancels the subscription (the server answers 409 to a second checkout).
 */
export const planChange = (subscription: Pick<Subscription, 'tier'>, tier: PlanTier): PlanChange => {
  if (tier === subscription.tier) return { kind: 'current' };
  const direction = planTiers.indexOf(tier) > planTiers.indexOf(subscription.tier) ? 'upgrade' : 'downgrade';
  if (subscription.tier === 'free' && tier !== 'free') return { kind: 'checkout', plan: tier };
  return { kind: 'portal', direction };
};
