/** Business constants of SPEC §9 and the plan numbers of DESIGN §6, in one place. */

export const planTiers = ['free', 'starter', 'pro'] as const;
export type PlanTier = (typeof planTiers)[number];

/** DESIGN §6: contact slots per monthly period and monthly price in US dollars. */
export const plans: Record<PlanTier, { label: string; slotsPerPeriod: number; priceUsdMonthly: number }> = {
  free: { label: 'Free', slotsPerPeriod: 25, priceUsdMonthly: 0 },
  starter: { label: 'Starter', slotsPerPeriod: 150, priceUsdMonthly: 19 },
  pro: { label: 'Pro', slotsPerPeriod: 500, priceUsdMonthly: 49 },
};

export const subscriptionStatuses = ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** DESIGN §6: referral rewards. */
export const referral = { referrerBonusSlots: 10, newUserBonusSlots: 5 } as const;

export const limits = {
  /** SPEC §5, §9 */
  fileBytes: 5 * 1024 * 1024,
  emailLookupMaxAttempts: 3,
  emailNotFoundThreshold: 0.9,
} as const;

export const timings = {
  /** SPEC §7: default client timeout; helper calls use the longer one. */
  requestTimeoutMs: 30_000,
  helperRequestTimeoutMs: 120_000,
  /** SPEC §9: user sync skipped if the last one is younger than this. */
  userSyncSkipMs: 60_000,
  userSyncCacheMs: 24 * 60 * 60 * 1000,
} as const;
