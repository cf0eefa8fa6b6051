import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { publicPaths } from '@/modules/public/publicPaths';
import { ReceiverCard } from '@/ui/ReceiverCard';

/** SPEC §2 'Gmail receiver page' texts. */
const text = {
  title: 'Gmail Authentication',
  missing: 'No authentication code received. Please try again.',
  startInApp: 'This window finishes connecting Gmail to Outreach. Start from Connect Gmail in the app.',
  returnToApp: 'Return to Application',
} as const;

/**
 * /gmail-auth: where Google sends the browser back with a code. Without a code it is the spec's error; with one it
 * says where a Gmail connection starts, because the exchange of the code is not wired into this build.
 */
export const GmailAuthPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');

  return (
    <ReceiverCard title={text.title} status={code ? 'info' : 'error'} message={code ? text.startInApp : text.missing}>
      <Button type="primary" onClick={() => navigate(publicPaths.home)}>
        {text.returnToApp}
      </Button>
    </ReceiverCard>
  );
};
