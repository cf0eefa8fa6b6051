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

/**
 * DESIGN §6: referral rewards. A referrer is rewarded for at most `monthlyRewardLimit` referred accounts per calendar
 * month (UTC); more are counted, not rewarded (their new user still gets the welcome bonus).
 */
export const referral = { referrerBonusSlots: 10, newUserBonusSlots: 5, monthlyRewardLimit: 10 } as const;

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
  /** SPEC §7: network failures are retried 3 times, 300 ms apart, doubled each time (300, 600, 1200). */
  requestRetries: 3,
  requestRetryDelayMs: 300,
  /** SPEC §4 'Token cache', §9 'Token': lifetime assumed when the token carries no expiry, and the cache's cap. */
  tokenLifetimeMs: 60 * 60 * 1000,
  /** SPEC §9: a cached token is refreshed once fewer than 5 min remain. */
  tokenRefreshMarginMs: 5 * 60 * 1000,
  /** SPEC §9: a forced refresh this soon after the last one is ignored. */
  forcedRefreshMinGapMs: 5_000,
  /** SPEC §9: consecutive refresh failures that force sign-out. */
  maxConsecutiveRefreshFailures: 3,
  /** SPEC §4: other tabs seen this recently halve the failure count instead of forcing sign-out. */
  tabActiveWindowMs: 5_000,
  /** SPEC §9 'Tabs': heartbeat period, and the age after which a tab counts as gone. */
  tabHeartbeatMs: 5_000,
  tabStaleMs: 15_000,
  /** SPEC §9 'Tabs': a tab's token refresh lock expires after this long. */
  refreshLockExpiryMs: 10_000,
  /** SPEC §9: auth events (another tab's sign-in or sign-out) are debounced this long. */
  authEventDebounceMs: 100,
  /** SPEC §9 'Data fetching caches' (first configuration; 3 error retries from the second). */
  dataDedupeMs: 2_000,
  dataErrorRetryMs: 5_000,
  dataFocusThrottleMs: 5_000,
  dataLoadingTimeoutMs: 3_000,
  dataErrorRetryCount: 3,
} as const;
