/**
 * SPEC §4 'Token health' (two readings) and §9 thresholds, as pure functions of a connection's expiry.
 *
 * Reading A labels a token for the person (the §8 texts): expired, critical under 5 min, refresh under 1 h,
 * invalid_future more than 365 days ahead, valid otherwise. Reading B decides when to renew: expired when past, needs
 * refresh under 10 min, critical under 2 min (silent refresh under 5 min).
 *
 * The store's level (expired, critical, refresh, normal) takes expired from either reading and critical/refresh from
 * reading B. Reading B drives the refresh trigger because the server's tokens live 1 h: under reading A's 1 h
 * threshold a token fresh from a refresh would at once need another, a refresh loop. On top of that, one expiry value
 * triggers at most one refresh ({@link shouldTriggerRefresh}).
 */

const minute = 60_000;

export const tokenHealthThresholds = {
  /** reading A */
  criticalMs: 5 * minute,
  refreshMs: 60 * minute,
  maxFutureMs: 365 * 24 * 60 * minute,
  /** reading B */
  bNeedsRefreshMs: 10 * minute,
  bCriticalMs: 2 * minute,
  bSilentRefreshMs: 5 * minute,
} as const;

/** SPEC §4: a refreshError that forces expired under reading A. */
const expiringRefreshErrors: ReadonlySet<string> = new Set(['invalid_grant', 'auth_failure_on_send']);

export type TokenHealthA = 'expired' | 'critical' | 'refresh' | 'invalid_future' | 'valid';
export type TokenHealthB = { status: 'expired' | 'critical' | 'needs_refresh' | 'valid'; silentRefresh: boolean };
export type TokenHealthLevel = 'expired' | 'critical' | 'refresh' | 'normal';

export type TokenFacts = { expiry: string | null | undefined; refreshError?: string | null };

const timeLeft = (expiry: string | null | undefined, now: number) => {
  if (!expiry) return null;
  const at = Date.parse(expiry);
  return Number.isNaN(at) ? null : at - now;
};

/** Reading A; a missing (or unreadable) expiry means a refresh is needed. */
export const tokenHealthA = ({ expiry, refreshError }: TokenFacts, now: number = Date.now()): TokenHealthA => {
  if (refreshError && expiringRefreshErrors.has(refreshError)) return 'expired';
  const left = timeLeft(expiry, now);
  if (left === null) return 'refresh';
  if (left <= 0) return 'expired';
  if (left > tokenHealthThresholds.maxFutureMs) return 'invalid_future';
  if (left < tokenHealthThresholds.criticalMs) return 'critical';
  if (left < tokenHealthThresholds.refreshMs) return 'refresh';
  return 'valid';
};

/** Reading B; a missing (or unreadable) expiry needs a refresh. */
export const tokenHealthB = ({ expiry }: TokenFacts, now: number = Date.now()): TokenHealthB => {
  const left = timeLeft(expiry, now);
  if (left === null) return { status: 'needs_refresh', silentRefresh: true };
  const silentRefresh = left < tokenHealthThresholds.bSilentRefreshMs;
  if (left <= 0) return { status: 'expired', silentRefresh };
  if (left < tokenHealthThresholds.bCriticalMs) return { status: 'critical', silentRefresh };
  if (left < tokenHealthThresholds.bNeedsRefreshMs) return { status: 'needs_refresh', silentRefresh };
  return { status: 'valid', silentRefresh };
};

/** The store's level: expired by either reading (an impossible expiry too: only a reconnect fixes it), else reading B. */
export const tokenHealthLevel = (facts: TokenFacts, now: number = Date.now()): TokenHealthLevel => {
  const a = tokenHealthA(facts, now);
  const b = tokenHealthB(facts, now);
  if (a === 'expired' || a === 'invalid_future' || b.status === 'expired') return 'expired';
  if (b.status === 'critical') return 'critical';
  if (b.status === 'needs_refresh') return 'refresh';
  return 'normal';
};

/** Which §8 text the person sees for a level (reading A's wording); none while normal. */
export const tokenHealthTextKey = (facts: TokenFacts, now: number = Date.now()): TokenHealthA | null => {
  const level = tokenHealthLevel(facts, now);
  if (level === 'normal') return null;
  if (level === 'expired') return tokenHealthA(facts, now) === 'invalid_future' ? 'invalid_future' : 'expired';
  return level;
};

/**
 * SPEC §4: critical or refresh triggers a refresh; never twice for the same expiry value (`lastTriggeredExpiry`), so
 * a refresh that answers the same expiry (or fails) does not loop.
 */
export const shouldTriggerRefresh = (
  facts: TokenFacts,
  lastTriggeredExpiry: string | null,
  now: number = Date.now(),
): boolean => {
  const level = tokenHealthLevel(facts, now);
  return (level === 'critical' || level === 'refresh') && (facts.expiry ?? '') !== (lastTriggeredExpiry ?? null);
};
