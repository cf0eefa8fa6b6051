import { Alert, Button } from 'antd';

export type ContactsLoadErrorProps = { message: string; onRetry: () => void };

/** The contacts card when the list could not be loaded, with a way to try again. */
export const ContactsLoadError = ({ message, onRetry }: ContactsLoadErrorProps) => (
  <Alert
    type="error"
    showIcon
    title="Your contacts could not be loaded"
    description={message}
    action={<Button onClick={onRetry}>Try Again</Button>}
  />
);
