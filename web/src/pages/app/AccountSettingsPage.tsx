import { Card, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { plans } from '../../../../shared/constants';
import {
  formatMemberSince,
  planLabel,
  settingsSummary,
  subscriptionStatusLabels,
} from '../../modules/profile/utils/profileLabels';
import { DetailList } from '../../ui/DetailList';
import { PageHeader } from '../../ui/PageHeader';
import { ProfileContent } from './ProfileContent';

/** /accountSettings: the account and the settings in force, as the profile holds them. */
export const AccountSettingsPage = () => (
  <>
    <title>Settings · Outreach</title>
    <PageHeader title="Settings" description="Your account and how Outreach works for you." />
    <ProfileContent>
      {(profile) => (
        <div style={{ display: 'grid', gap: 24 }}>
          <Card
            title="Account"
            data-testid="settings-account"
            extra={<Link to="/subscribe">View plans</Link>}
          >
            <DetailList
              items={[
                { key: 'email', label: 'E-mail', value: profile.email },
                {
                  key: 'plan',
                  label: 'Plan',
                  value: (
                    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                      <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
                        {planLabel(profile)}
                      </Tag>
                      <Typography.Text type="secondary">
                        {plans[profile.subscriptionTier].slotsPerPeriod} contacts a month
                      </Typography.Text>
                    </span>
                  ),
                },
                { key: 'status', label: 'Subscription', value: subscriptionStatusLabels[profile.subscriptionStatus] },
                { key: 'since', label: 'Member since', value: formatMemberSince(profile.createdAt) },
              ]}
            />
          </Card>
          <Card title="Preferences" data-testid="settings-preferences">
            <DetailList
              items={settingsSummary(profile.settings).map(({ label, value }) => ({ key: label, label, value }))}
            />
          </Card>
        </div>
      )}
    </ProfileContent>
  </>
);
