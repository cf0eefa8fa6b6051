import { AccountSummaryCard } from '@/modules/account/components/AccountSummaryCard';
import { YourDataCard } from '@/modules/account/components/YourDataCard';
import { MailboxesSection } from '@/modules/settings/components/MailboxesSection';
import { SettingsPanel } from '@/modules/settings/components/SettingsPanel';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileContent } from './ProfileContent';
import './AccountSettingsPage.css';

/** /accountSettings: the account, the mailboxes, the settings of SPEC §3 (applied as they change) and the person's data. */
export const AccountSettingsPage = () => {
  const { t } = useTranslation('settings');
  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="account-settings-page">
        <ProfileContent loadingRows={2}>{(profile) => <AccountSummaryCard profile={profile} />}</ProfileContent>
        <MailboxesSection />
        <SettingsPanel />
        <YourDataCard />
      </div>
    </>
  );
};
