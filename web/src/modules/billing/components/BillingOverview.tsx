import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBillingPlans } from '../hooks/useBillingPlans';
import { useBillingRedirect } from '../hooks/useBillingRedirect';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PlanChoices } from './PlanChoices';
import { UsageCard } from './UsageCard';
import './BillingOverview.css';

/**
 * SPEC §2 `/subscribe`: the current plan and what happens to it next, the slots of the period, the three plans with
 * their upgrade or downgrade, and 'Manage billing' (the Customer Portal) once the user has a Stripe customer.
 */
export const BillingOverview = () => {
  const { t } = useTranslation('billing');
  const { data, error, isLoading, mutate } = useBillingPlans();
  const redirect = useBillingRedirect();

  if (!data) {
    if (error) {
      return (
        <Alert
          role="alert"
          type="error"
          showIcon
          title={t('plansLoadFailed')}
          description={error.message}
          action={
            <Button onClick={() => void mutate()} loading={isLoading}>
              {t('tryAgain')}
            </Button>
          }
        />
      );
    }
    return (
      <Card data-testid="billing-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const { subscription, usage } = data;
  return (
    <div className="billing-overview">
      {redirect.error ? (
        <Alert
          role="alert"
          type="error"
          showIcon
          title={redirect.error}
          closable={{ onClose: redirect.clearError, 'aria-label': t('dismiss') }}
          data-testid="billing-error"
        />
      ) : null}
      <div className="billing-overview__summary">
        <CurrentPlanCard
          subscription={subscription}
          slotsRefresh={usage.slotsRefresh}
          slotsAllowed={usage.slotsAllowed}
          extra={
            subscription.canManage ? (
              <Button
                onClick={() => void redirect.portal()}
                loading={redirect.pending === 'portal'}
                disabled={redirect.pending !== null && redirect.pending !== 'portal'}
              >
                {t('manageBilling')}
              </Button>
            ) : null
          }
        />
        <UsageCard usage={usage} />
      </div>
      <PlanChoices
        subscription={subscription}
        pending={redirect.pending}
        onCheckout={(plan) => void redirect.checkout(plan)}
        onPortal={() => void redirect.portal()}
      />
    </div>
  );
};
