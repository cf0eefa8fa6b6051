import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadAuthState } from '../hooks/useAuth';

export type SessionCheckFailedProps = { error: string | null };

/** The protected layout's answer when the stored session could not be read: what happened, and a way to try again. */
export const SessionCheckFailed = ({ error }: SessionCheckFailedProps) => {
  const { t } = useTranslation('auth');
  return (
    <Result
      status="warning"
      title={t('session.checkFailed')}
      subTitle={error}
      extra={
        <Button type="primary" onClick={() => void loadAuthState()}>
          {t('session.tryAgain')}
        </Button>
      }
    />
  );
};
