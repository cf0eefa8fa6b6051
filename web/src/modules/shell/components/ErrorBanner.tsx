import { Alert } from 'antd';
import { useSnapshot } from 'valtio';
import { shellMessages as text } from '../shellMessages';
import { dismissBanner, shellState } from '../state/shellState';

/** SPEC §2: the dismissible red banner of reply-check errors, above the page; nothing without a message. */
export const ErrorBanner = () => {
  const { bannerMessage } = useSnapshot(shellState);
  if (!bannerMessage) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={bannerMessage}
      closable={{ onClose: dismissBanner, 'aria-label': text.dismissBanner }}
      className="error-banner"
    />
  );
};
