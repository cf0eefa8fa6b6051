import { timings } from '@shared/constants';

type SyncStorage = Pick<Storage, 'getItem' | 'setItem'>;

const key = (userId: string) => `outreach.userSync.${userId}`;

const lastSync = (userId: string, storage: SyncStorage | undefined) => {
  try {
    return Number(storage?.getItem(key(userId))) || 0;
  } catch {
    return 0;
  }
};

/**
 * Whether `POST /api/users/sync-user` is due (SPEC §7, §9): after an explicit sign-in unless the last sync is under
 * 60 s old; on a page load with a stored session once a day (the user sync cache of 24 h).
 */
export const isUserSyncDue = (
  userId: string,
  {
    explicitSignIn,
    now = Date.now(),
    storage = globalThis.localStorage,
  }: { explicitSignIn: boolean; now?: number; storage?: SyncStorage },
) => now - lastSync(userId, storage) >= (explicitSignIn ? timings.userSyncSkipMs : timings.userSyncCacheMs);

/**
 * Notes a sync attempt. A failed one counts too: SPEC §4 "Data counts as synced after a failed sync", so a broken
 * sync is not retried on every navigation; the next sign-in tries again.
 */
export const recordUserSync = (
  userId: string,
  { now = Date.now(), storage = globalThis.localStorage }: { now?: number; storage?: SyncStorage } = {},
) => {
  try {
    storage?.setItem(key(userId), String(now));
  } catch {
    // storage blocked: the sync simply runs again next time
  }
};
