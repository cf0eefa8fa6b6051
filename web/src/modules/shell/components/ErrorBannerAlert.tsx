import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export type ErrorBannerAlertProps = { message: string; onClose: () => void };

/** One red banner (antd's Alert), dismissible. */
export const ErrorBannerAlert = ({ message, onClose }: ErrorBannerAlertProps) => {
  const { t } = useTranslation('shell');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={message}
      closable={{ onClose, 'aria-label': t('dismissBanner') }}
      className="error-banner"
    />
  );
};
