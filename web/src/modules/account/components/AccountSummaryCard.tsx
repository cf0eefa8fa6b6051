import { Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
export const AccountSummaryCard = ({ profile }: AccountSummaryCardProps) => {
  const { t, i18n } = useTranslation('account');
  return (
    <SectionCard
      title={t('summary.title')}
      extra={<Link to={billingPaths.subscribe}>{t('summary.viewPlans')}</Link>}
      data-testid="settings-account"
    >
      <div className="account-facts">
        <Fact label={t('summary.email')}>{profile.email}</Fact>
        <Fact label={t('summary.plan')}>
          <span className="account-fact__plan">
            <Tag color="geekblue">{planLabel(profile)}</Tag>
            <Typography.Text type="secondary">
              {t('summary.perMonth', {
                count: plans[profile.subscriptionTier].slotsPerPeriod.toLocaleString(i18n.language),
              })}
            </Typography.Text>
          </span>
        </Fact>
        <Fact label={t('summary.memberSince')}>{formatDate(profile.createdAt, i18n.language)}</Fact>
      </div>
    </SectionCard>
  );
};
