import { describe, expect, it, vi } from 'vitest';
import { timings } from '@shared/constants';
import { createTokenCache, type FetchedToken, type TokenCacheOptions } from './tokenCache';

const minute = 60_000;
const hour = 60 * minute;
const start = Date.UTC(2026, 0, 1, 9);

/** A controllable clock and auth provider: each fetch answers with the next token `t1`, `t2`, ... valid for `validFor`. */
const setup = (overrides: Partial<TokenCacheOptions> & { validFor?: number } = {}) => {
  let time = start;
  let issued = 0;
  const clock = {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
  const fetchToken = vi.fn(async (_force: boolean): Promise<FetchedToken | undefined> => {
    issued += 1;
    return { token: `t${issued}`, expiresAt: time + (overrides.validFor ?? hour) };
  });
  const onForcedSignOut = vi.fn();
  const cache = createTokenCache({ fetchToken, onForcedSignOut, now: clock.now, ...overrides });
  return { cache, clock, fetchToken, onForcedSignOut };
};

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const offline = () => Promise.reject(new Error('Network error'));

describe('createTokenCache', () => {
  it('reads the session once and serves the token from memory while more than 5 min remain', async () => {
    const { cache, clock, fetchToken } = setup();
    await expect(cache.getToken()).resolves.toBe('t1');
    expect(fetchToken).toHaveBeenCalledExactlyOnceWith(false);
    clock.advance(hour - timings.tokenRefreshMarginMs - 1);
    await expect(cache.getToken()).resolves.toBe('t1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('refreshes once fewer than 5 min remain', async () => {
    const { cache, clock, fetchToken } = setup();
    await cache.getToken();
    clock.advance(hour - timings.tokenRefreshMarginMs);
    await expect(cache.getToken()).resolves.toBe('t2');
    expect(fetchToken).toHaveBeenLastCalledWith(true);
  });

  it('assumes a 1 h lifetime when the token carries no expiry', async () => {
    const fetchToken = vi.fn(async () => ({ token: 'plain' }));
    let time = start;
    const cache = createTokenCache({ fetchToken, onForcedSignOut: vi.fn(), now: () => time });
    await cache.getToken();
    time += 55 * minute - 1;
    await cache.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    time += 1;
    await cache.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('caches for 1 h at most even when the token claims a longer life', async () => {
    const { cache, clock, fetchToken } = setup({ validFor: 24 * hour });
    await cache.getToken();
    clock.advance(55 * minute);
    await expect(cache.getToken()).resolves.toBe('t2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('follows a token that expires sooner than 1 h', async () => {
    const { cache, clock } = setup({ validFor: 20 * minute });
    await cache.getToken();
    clock.advance(15 * minute);
    await expect(cache.getToken()).resolves.toBe('t2');
  });

  it('renews at once a stored session that is already near its expiry', async () => {
    const { cache, fetchToken } = setup({ validFor: 2 * minute });
    const answers: FetchedToken[] = [
      { token: 'stored', expiresAt: start + 2 * minute },
      { token: 'renewed', expiresAt: start + hour },
    ];
    fetchToken.mockImplementation(async () => answers.shift());
    await expect(cache.getToken()).resolves.toBe('renewed');
    expect(fetchToken.mock.calls).toEqual([[false], [true]]);
  });

  it('forces a refresh on request, then ignores forced refreshes for 5 s', async () => {
    const { cache, clock, fetchToken } = setup();
    await cache.getToken();
    await expect(cache.getToken({ force: true })).resolves.toBe('t2');
    clock.advance(timings.forcedRefreshMinGapMs - 1);
    await expect(cache.getToken({ force: true })).resolves.toBe('t2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
    clock.advance(1);
    await expect(cache.getToken({ force: true })).resolves.toBe('t3');
    expect(fetchToken.mock.calls).toEqual([[false], [true], [true]]);
  });

  it('shares one refresh between concurrent callers', async () => {
    const { cache, fetchToken } = setup();
    const pending = deferred<FetchedToken>();
    fetchToken.mockImplementationOnce(() => pending.promise);
    const calls = [
      cache.getToken(),
      cache.getToken(),
      cache.getToken({ force: true }),
      cache.getToken({ force: true }),
    ];
    pending.resolve({ token: 'shared', expiresAt: start + hour });
    await expect(Promise.all(calls)).resolves.toEqual(['shared', 'shared', 'shared', 'shared']);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('starts a new refresh once the shared one has settled', async () => {
    const { cache, clock, fetchToken } = setup();
    await Promise.all([cache.getToken({ force: true }), cache.getToken({ force: true })]);
    clock.advance(timings.forcedRefreshMinGapMs);
    await Promise.all([cache.getToken({ force: true }), cache.getToken({ force: true })]);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('resolves undefined when nobody is signed in, and caches nothing', async () => {
    const { cache, fetchToken } = setup();
    fetchToken.mockResolvedValue(undefined);
    await expect(cache.getToken()).resolves.toBeUndefined();
    await expect(cache.getToken()).resolves.toBeUndefined();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('rejects a failed first read or forced refresh', async () => {
    const { cache, clock, fetchToken } = setup();
    fetchToken.mockImplementationOnce(offline);
    await expect(cache.getToken()).rejects.toThrow('Network error');
    await cache.getToken();
    clock.advance(timings.forcedRefreshMinGapMs);
    fetchToken.mockImplementationOnce(offline);
    await expect(cache.getToken({ force: true })).rejects.toThrow('Network error');
  });

  it('keeps serving a still-valid token while its renewal fails', async () => {
    const onRefreshFailed = vi.fn();
    const { cache, clock, fetchToken } = setup({ onRefreshFailed });
    await cache.getToken();
    clock.advance(57 * minute);
    fetchToken.mockImplementationOnce(offline);
    await expect(cache.getToken()).resolves.toBe('t1');
    expect(onRefreshFailed).toHaveBeenCalledExactlyOnceWith(expect.any(Error), 1);
    clock.advance(timings.forcedRefreshMinGapMs);
    await expect(cache.getToken()).resolves.toBe('t2');
  });

  it('does not retry a failed renewal within 5 s', async () => {
    const { cache, clock, fetchToken } = setup();
    await cache.getToken();
    clock.advance(57 * minute);
    fetchToken.mockImplementation(offline);
    await cache.getToken();
    await cache.getToken();
    await cache.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('rejects once the cached token has expired and the renewal fails', async () => {
    const { cache, clock, fetchToken } = setup();
    await cache.getToken();
    clock.advance(hour);
    fetchToken.mockImplementationOnce(offline);
    await expect(cache.getToken()).rejects.toThrow('Network error');
  });

  it('forces sign-out after 3 consecutive failures and forgets the token', async () => {
    const { cache, clock, fetchToken, onForcedSignOut } = setup();
    await cache.getToken();
    fetchToken.mockImplementation(offline);
    for (let failure = 1; failure <= 3; failure += 1) {
      clock.advance(timings.forcedRefreshMinGapMs);
      await expect(cache.getToken({ force: true })).rejects.toThrow();
      expect(onForcedSignOut).toHaveBeenCalledTimes(failure === 3 ? 1 : 0);
    }
    fetchToken.mockImplementation(async () => ({ token: 'next-user', expiresAt: clock.now() + hour }));
    await expect(cache.getToken()).resolves.toBe('next-user');
    expect(fetchToken).toHaveBeenLastCalledWith(false);
  });

  it('resets the failure count after a successful refresh', async () => {
    const { cache, clock, fetchToken, onForcedSignOut } = setup();
    const failOnce = () => {
      clock.advance(timings.forcedRefreshMinGapMs);
      fetchToken.mockImplementationOnce(offline);
      return cache.getToken({ force: true }).catch(() => undefined);
    };
    await failOnce();
    await failOnce();
    clock.advance(timings.forcedRefreshMinGapMs);
    await cache.getToken({ force: true });
    await failOnce();
    await failOnce();
    expect(onForcedSignOut).not.toHaveBeenCalled();
    await failOnce();
    expect(onForcedSignOut).toHaveBeenCalledTimes(1);
  });

  it('halves the failure count instead of signing out while other tabs are active', async () => {
    let othersActive = true;
    const onRefreshFailed = vi.fn();
    const { cache, clock, fetchToken, onForcedSignOut } = setup({
      otherTabsActive: () => othersActive,
      onRefreshFailed,
    });
    fetchToken.mockImplementation(offline);
    const fail = async () => {
      clock.advance(timings.forcedRefreshMinGapMs);
      await cache.getToken({ force: true }).catch(() => undefined);
    };
    await fail();
    await fail();
    await fail();
    expect(onForcedSignOut).not.toHaveBeenCalled();
    // 3 halved to 1, so the next failure counts 2
    await fail();
    expect(onRefreshFailed.mock.calls.map(([, failures]) => failures)).toEqual([1, 2, 3, 2]);
    othersActive = false;
    await fail();
    expect(onForcedSignOut).toHaveBeenCalledTimes(1);
  });

  it('reports a refresh that replaced the token, not the first read', async () => {
    const onRefreshed = vi.fn();
    const { cache } = setup({ onRefreshed });
    await cache.getToken();
    expect(onRefreshed).not.toHaveBeenCalled();
    await cache.getToken({ force: true });
    expect(onRefreshed).toHaveBeenCalledExactlyOnceWith('t2');
  });

  it('forgets the token and the forced-refresh gap on clear', async () => {
    const { cache, fetchToken } = setup();
    await cache.getToken({ force: true });
    cache.clear();
    await expect(cache.getToken()).resolves.toBe('t2');
    expect(fetchToken).toHaveBeenLastCalledWith(false);
    await expect(cache.getToken({ force: true })).resolves.toBe('t3');
  });

  it('forgets the failure count on clear', async () => {
    const { cache, clock, fetchToken, onForcedSignOut } = setup();
    fetchToken.mockImplementation(offline);
    for (let i = 0; i < 2; i += 1) {
      clock.advance(timings.forcedRefreshMinGapMs);
      await cache.getToken({ force: true }).catch(() => undefined);
    }
    cache.clear();
    await expect(cache.getToken()).rejects.toThrow();
    expect(onForcedSignOut).not.toHaveBeenCalled();
  });

  it('does not cache a token that arrives after clear (the previous user’s)', async () => {
    const { cache, fetchToken } = setup();
    const pending = deferred<FetchedToken>();
    fetchToken.mockImplementationOnce(() => pending.promise);
    const late = cache.getToken();
    cache.clear();
    const next = cache.getToken();
    pending.resolve({ token: 'previous-user', expiresAt: start + hour });
    await expect(late).resolves.toBe('previous-user');
    await expect(next).resolves.toBe('t1');
    await expect(cache.getToken()).resolves.toBe('t1');
  });

  it('does not count a failure of a refresh started before clear', async () => {
    const onRefreshFailed = vi.fn();
    const { cache, fetchToken } = setup({ onRefreshFailed });
    const pending = deferred<FetchedToken>();
    fetchToken.mockImplementationOnce(() => pending.promise);
    const late = cache.getToken();
    cache.clear();
    pending.reject(new Error('gone'));
    await expect(late).rejects.toThrow('gone');
    expect(onRefreshFailed).not.toHaveBeenCalled();
  });
});
