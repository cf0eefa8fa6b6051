import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReferrals } from '../hooks/useReferrals';
import { ReferralLinkCard } from './ReferralLinkCard';
import { ReferredPeopleCard } from './ReferredPeopleCard';
import './Referrals.css';

/** The /referrals page's content: the user's link and code, then the people who joined with them. */
export const ReferralsOverview = () => {
  const { data: referrals, error, isLoading, mutate } = useReferrals();
  const { t } = useTranslation('referrals');

  if (referrals) {
    return (
      <div className="referrals-page">
        <ReferralLinkCard code={referrals.code} link={referrals.link} />
        <ReferredPeopleCard referrals={referrals} />
      </div>
    );
  }
  if (error) {
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        title={t('overview.loadFailed')}
        description={error.message}
        action={
          <Button onClick={() => void mutate()} loading={isLoading}>
            {t('overview.tryAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 5 }} />
    </Card>
  );
};
