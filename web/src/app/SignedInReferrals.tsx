import { RequireAuth } from '@/modules/auth/components/RequireAuth';
import { AppShell } from '@/modules/shell/components/AppShell';
import { ReferralsPage } from '@/pages/app/ReferralsPage';
import { AppProviders } from './AppProviders';

/**
 * `/referrals` for a signed-in user: the same chain of layouts the router gives every protected page (SPEC §2), as
 * elements, because this path also serves the public referral landing.
 */
export const SignedInReferrals = () => (
  <AppProviders>
    <RequireAuth>
      <AppShell>
        <ReferralsPage />
      </AppShell>
    </RequireAuth>
  </AppProviders>
);
