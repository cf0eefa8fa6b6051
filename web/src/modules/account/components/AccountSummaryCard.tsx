import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plans } from '@shared/constants';
import type { Profile } from '@shared/schemas/profile';
import { billingPaths } from '@/lib/paths';
import { SectionCard } from '@/ui/SectionCard';
import { formatDate } from '@/lib/formatDate';
import { planLabel } from '@/modules/profile/utils/profileLabels';
import './account.css';

export type AccountSummaryCardProps = { profile: Profile };

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="account-fact">
    <Typography.Text type="secondary" className="account-fact__label">
      {label}
    </Typography.Text>
    <div className="account-fact__value">{children}</div>
  </div>
);

/** Who is signed in, on which plan, since when. */
export const AccountSummaryCard = ({ profile }: AccountSummaryCardProps) => (
  <SectionCard
    title="Account"
    extra={<Link to={billingPaths.subscribe}>View plans</Link>}
    data-testid="settings-account"
  >
    <div className="account-facts">
      <Fact label="E-mail">{profile.email}</Fact>
      <Fact label="Plan">
        <span className="account-fact__plan">
          <Tag color="geekblue">{planLabel(profile)}</Tag>
          <Typography.Text type="secondary">
            {plans[profile.subscriptionTier].slotsPerPeriod} contacts a month
          </Typography.Text>
        </span>
      </Fact>
      <Fact label="Member since">{formatDate(profile.createdAt)}</Fact>
    </div>
  </SectionCard>
);
