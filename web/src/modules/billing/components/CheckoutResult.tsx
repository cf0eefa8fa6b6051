import { Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { billingPaths, contactsPaths } from '@/lib/paths';
import { plans } from '@shared/constants';
import { useTranslation } from 'react-i18next';
import { useCheckoutStatus } from '../hooks/useCheckoutStatus';

export type CheckoutResultProps = { sessionId: string };

/**
 * SPEC §2 `/success`: what became of the Checkout Session, as the server verified it with Stripe; never a success it
 * did not confirm. Paid: the plan now in effect; pending: asked again for a while; expired or unknown: said so.
 */
export const CheckoutResult = ({ sessionId }: CheckoutResultProps) => {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { data, error, isLoading, stillPending, checkAgain, isValidating } = useCheckoutStatus(sessionId);
  const toPlans = (
    <Button key="plans" onClick={() => void navigate(billingPaths.subscribe)}>
      {t('viewPlans')}
    </Button>
  );

  if (!data) {
    // an unknown session or another user's (404), or an id that is not a session's (400)
    if (error && (error.status === 404 || error.status === 400)) {
      return (
        <Result
          status="warning"
          title={t('success.notFoundTitle')}
          subTitle={t('success.notFoundText')}
          extra={toPlans}
          data-testid="checkout-not-found"
        />
      );
    }
    if (error) {
      return (
        <Result
          status="error"
          title={t('success.checkFailedTitle')}
          subTitle={error.message}
          extra={[
            <Button key="again" type="primary" loading={isLoading} onClick={() => void checkAgain()}>
              {t('success.checkAgain')}
            </Button>,
            toPlans,
          ]}
          data-testid="checkout-check-failed"
        />
      );
    }
    return <Result icon={<Spin size="large" />} title={t('success.checking')} data-testid="checkout-checking" />;
  }

  if (data.status === 'paid') {
    return (
      <Result
        status="success"
        title={t('success.paidTitle')}
        subTitle={t('success.paidText', {
          plan: plans[data.subscription.tier].label,
          count: plans[data.subscription.tier].slotsPerPeriod,
        })}
        data-testid="checkout-paid"
        extra={[
          <Button key="dashboard" type="primary" onClick={() => void navigate(contactsPaths.dashboard)}>
            {t('success.goToDashboard')}
          </Button>,
          toPlans,
        ]}
      />
    );
  }

  if (data.status === 'pending') {
    return (
      <Result
        icon={stillPending ? undefined : <Spin size="large" />}
        status="info"
        title={t('success.pendingTitle')}
        subTitle={stillPending ? t('success.stillPendingText') : t('success.pendingText')}
        data-testid="checkout-pending"
        extra={
          stillPending
            ? [
                <Button key="again" type="primary" loading={isValidating} onClick={() => void checkAgain()}>
                  {t('success.checkAgain')}
                </Button>,
                toPlans,
              ]
            : undefined
        }
      />
    );
  }

  // expired, or `not_found` should the server ever answer it as a status
  const expired = data.status === 'expired';
  return (
    <Result
      status="warning"
      title={expired ? t('success.expiredTitle') : t('success.notFoundTitle')}
      subTitle={expired ? t('success.expiredText') : t('success.notFoundText')}
      extra={toPlans}
      data-testid={expired ? 'checkout-expired' : 'checkout-not-found'}
    />
  );
};
