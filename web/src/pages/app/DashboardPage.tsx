import { lazy, Suspense, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ContactsDashboard } from '@/modules/contacts/components/ContactsDashboard';
import { DashboardOverview } from '@/modules/dashboard/components/DashboardOverview';
import { FirstRunGuide } from '@/modules/dashboard/components/FirstRunGuide';
import { NetworkAnalyticsEntry } from '@/modules/networkAnalytics/components/NetworkAnalyticsEntry';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { profileName } from '@/modules/profile/utils/profileLabels';
import { QuotaSummary } from '@/modules/quota/components/QuotaSummary';
import { upgradeModalState } from '@/modules/quota/state/upgradeModalState';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';

// Like the dashboard's other dialogs, the contact-limit dialog arrives when it first opens (an add met the limit):
// antd's Modal is no part of the dashboard's first screen. Once there it stays mounted, so it can animate closed.
const ContactLimitDialog = lazy(async () => ({
  default: (await import('@/modules/quota/components/ContactLimitDialog')).ContactLimitDialog,
}));

/**
 * /dashboard: under a compact welcome with the period's contact slots, a new account's first steps, the summary and
 * pending tasks (DESIGN §8 'Dashboard and analytics'), then the contact dashboard or, at `?view=analytics`, the network analytics (its switch
 * chooses).
 */
export const DashboardPage = () => {
  const { data: profile } = useProfile();
  const { t } = useTranslation('dashboard');
  const { isUpgradeModalOpen } = useSnapshot(upgradeModalState);
  const limitDialogOpened = useRef(false);
  if (isUpgradeModalOpen) limitDialogOpened.current = true;

  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader
        title={profile ? t('page.welcomeName', { name: profileName(profile).split(' ')[0] }) : t('page.welcome')}
        description={t('page.description')}
        extra={<QuotaSummary />}
      />
      <FirstRunGuide />
      <DashboardOverview />
      <NetworkAnalyticsEntry>
        <ContactsDashboard />
      </NetworkAnalyticsEntry>
      {limitDialogOpened.current ? (
        <Suspense fallback={null}>
          <ContactLimitDialog />
        </Suspense>
      ) : null}
    </>
  );
};
