import { Button, Card, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { billingPaths } from '@/lib/paths';
import { useTranslation } from 'react-i18next';
import { CheckoutResult } from '@/modules/billing/components/CheckoutResult';

/**
 * /success: where Stripe Checkout returns (with its `session_id`); the page shows what the server verified of that
 * session. Opened any other way there is no payment to confirm, and the page says so.
 */
export const SuccessPage = () => {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');

  return (
    <>
      <title>{`${t(sessionId ? 'success.pageTitle' : 'success.noPaymentPageTitle')} · Outreach`}</title>
      <Card>
        {sessionId ? (
          <CheckoutResult key={sessionId} sessionId={sessionId} />
        ) : (
          <Result
            status="info"
            title={t('success.noPaymentTitle')}
            subTitle={t('success.noPaymentText')}
            extra={
              <Button type="primary" onClick={() => void navigate(billingPaths.subscribe)}>
                {t('viewPlans')}
              </Button>
            }
          />
        )}
      </Card>
    </>
  );
};
