import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBillingRedirect } from '../hooks/useBillingRedirect';
import './PaymentFailedAlert.css';

/** The red banner of a failed payment, with the way to fix it: the Customer Portal's payment method. */
export const PaymentFailedAlert = () => {
  const { t } = useTranslation('billing');
  const redirect = useBillingRedirect();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="payment-failed-banner"
      data-testid="payment-failed-banner"
      title={t('paymentFailed')}
      description={redirect.error ?? undefined}
      action={
        <Button danger loading={redirect.pending === 'portal'} onClick={() => void redirect.portal()}>
          {t('updatePaymentMethod')}
        </Button>
      }
    />
  );
};
