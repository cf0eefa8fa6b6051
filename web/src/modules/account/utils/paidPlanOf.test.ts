import { describe, expect, it } from 'vitest';
import { paidPlanOf } from './paidPlanOf';

describe('the paid plan an account deletion cancels', () => {
  it('is the plan paid for now', () => {
    expect(paidPlanOf({ subscriptionTier: 'starter', subscriptionStatus: 'active' })).toBe('Starter');
    expect(paidPlanOf({ subscriptionTier: 'pro', subscriptionStatus: 'past_due' })).toBe('Pro');
  });

  it('is none on the free plan or once the subscription was cancelled', () => {
    expect(paidPlanOf({ subscriptionTier: 'free', subscriptionStatus: 'active' })).toBeNull();
    expect(paidPlanOf({ subscriptionTier: 'pro', subscriptionStatus: 'canceled' })).toBeNull();
  });
});
