import { Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import type { ReactNode } from 'react';
import { plans } from '@shared/constants';
import type { Subscription } from '@shared/schemas/billing';
import { SectionCard } from '@/ui/SectionCard';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/formatDate';

export type CurrentPlanCardProps = {
  subscription: Subscription;
  /** when the slots' period ends: a downgrade's (or an ended plan's) slots change then */
  slotsRefresh: string | null;
  /** the slots of this period, which stay until the change */
  slotsAllowed: number;
  /** the title's action ('Manage billing'), when the user has a Stripe customer */
  extra?: ReactNode;
};

const statusColor = (status: Subscription['status']) =>
  status === 'active' || status === 'trialing' ? 'success' : status === 'past_due' ? 'error' : 'default';

/**
 * The plan Stripe bills now, its status and what happens next: the renewal, or the end of a cancelled plan, or the
 * lower plan the slots change to (billing-backend: a cancellation from `renewalDate`, a downgrade from `slotsRefresh`).
 */
export const CurrentPlanCard = ({ subscription, slotsRefresh, slotsAllowed, extra }: CurrentPlanCardProps) => {
  const { t, i18n } = useTranslation('billing');
  const { tier, status, renewalDate, cancelAtPeriodEnd, pendingTier } = subscription;
  const changeDate = cancelAtPeriodEnd ? renewalDate : slotsRefresh;
  return (
    <SectionCard title={t('currentPlanTitle')} extra={extra} data-testid="current-plan">
      <div className="billing-current">
        <div className="billing-current__head">
          <Typography.Text strong className="billing-current__tier" data-testid="current-plan-tier">
            {plans[tier].label}
          </Typography.Text>
          <Tag color={statusColor(status)} data-testid="current-plan-status">
            {t(`status.${status}`)}
          </Tag>
        </div>
        <Typography.Text type="secondary">
          {t('slotsPerMonth', { count: plans[tier].slotsPerPeriod })}
          {plans[tier].priceUsdMonthly ? t('pricePerMonth', { price: plans[tier].priceUsdMonthly }) : t('noCard')}
        </Typography.Text>
        {renewalDate ? (
          <Typography.Text data-testid="current-plan-renewal">
            {t(cancelAtPeriodEnd ? 'endsOn' : 'renewsOn', { date: formatDate(renewalDate, i18n.language) })}
          </Typography.Text>
        ) : null}
        {pendingTier && changeDate ? (
          <Typography.Text type="warning" data-testid="current-plan-pending">
            {t('changesTo', { plan: plans[pendingTier].label, date: formatDate(changeDate, i18n.language) })}
          </Typography.Text>
        ) : null}
        {pendingTier && changeDate ? (
          <Typography.Text type="secondary" data-testid="current-plan-pending-note">
            {t('slotsUntilChange', { now: slotsAllowed, later: plans[pendingTier].slotsPerPeriod })}
          </Typography.Text>
        ) : null}
      </div>
    </SectionCard>
  );
};
