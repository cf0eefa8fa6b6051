import { timings } from '@shared/constants';

/** A token as the auth provider hands it out. */
export type FetchedToken = {
  token: string;
  /**
   * ms since the epoch by this browser's clock (the JWT's `exp` × 1000, less Cognito's clock drift: amplifyAuth.ts);
   * SPEC §9: 1 h from now when unknown
   */
  expiresAt?: number;
};

export type TokenCacheOptions = {
  /**
   * Reads the session from the auth provider; `force` asks it for new tokens even if its own are still valid. Resolves
   * undefined when nobody is signed in; rejects when the provider cannot be reached or refuses the refresh.
   */
  fetchToken: (force: boolean) => Promise<FetchedToken | undefined>;
  /** SPEC §4: 3 consecutive refresh failures, and no other tab active lately. The cache is already cleared. */
  onForcedSignOut: () => void;
  /** SPEC §4: whether another tab of the app was active within the last 5 s (`tabPresence.otherTabsActiveWithin`). */
  otherTabsActive?: () => boolean;
  /** A refresh replaced the cached token with a new one (the auth machine's TOKEN_REFRESH). */
  onRefreshed?: (token: string) => void;
  /** A refresh failed; `failures` is the consecutive count after this one (before any halving). */
  onRefreshFailed?: (error: unknown, failures: number) => void;
  /** @default Date.now */
  now?: () => number;
};

export type GetTokenOptions = {
  /** fetch a new token even if the cached one is fresh (after a 401); ignored within 5 s of the last forced refresh */
  force?: boolean;
};

/** Why a refresh runs: nothing cached yet, the cached token is within the 5 min margin, or the caller forced it. */
type RefreshReason = 'empty' | 'margin' | 'forced';

type Cached = { token: string; expiresAt: number };

/**
 * The ID token cache of SPEC §4 'Token cache': a token is served from memory while more than 5 min of its (at most
 * 1 h) life remain, then refreshed; forced refreshes less than 5 s apart are ignored; concurrent refreshes share one
 * call; 3 consecutive failures force sign-out unless other tabs were active within 5 s (then the count is halved).
 */
export const createTokenCache = ({
  fetchToken,
  onForcedSignOut,
  otherTabsActive,
  onRefreshed,
  onRefreshFailed,
  now = Date.now,
}: TokenCacheOptions) => {
  let cached: Cached | undefined;
  let inflight: Promise<string | undefined> | undefined;
  let lastForcedAt: number | undefined;
  let failures = 0;
  // bumped by clear(): a refresh started before a sign-out or user switch must not refill the cache
  let generation = 0;

  const usable = (entry: Cached) => entry.expiresAt > now();
  const fresh = (entry: Cached) => entry.expiresAt - now() > timings.tokenRefreshMarginMs;
  const forcedRecently = () => lastForcedAt !== undefined && now() - lastForcedAt < timings.forcedRefreshMinGapMs;

  const fetchForced = () => {
    lastForcedAt = now();
    return fetchToken(true);
  };

  const store = (fetched: FetchedToken): Cached => ({
    token: fetched.token,
    // SPEC §4: cached 1 h at most, and never past the token's own expiry
    expiresAt: Math.min(fetched.expiresAt ?? Number.POSITIVE_INFINITY, now() + timings.tokenLifetimeMs),
  });

  const recordFailure = (error: unknown) => {
    failures += 1;
    onRefreshFailed?.(error, failures);
    if (failures < timings.maxConsecutiveRefreshFailures) return;
    if (otherTabsActive?.()) {
      // SPEC §4: another tab may be mid-refresh of the shared session; give it time rather than sign everyone out
      failures = Math.floor(failures / 2);
      return;
    }
    clear();
    onForcedSignOut();
  };

  const refresh = (reason: RefreshReason) => {
    const started = generation;
    const run = async (): Promise<string | undefined> => {
      let fetched: FetchedToken | undefined;
      // a token still valid for a few minutes keeps being served while its renewal fails
      let fallback = reason === 'margin' ? cached : undefined;
      try {
        if (reason === 'empty') {
          fetched = await fetchToken(false);
          // the provider's stored token may itself be near expiry: renew it now rather than on the next call
          if (fetched && !fresh(store(fetched))) {
            fallback = store(fetched);
            fetched = await fetchForced();
          }
        } else {
          fetched = await fetchForced();
        }
      } catch (error) {
        if (started !== generation) throw error;
        recordFailure(error);
        if (started !== generation || !fallback || !usable(fallback)) throw error;
        cached = fallback;
        return fallback.token;
      }
      if (started !== generation) return fetched?.token;
      failures = 0;
      if (!fetched) {
        cached = undefined;
        return undefined;
      }
      const previous = cached?.token;
      cached = store(fetched);
      if (previous !== undefined && previous !== fetched.token) onRefreshed?.(fetched.token);
      return fetched.token;
    };
    const promise = run().finally(() => {
      if (inflight === promise) inflight = undefined;
    });
    inflight = promise;
    return promise;
  };

  /** The ID token for a bearer header, or undefined when nobody is signed in; rejects when it cannot be had. */
  const getToken = async ({ force = false }: GetTokenOptions = {}): Promise<string | undefined> => {
    if (inflight) return inflight;
    const current = cached;
    if (force) return current && usable(current) && forcedRecently() ? current.token : refresh('forced');
    if (!current) return refresh('empty');
    if (fresh(current)) return current.token;
    return usable(current) && forcedRecently() ? current.token : refresh('margin');
  };

  /** Forgets the token and the counters: on sign-out and when another user signs in. */
  const clear = () => {
    generation += 1;
    cached = undefined;
    inflight = undefined;
    lastForcedAt = undefined;
    failures = 0;
  };

  return { getToken, clear };
};

export type TokenCache = ReturnType<typeof createTokenCache>;
