import { describe, expect, it } from 'vitest';
import { plans, planTiers } from '@shared/constants';
import { planPrice, planPriceLabel } from './planPrice';

describe('plan prices', () => {
  it('are read from the plan constants', () => {
    for (const tier of planTiers) expect(planPrice(tier)).toBe(`$${plans[tier].priceUsdMonthly}`);
  });

  it('read as a sentence, with no charge for the plan that costs nothing', () => {
    const free = planTiers.find((tier) => plans[tier].priceUsdMonthly === 0)!;
    const paid = planTiers.find((tier) => plans[tier].priceUsdMonthly > 0)!;
    expect(planPriceLabel(free)).toBe('no charge');
    expect(planPriceLabel(paid)).toBe(`$${plans[paid].priceUsdMonthly} a month`);
  });
});
