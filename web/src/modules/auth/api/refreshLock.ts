import { timings } from '@shared/constants';
import type { FetchedToken } from './tokenCache';

/** The part of the Web Locks API (`navigator.locks`) the refresh lock needs. */
export type RefreshLocks = Pick<LockManager, 'request'>;

export type SharedTokenRefreshOptions = {
  /** Amplify's session read (`fetchIdToken`): `force` trades the refresh token for new tokens. */
  fetchToken: (force: boolean) => Promise<FetchedToken | undefined>;
  /** @default globalThis.navigator.locks; without it (an insecure origin) the tab refreshes on its own */
  locks?: RefreshLocks;
  /** SPEC §9 'Tabs': a refresh lock expires after 10 s. @default timings.refreshLockExpiryMs */
  expiryMs?: number;
};

/**
 * One name for the browser: Amplify keeps one session per origin in local storage (its tokens are the same keys for
 * every tab), so a lock per origin is a lock per signed-in user.
 */
export const refreshLockName = 'outreach.tokenRefresh';

const defaultLocks = (): RefreshLocks | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator.locks as RefreshLocks | undefined);

/**
 * SPEC §4/§9 'Tabs': the refresh lock that makes N open tabs refresh the shared session once. Amplify keeps its
 * tokens in local storage, shared by the tabs; a tab reads or renews them only while it holds the Web Lock
 * `outreach.tokenRefresh`, and a tab that wanted a refresh first reads what is stored: when that is no longer the
 * token it was given, another tab renewed it while this one waited, and it takes those tokens instead of spending the
 * refresh token again. The lock expires after 10 s both ways: a holder whose refresh hangs lets the others go, and a
 * tab that waited that long (a holder frozen in the background) goes on without it.
 */
export const createSharedTokenRefresh = ({
  fetchToken,
  locks = defaultLocks(),
  expiryMs = timings.refreshLockExpiryMs,
}: SharedTokenRefreshOptions) => {
  // the token this tab's cache was last given: what a forced refresh means to replace
  let given: string | undefined;

  const give = (fetched: FetchedToken | undefined) => {
    given = fetched?.token;
    return fetched;
  };

  const withLock = <T>(work: () => Promise<T>): Promise<T> => {
    if (!locks) return work();
    return new Promise<T>((resolve, reject) => {
      let running: Promise<T> | undefined;
      const run = () => {
        running = work();
        running.then(resolve, reject);
        return running;
      };
      const waiting = new AbortController();
      const giveUp = setTimeout(() => waiting.abort(), expiryMs);
      locks
        .request(refreshLockName, { signal: waiting.signal }, () => {
          clearTimeout(giveUp);
          const result = run();
          return new Promise<void>((release) => {
            const expiry = setTimeout(release, expiryMs);
            void result
              .catch(() => undefined)
              .finally(() => {
                clearTimeout(expiry);
                release();
              });
          });
        })
        .catch(() => {
          // waited out the lock's expiry, or the lock manager failed: go on without it
          if (!running) run();
        });
    });
  };

  /** `fetchToken` for the token cache, one tab at a time. */
  return (force: boolean): Promise<FetchedToken | undefined> =>
    withLock(async () => {
      if (!force) return give(await fetchToken(false));
      const stored = await fetchToken(false).catch(() => undefined);
      if (stored && stored.token !== given) return give(stored);
      return give(await fetchToken(true));
    });
};
