import { describe, expect, it, vi } from 'vitest';
import { createSharedTokenRefresh, type RefreshLocks } from './refreshLock';
import type { FetchedToken } from './tokenCache';

/** Amplify's session as every tab of one browser sees it: one stored token, renewed by a forced read. */
const sharedSession = () => {
  let issued = 1;
  const session = {
    refreshes: 0,
    fetchToken: vi.fn(async (force: boolean): Promise<FetchedToken> => {
      // a refresh is a round trip to Cognito: the other tabs get their turn meanwhile
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (force) {
        session.refreshes += 1;
        issued += 1;
      }
      return { token: `t${issued}` };
    }),
  };
  return session;
};

/** The Web Locks API's exclusive lock within one test: callbacks run one after another. */
const browserLocks = (): RefreshLocks => {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: ((_name: string, _options: LockOptions, callback: LockGrantedCallback<unknown>) => {
      const run = tail.then(() => callback(null));
      tail = run.catch(() => undefined);
      return run;
    }) as RefreshLocks['request'],
  };
};

describe('createSharedTokenRefresh', () => {
  it('four tabs wanting a refresh at once renew the session once and all take the new token', async () => {
    const session = sharedSession();
    const locks = browserLocks();
    const tabs = Array.from({ length: 4 }, () => createSharedTokenRefresh({ fetchToken: session.fetchToken, locks }));
    await Promise.all(tabs.map((tab) => tab(false)));

    const tokens = await Promise.all(tabs.map((tab) => tab(true)));

    expect(session.refreshes).toBe(1);
    expect(tokens.map((token) => token?.token)).toEqual(['t2', 't2', 't2', 't2']);
  });

  it('without the lock every tab spends the refresh token', async () => {
    const session = sharedSession();
    const tabs = Array.from({ length: 4 }, () =>
      createSharedTokenRefresh({ fetchToken: session.fetchToken, locks: undefined }),
    );
    await Promise.all(tabs.map((tab) => tab(false)));
    await Promise.all(tabs.map((tab) => tab(true)));
    expect(session.refreshes).toBe(4);
  });

  it('a tab refreshes again when the stored token is still the one it was given (a 401 on it)', async () => {
    const session = sharedSession();
    const tab = createSharedTokenRefresh({ fetchToken: session.fetchToken, locks: browserLocks() });
    await tab(false);
    await expect(tab(true)).resolves.toEqual({ token: 't2' });
    await expect(tab(true)).resolves.toEqual({ token: 't3' });
    expect(session.refreshes).toBe(2);
  });

  it('goes on without the lock once another tab has held it for 10 s', async () => {
    vi.useFakeTimers();
    try {
      const session = sharedSession();
      const stuck: RefreshLocks = {
        // a holder that never lets go: the request's signal is how a waiting tab gives up
        request: ((_name: string, options: LockOptions) =>
          new Promise((_, reject) =>
            options.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
          )) as RefreshLocks['request'],
      };
      const tab = createSharedTokenRefresh({ fetchToken: session.fetchToken, locks: stuck, expiryMs: 10_000 });
      const token = tab(true);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(session.fetchToken).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(20);
      // this tab had no token yet: the stored one is new to it
      await expect(token).resolves.toEqual({ token: 't1' });
    } finally {
      vi.useRealTimers();
    }
  });
});
