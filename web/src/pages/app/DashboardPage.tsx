import { ContactsOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { plans } from '../../../../shared/constants';
import { ProfileOverview } from '../../modules/profile/components/ProfileOverview';
import { useProfile } from '../../modules/profile/hooks/useProfile';
import { profileName } from '../../modules/profile/utils/profileLabels';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ProfileContent } from './ProfileContent';

/** /dashboard: the signed-in home: the contacts (none yet), then the person's account and settings. */
export const DashboardPage = () => {
  const { data: profile } = useProfile();

  return (
    <>
      <title>Dashboard · Outreach</title>
      <PageHeader
        title={profile ? `Welcome, ${profileName(profile).split(' ')[0]}` : 'Welcome'}
        description="Your contacts, your plan and how Outreach is set up for you."
      />
      <ProfileContent>
        {(loaded) => (
          <div style={{ display: 'grid', gap: 24 }}>
            <Card title="Contacts" data-testid="dashboard-contacts">
              <EmptyState
                icon={<ContactsOutlined />}
                title="No contacts yet"
                description={`Add people by their LinkedIn profile URL, and Outreach brings in their background and looks up a verified e-mail address; or enter someone by hand. Each new contact uses one of the ${plans[loaded.subscriptionTier].slotsPerPeriod} contact slots your ${plans[loaded.subscriptionTier].label} plan gives you each month.`}
              />
            </Card>
            <ProfileOverview profile={loaded} />
          </div>
        )}
      </ProfileContent>
    </>
  );
};
