import { Alert } from 'antd';
import { shellMessages as text } from '../shellMessages';
import { dismissBanner } from '../state/shellState';

export type ErrorBannerAlertProps = { message: string };

/** The red banner itself (antd's Alert), dismissible. */
export const ErrorBannerAlert = ({ message }: ErrorBannerAlertProps) => (
  <Alert
    type="error"
    showIcon
    role="alert"
    title={message}
    closable={{ onClose: dismissBanner, 'aria-label': text.dismissBanner }}
    className="error-banner"
  />
);
