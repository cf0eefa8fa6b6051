import { Button, Card, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { billingPaths } from '@/modules/billing/billingPaths';
import { contactsPaths } from '@/modules/contacts/contactsPaths';
import { planLabel } from '@/modules/profile/utils/profileLabels';
import { ProfileContent } from './ProfileContent';

/**
 * /success: where checkout returns after a payment (with its `session_id`). Opened any other way there is no payment
 * to confirm, and the page says so.
 */
export const SuccessPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');

  return (
    <>
      <title>{sessionId ? 'Payment received' : 'No recent payment'} · Outreach</title>
      <Card>
        {sessionId ? (
          <ProfileContent>
            {(profile) => (
              <Result
                status="success"
                title="Payment received"
                subTitle={`Thank you! Your plan is now ${planLabel(profile)}. If it still shows your previous plan, it updates within a minute as the payment is confirmed.`}
                extra={[
                  <Button key="dashboard" type="primary" onClick={() => navigate(contactsPaths.dashboard)}>
                    Go to dashboard
                  </Button>,
                  <Button key="plans" onClick={() => navigate(billingPaths.subscribe)}>
                    View plans
                  </Button>,
                ]}
              />
            )}
          </ProfileContent>
        ) : (
          <Result
            status="info"
            title="No recent payment to show"
            subTitle="This page confirms a plan change right after checkout. You have not just completed one; your plans and the one you are on are on the Plans page."
            extra={
              <Button type="primary" onClick={() => navigate(billingPaths.subscribe)}>
                View plans
              </Button>
            }
          />
        )}
      </Card>
    </>
  );
};
