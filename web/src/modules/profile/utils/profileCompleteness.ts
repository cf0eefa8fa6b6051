import type { Profile } from '@shared/schemas/profile';

export type CompletenessCheck = 'name' | 'background' | 'goals';

export type ProfileCompleteness = {
  complete: boolean;
  /** the checks met, in display order */
  done: CompletenessCheck[];
  /** the checks still missing, in display order */
  missing: CompletenessCheck[];
};

const filled = (...values: string[]) => values.some((value) => value.trim().length > 0);

const checks: Record<CompletenessCheck, (profile: Profile) => boolean> = {
  name: (profile) => filled(profile.displayName, profile.firstName),
  // the résumé's extracted text counts as much as a background written by hand
  background: (profile) => filled(profile.background, profile.resumeContent),
  goals: (profile) => filled(profile.goals, profile.networkingGoals),
};

/**
 * Whether the profile holds what AI drafting needs (SPEC §2 "/profile (takes a profile-complete callback)"): a name,
 * a background or résumé text, and goals.
 */
export const profileCompleteness = (profile: Profile): ProfileCompleteness => {
  const order = Object.keys(checks) as CompletenessCheck[];
  const done = order.filter((check) => checks[check](profile));
  const missing = order.filter((check) => !done.includes(check));
  return { complete: missing.length === 0, done, missing };
};
