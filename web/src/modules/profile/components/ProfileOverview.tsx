import { Badge, Card, Space, Tag, Typography } from 'antd';
import { plans } from '../../../../../shared/constants';
import type { Profile } from '../../../../../shared/schemas/profile';
import {
  formatMemberSince,
  planLabel,
  profileName,
  settingsSummary,
  subscriptionStatusLabels,
} from '../utils/profileLabels';
import { DetailList } from '../../../ui/DetailList';

export type ProfileOverviewProps = { profile: Profile };

const statusBadge: Record<Profile['subscriptionStatus'], 'success' | 'processing' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trialing: 'processing',
  past_due: 'warning',
  incomplete: 'warning',
  canceled: 'default',
};

/** The profile as `GET /api/profiles` returns it: who, which plan, since when, and the settings in force. */
export const ProfileOverview = ({ profile }: ProfileOverviewProps) => {
  const plan = plans[profile.subscriptionTier];
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <Card title="Account" data-testid="profile-account">
        <DetailList
          items={[
            { key: 'name', label: 'Name', value: profileName(profile) },
            { key: 'email', label: 'E-mail', value: profile.email },
            {
              key: 'plan',
              label: 'Plan',
              value: (
                <Space size={8}>
                  <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
                    {planLabel(profile)}
                  </Tag>
                  <Typography.Text type="secondary">{plan.slotsPerPeriod} contacts a month</Typography.Text>
                </Space>
              ),
            },
            {
              key: 'status',
              label: 'Subscription',
              value: <Badge status={statusBadge[profile.subscriptionStatus]} text={subscriptionStatusLabels[profile.subscriptionStatus]} />,
            },
            { key: 'since', label: 'Member since', value: formatMemberSince(profile.createdAt) },
            {
              key: 'referral',
              label: 'Referral code',
              value: profile.referralCode ? <Typography.Text code>{profile.referralCode}</Typography.Text> : '—',
            },
          ]}
        />
      </Card>
      <Card title="Settings" data-testid="profile-settings">
        <DetailList items={settingsSummary(profile.settings).map(({ label, value }) => ({ key: label, label, value }))} />
      </Card>
    </div>
  );
};
