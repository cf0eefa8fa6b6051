import { AccountSummaryCard } from '@/modules/account/components/AccountSummaryCard';
import { YourDataCard } from '@/modules/account/components/YourDataCard';
import { MailboxesSection } from '@/modules/settings/components/MailboxesSection';
import { SettingsPanel } from '@/modules/settings/components/SettingsPanel';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileContent } from './ProfileContent';
import './AccountSettingsPage.css';

/** /accountSettings: the account, the mailboxes, the settings of SPEC §3 (applied as they change) and the person's data. */
export const AccountSettingsPage = () => (
  <>
    <title>Settings · Outreach</title>
    <PageHeader title="Settings" description="Your account and how Outreach works for you." />
    <div className="account-settings-page">
      <ProfileContent loadingRows={2}>{(profile) => <AccountSummaryCard profile={profile} />}</ProfileContent>
      <MailboxesSection />
      <SettingsPanel />
      <YourDataCard />
    </div>
  </>
);
