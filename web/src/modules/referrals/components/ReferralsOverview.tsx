import { Alert, Button, Card, Skeleton } from 'antd';
import { useReferrals } from '../hooks/useReferrals';
import { ReferralLinkCard } from './ReferralLinkCard';
import { ReferredPeopleCard } from './ReferredPeopleCard';
import './Referrals.css';

/** The /referrals page's content: the user's link and code, then the people who joined with them. */
export const ReferralsOverview = () => {
  const { data: referrals, error, isLoading, mutate } = useReferrals();

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
        title="Your referrals could not be loaded"
        description={error.message}
        action={
          <Button onClick={() => void mutate()} loading={isLoading}>
            Try Again
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
