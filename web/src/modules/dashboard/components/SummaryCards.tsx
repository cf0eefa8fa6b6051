import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { SkeletonText } from '@/ui/Skeleton';
import { Text } from '@/ui/text/Text';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDashboardSummary } from '../hooks/useDashboardSummary';
import { summaryCardKeys, summaryCards } from '../utils/summaryCards';
import './dashboard.css';

/** The counts at a glance (SPEC §7 'Dashboard refresh'), each card a link to the view of what it counts. */
export const SummaryCards = () => {
  const { data, error, isValidating, mutate } = useDashboardSummary();
  const { t } = useTranslation('dashboard');

  if (!data && error) {
    return (
      <div className="dashboard-summary-error" role="alert" data-testid="dashboard-summary">
        <Text type="danger">{t('summary.loadFailed', { message: error.message })}</Text>
        <Button size="small" icon={<ReloadOutlined />} loading={isValidating} onClick={() => void mutate()}>
          {t('summary.tryAgain')}
        </Button>
      </div>
    );
  }

  if (!data) {
    return (
      <ul
        className="dashboard-summary"
        aria-busy="true"
        aria-label={t('summary.label')}
        data-testid="dashboard-summary"
      >
        {summaryCardKeys.map((key) => (
          <li key={key} className="summary-card summary-card--loading">
            <SkeletonText rows={2} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ul className="dashboard-summary" aria-label={t('summary.label')} data-testid="dashboard-summary">
      {summaryCards(data).map((card) => (
        <li key={card.key}>
          <Link to={card.to} className="summary-card" data-testid={`summary-card-${card.key}`}>
            <span className="summary-card__label">{card.label}</span>
            <span className="summary-card__value" data-testid={`summary-value-${card.key}`}>
              {card.value}
            </span>
            <span className="summary-card__detail">{card.detail}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
};
