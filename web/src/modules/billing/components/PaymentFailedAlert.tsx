import { Alert, Button } from 'antd';
import { billingMessages } from '@shared/schemas/billing';
import { billingTexts as text } from '../billingTexts';
import { useBillingRedirect } from '../hooks/useBillingRedirect';
import './PaymentFailedAlert.css';

/** The red banner of a failed payment, with the way to fix it: the Customer Portal's payment method. */
export const PaymentFailedAlert = () => {
  const redirect = useBillingRedirect();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="payment-failed-banner"
      data-testid="payment-failed-banner"
      title={billingMessages.paymentFailed}
      description={redirect.error ?? undefined}
      action={
        <Button danger loading={redirect.pending === 'portal'} onClick={() => void redirect.portal()}>
          {text.updatePaymentMethod}
        </Button>
      }
    />
  );
};
