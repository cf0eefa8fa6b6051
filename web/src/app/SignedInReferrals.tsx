import { lazy } from 'react';
import { RequireAuth } from '@/modules/auth/components/RequireAuth';
import { AppShell } from '@/modules/shell/components/AppShell';
import { ReferralsPage } from '@/pages/app/ReferralsPage';

/**
 * The providers arrive as the router's own lazy layout does (web/src/app/router.tsx): imported statically here, the
 * build would put them in this page's chunk, and every signed-in first visit would download the referrals page.
 */
const AppProviders = lazy(async () => ({ default: (await import('./AppProviders')).AppProviders }));

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
