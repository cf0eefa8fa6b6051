import { Typography } from 'antd';
import type { BillingPlans } from '../hooks/useBillingPlans';
import { ProgressBar } from '@/ui/ProgressBar';
import { SectionCard } from '@/ui/SectionCard';
import { formatDate } from '@/lib/formatDate';

export type UsageCardProps = { usage: BillingPlans['usage'] };

/** The slots of this period (SPEC §3 'Quota'): used of allowed, bonus slots on top, when the count starts again. */
export const UsageCard = ({ usage }: UsageCardProps) => {
  const { slotsUsed, slotsAllowed, bonusSlotsAvailable, slotsRefresh } = usage;
  const percent = slotsAllowed ? (slotsUsed / slotsAllowed) * 100 : 100;
  return (
    <SectionCard title="Usage this period" data-testid="plan-usage">
      <div className="billing-usage">
        <div className="billing-usage__count" data-testid="plan-usage-count">
          <strong className="billing-usage__used">{slotsUsed}</strong>
          <Typography.Text type="secondary"> / {slotsAllowed} contact slots used</Typography.Text>
        </div>
        <ProgressBar
          percent={percent}
          status={slotsUsed >= slotsAllowed && bonusSlotsAvailable <= 0 ? 'exception' : 'normal'}
          aria-label={`${slotsUsed} of ${slotsAllowed} contact slots used`}
        />
        <Typography.Text type="secondary" data-testid="plan-usage-details">
          {bonusSlotsAvailable > 0 ? `+${bonusSlotsAvailable} bonus slots (used first) · ` : ''}
          {slotsRefresh ? `Refreshes on ${formatDate(slotsRefresh)}` : 'Refreshes each month'}
        </Typography.Text>
      </div>
    </SectionCard>
  );
};
