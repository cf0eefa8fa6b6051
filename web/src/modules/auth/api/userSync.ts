import type { ApiClient } from '@/lib/http/apiClient';
import { syncUser, type SyncUserBody } from '@/modules/profile/api/profileApi';
import type { AuthUser } from './amplifyAuth';
import { isUserSyncDue, recordUserSync } from '../utils/userSyncSchedule';

/** The browser's time zone for SPEC §7 sync-user; beside the session (not in useAuthActions, which brings the sign-in flows). */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/**
 * SPEC §7 `POST /api/users/sync-user` when due (isUserSyncDue), or whatever the schedule says when `always` (a sync
 * that carries sign-up data, e.g. a referral code, which would be lost if skipped): its answer primes the profile
 * cache. A failure keeps nobody out (the signed-in pages load the profile themselves). True when it was sent.
 */
export const syncUserIfDue = async (
  api: ApiClient,
  user: AuthUser,
  body: SyncUserBody,
  {
    explicitSignIn,
    always = false,
    prime,
  }: {
    explicitSignIn: boolean;
    always?: boolean;
    prime: (profile: Awaited<ReturnType<typeof syncUser>>) => Promise<unknown>;
  },
) => {
  if (!always && !isUserSyncDue(user.userId, { explicitSignIn })) return false;
  recordUserSync(user.userId);
  try {
    await prime(await syncUser(api, { ...body, timeZone: browserTimeZone() }));
    return true;
  } catch (error) {
    console.warn('User sync failed', error);
    return false;
  }
};
