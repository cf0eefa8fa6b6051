import { ContactsDashboard } from '@/modules/contacts/components/ContactsDashboard';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { profileName } from '@/modules/profile/utils/profileLabels';
import { ContactLimitDialog } from '@/modules/quota/components/ContactLimitDialog';
import { QuotaSummary } from '@/modules/quota/components/QuotaSummary';
import { PageHeader } from '@/ui/PageHeader';

/** /dashboard: the contact dashboard under a compact welcome, with the period's contact slots. */
export const DashboardPage = () => {
  const { data: profile } = useProfile();

  return (
    <>
      <title>Dashboard · Outreach</title>
      <PageHeader
        title={profile ? `Welcome, ${profileName(profile).split(' ')[0]}` : 'Welcome'}
        description="Your contacts, their background and a verified e-mail for each."
        extra={<QuotaSummary />}
      />
      <ContactsDashboard />
      <ContactLimitDialog />
    </>
  );
};
