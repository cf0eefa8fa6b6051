import { Hub } from 'aws-amplify/utils';
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useSnapshot } from 'valtio';
import { useApiClient } from '@/lib/http/useApiClient';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import { quotaKey } from '@/modules/quota/hooks/useQuota';
import { prefetchSettings } from '@/modules/settings/api/settingsApi';
import { takePendingReferralCode } from '@/modules/auth/api/amplifyAuth';
import { authState } from '@/modules/auth/state/authState';
import { syncUserIfDue } from '@/modules/auth/api/userSync';

/**
 * SPEC §7 user sync for sessions this page's sign-in form did not start (that form syncs itself):
 * - back from the hosted UI (Google, Microsoft): e-mail, name and the referral code the sign-up carried;
 * - a stored session: the time zone, once a day (the user sync cache of SPEC §9).
 * Also SPEC §7 "Settings are loaded once after sign-in".
 */
export const useSessionSync = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const { status, user } = useSnapshot(authState);
  const cameFromHostedUi = useRef(false);

  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signInWithRedirect') cameFromHostedUi.current = true;
      }),
    [],
  );

  useEffect(() => {
    if (status !== 'authenticated' || !user) return;
    void prefetchSettings(api, mutate);
    const prime = (profile: unknown) => mutate(profileKey, profile, { revalidate: false });
    // a referral code waiting in this tab means a `?ref=` sign-up went through the hosted UI, whether or not Amplify's
    // redirect event fired before this listener was there
    const referralCode = takePendingReferralCode();
    if (cameFromHostedUi.current || referralCode) {
      cameFromHostedUi.current = false;
      void syncUserIfDue(
        api,
        user,
        {
          email: user.email,
          ...(user.name ? { displayName: user.name } : {}),
          ...(referralCode ? { signupData: { referralCode } } : {}),
        },
        { explicitSignIn: true, always: Boolean(referralCode), prime },
      ).then((sent) => {
        // the sync rewarded the referral (DESIGN §6): the quota the dashboard may have read already has new bonus slots
        if (sent && referralCode) void mutate(quotaKey);
      });
      return;
    }
    void syncUserIfDue(api, user, {}, { explicitSignIn: false, prime });
  }, [api, mutate, status, user]);
};
