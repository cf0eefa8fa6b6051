import { Typography } from 'antd';
import type { BillingPlans } from '../hooks/useBillingPlans';
import { ProgressBar } from '@/ui/ProgressBar';
import { SectionCard } from '@/ui/SectionCard';
import { formatDate } from '@/lib/formatDate';
import { useTranslation } from 'react-i18next';

export type UsageCardProps = { usage: BillingPlans['usage'] };

/** The slots of this period (SPEC §3 'Quota'): used of allowed, bonus slots on top, when the count starts again. */
export const UsageCard = ({ usage }: UsageCardProps) => {
  const { t, i18n } = useTranslation('billing');
  const { slotsUsed, slotsAllowed, bonusSlotsAvailable, slotsRefresh } = usage;
  const percent = slotsAllowed ? (slotsUsed / slotsAllowed) * 100 : 100;
  return (
    <SectionCard title={t('usage.title')} data-testid="plan-usage">
      <div className="billing-usage">
        <div className="billing-usage__count" data-testid="plan-usage-count">
          <strong className="billing-usage__used">{slotsUsed}</strong>
          <Typography.Text type="secondary">{t('usage.used', { allowed: slotsAllowed })}</Typography.Text>
        </div>
        <ProgressBar
          percent={percent}
          status={slotsUsed >= slotsAllowed && bonusSlotsAvailable <= 0 ? 'exception' : 'normal'}
          aria-label={t('usage.usedLabel', { used: slotsUsed, allowed: slotsAllowed })}
        />
        <Typography.Text type="secondary" data-testid="plan-usage-details">
          {bonusSlotsAvailable > 0 ? t('usage.bonus', { count: bonusSlotsAvailable }) : ''}
          {slotsRefresh
            ? t('usage.refreshesOn', { date: formatDate(slotsRefresh, i18n.language) })
            : t('usage.refreshesMonthly')}
        </Typography.Text>
      </div>
    </SectionCard>
  );
};
