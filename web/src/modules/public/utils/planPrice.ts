import { plans, type PlanTier } from '@shared/constants';

/** '$0', '$19': a plan's monthly price in whole US dollars (shared/constants.ts). */
export const planPrice = (tier: PlanTier) => `$${plans[tier].priceUsdMonthly}`;

/** 'no charge', or '$19 a month', to finish a sentence about a plan. */
export const planPriceLabel = (tier: PlanTier) =>
  plans[tier].priceUsdMonthly === 0 ? 'no charge' : `${planPrice(tier)} a month`;
