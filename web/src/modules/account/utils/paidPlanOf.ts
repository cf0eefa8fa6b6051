import { plans } from '@shared/constants';
import type { Profile } from '@shared/schemas/profile';

/** The label of the plan the person pays for now (deleting the account cancels it), null on the free plan. */
export const paidPlanOf = (profile: Pick<Profile, 'subscriptionTier' | 'subscriptionStatus'>) =>
  profile.subscriptionTier !== 'free' && profile.subscriptionStatus !== 'canceled'
    ? plans[profile.subscriptionTier].label
    : null;
