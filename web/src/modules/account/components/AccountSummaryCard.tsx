import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plans } from '@shared/constants';
import type { Profile } from '@shared/schemas/profile';
import { billingPaths } from '@/modules/billing/billingPaths';
import { SectionCard } from '@/ui/SectionCard';
import { formatMemberSince, planLabel } from '@/modules/profile/utils/profileLabels';

export type AccountSummaryCardProps = { profile: Profile };

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
      {label}
    </Typography.Text>
    <div style={{ marginTop: 4, color: '#111827', overflowWrap: 'anywhere' }}>{children}</div>
  </div>
);

/** Who is signed in, on which plan, since when. */
export const AccountSummaryCard = ({ profile }: AccountSummaryCardProps) => (
  <SectionCard title="Account" extra={<Link to={billingPaths.subscribe}>View plans</Link>} data-testid="settings-account">
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1.2fr) minmax(0, 1fr)', gap: 24 }}>
      <Fact label="E-mail">{profile.email}</Fact>
      <Fact label="Plan">
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
            {planLabel(profile)}
          </Tag>
          <Typography.Text type="secondary">{plans[profile.subscriptionTier].slotsPerPeriod} contacts a month</Typography.Text>
        </span>
      </Fact>
      <Fact label="Member since">{formatMemberSince(profile.createdAt)}</Fact>
    </div>
  </SectionCard>
);
