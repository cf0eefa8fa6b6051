import { Alert } from 'antd';
import { shellMessages as text } from '../shellMessages';

export type ErrorBannerAlertProps = { message: string; onClose: () => void };

/** One red banner (antd's Alert), dismissible. */
export const ErrorBannerAlert = ({ message, onClose }: ErrorBannerAlertProps) => (
  <Alert
    type="error"
    showIcon
    role="alert"
    title={message}
    closable={{ onClose, 'aria-label': text.dismissBanner }}
    className="error-banner"
  />
);
