import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Tag } from '@/ui/Tag';
import { SkeletonBlock } from '@/ui/Skeleton';
import { Text } from '@/ui/text/Text';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/formatDate';
import { plans } from '@shared/constants';
import { publicPaths } from '@/lib/paths';
import { ProgressBar } from '@/ui/ProgressBar';
import { useQuota } from '../hooks/useQuota';
import './QuotaSummary.css';
import { i18n } from '@/i18n';

/** The contact slots of the period: used of allowed, bonus slots left, when they renew (SPEC §3 'Quota'). */
export const QuotaSummary = () => {
  const { quota, error, loading, reload } = useQuota();
  const { t } = useTranslation('quota');

  if (!quota) {
    if (error && !loading) {
      return (
        <div className="quota-summary" data-testid="quota-summary">
          <Text type="danger">{t('summary.loadFailed', { message: error })}</Text>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void reload()}>
            {t('summary.tryAgain')}
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
          {t('summary.caption')} ·{' '}
          <Tag color="geekblue" className="quota-summary__plan">
            {plans[quota.plan].label}
          </Tag>
        </Text>
        <span data-testid="quota-used">
          <strong className="quota-summary__used">{quota.slotsUsed}</strong>
          <Text type="secondary">{t('summary.used', { allowed: quota.slotsAllowed })}</Text>
        </span>
      </div>
      <div className="quota-summary__bar">
        <ProgressBar
          percent={percent}
          status={full ? 'exception' : 'normal'}
          aria-label={t('summary.usedLabel', { used: quota.slotsUsed, allowed: quota.slotsAllowed })}
        />
        <Text type="secondary" className="quota-summary__caption">
          {quota.bonusSlotsAvailable > 0 ? (
            <Tooltip
              title={t('summary.bonusTooltip', {
                earned: quota.totalBonusSlotsEarned,
                used: quota.totalBonusSlotsUsed,
              })}
            >
              <span data-testid="quota-bonus">{t('summary.bonus', { count: quota.bonusSlotsAvailable })}</span>
            </Tooltip>
          ) : null}
          {full ? (
            <Link to={publicPaths.pricing}>{t('summary.full')}</Link>
          ) : (
            t('summary.left', { count: quota.totalAvailableSlots })
          )}{' '}
          · {t('summary.renews', { date: formatDate(quota.slotsRefresh, i18n.language) })}
        </Text>
      </div>
    </div>
  );
};
