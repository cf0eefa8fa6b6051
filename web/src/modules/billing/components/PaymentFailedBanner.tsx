import { lazy, Suspense } from 'react';
import { useBillingPlans } from '../hooks/useBillingPlans';

// Shown only after a failed payment: antd's Alert arrives then rather than with every signed-in page.
const PaymentFailedAlert = lazy(async () => ({ default: (await import('./PaymentFailedAlert')).PaymentFailedAlert }));

/**
 * The failed-payment banner of the signed-in shell: while the last invoice is unpaid, the user is told and
 * offered the Customer Portal to update the payment method.
 */
export const PaymentFailedBanner = () => {
  const { data } = useBillingPlans();
  if (!data?.subscription.paymentFailed) return null;
  return (
    <Suspense fallback={null}>
      <PaymentFailedAlert />
    </Suspense>
  );
};
