import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export type ContactsLoadErrorProps = { message: string; onRetry: () => void };

/** The contacts card when the list could not be loaded, with a way to try again. */
export const ContactsLoadError = ({ message, onRetry }: ContactsLoadErrorProps) => {
  const { t } = useTranslation('contacts');
  return (
    <Alert
      type="error"
      showIcon
      title={t('loadError.title')}
      description={message}
      action={<Button onClick={onRetry}>{t('loadError.retry')}</Button>}
    />
  );
};
