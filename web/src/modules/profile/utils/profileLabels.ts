import { plans } from '@shared/constants';
import type { Profile } from '@shared/schemas/profile';

export const planLabel = (profile: Pick<Profile, 'subscriptionTier'>) => plans[profile.subscriptionTier].label;

/** The name to greet a person with: display name, else first + last name, else the e-mail's local part. */
export const profileName = (profile: Pick<Profile, 'displayName' | 'firstName' | 'lastName' | 'email'>) =>
  profile.displayName.trim() ||
  [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim() ||
  profile.email.split('@')[0] ||
  '';
