import { Button, Result } from 'antd';
import { loadAuthState } from '../hooks/useAuth';

export type SessionCheckFailedProps = { error: string | null };

/** The protected layout's answer when the stored session could not be read: what happened, and a way to try again. */
export const SessionCheckFailed = ({ error }: SessionCheckFailedProps) => (
  <Result
    status="warning"
    title="We could not check your session"
    subTitle={error}
    extra={
      <Button type="primary" onClick={() => void loadAuthState()}>
        Try Again
      </Button>
    }
  />
);
