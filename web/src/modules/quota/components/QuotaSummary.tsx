import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Tag } from '@/ui/Tag';
import { SkeletonBlock } from '@/ui/Skeleton';
import { Text } from '@/ui/text/Text';
import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/formatDate';
import { plans } from '@shared/constants';
import { publicPaths } from '@/lib/paths';
import { ProgressBar } from '@/ui/ProgressBar';
import { useQuota } from '../hooks/useQuota';
import './QuotaSummary.css';

/** The contact slots of the period: used of allowed, bonus slots left, when they renew (SPEC §3 'Quota'). */
export const QuotaSummary = () => {
  const { quota, error, loading, reload } = useQuota();

  if (!quota) {
    if (error && !loading) {
      return (
        <div className="quota-summary" data-testid="quota-summary">
          <Text type="danger">Contact slots could not be loaded: {error}</Text>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void reload()}>
            Try Again
          </Button>
        </div>
      );
    }
    return (
      <div className="quota-summary" data-testid="quota-summary">
        <SkeletonBlock className="quota-summary__skeleton" />
      </div>
    );
  }

  const percent = quota.slotsAllowed ? Math.min(100, Math.round((quota.slotsUsed / quota.slotsAllowed) * 100)) : 100;
  const full = quota.totalAvailableSlots <= 0;
  return (
    <div className="quota-summary" data-testid="quota-summary">
      <div className="quota-summary__count">
        <Text type="secondary" className="quota-summary__caption">
          Contact slots ·{' '}
          <Tag color="geekblue" className="quota-summary__plan">
            {plans[quota.plan].label}
          </Tag>
        </Text>
        <span data-testid="quota-used">
          <strong className="quota-summary__used">{quota.slotsUsed}</strong>
          <Text type="secondary"> / {quota.slotsAllowed} used</Text>
        </span>
      </div>
      <div className="quota-summary__bar">
        <ProgressBar
          percent={percent}
          status={full ? 'exception' : 'normal'}
          aria-label={`${quota.slotsUsed} of ${quota.slotsAllowed} contact slots used`}
        />
        <Text type="secondary" className="quota-summary__caption">
          {quota.bonusSlotsAvailable > 0 ? (
            <Tooltip
              title={`${quota.totalBonusSlotsEarned} earned through referrals, ${quota.totalBonusSlotsUsed} used. Bonus slots are used first.`}
            >
              <span data-testid="quota-bonus">+{quota.bonusSlotsAvailable} bonus · </span>
            </Tooltip>
          ) : null}
          {full ? <Link to={publicPaths.pricing}>No slots left · Upgrade</Link> : `${quota.totalAvailableSlots} left`} ·
          renews {formatDate(quota.slotsRefresh)}
        </Text>
      </div>
    </div>
  );
};
