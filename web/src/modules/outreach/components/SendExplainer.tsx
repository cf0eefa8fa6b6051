import { SendOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { emailConnectionMessages } from '@/modules/emailConnection/emailConnectionMessages';

export type SendExplainerProps = {
  /** the default mailbox's address when its grant expired; null when none is connected */
  expiredEmail?: string | null;
};

/** Sending needs a working mailbox: until one is connected (or reconnected), Send says how. */
export const SendExplainer = ({ expiredEmail = null }: SendExplainerProps) => (
  <Popover
    trigger="click"
    title={expiredEmail ? emailConnectionMessages.expiredTitle : emailConnectionMessages.disconnectedTitle}
    content={
      <div data-testid="send-explainer">
        {expiredEmail ? (
          <>
            <Typography.Paragraph>{emailConnectionMessages.expiredDescription}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              Open the Email Connection menu at the top of the page and choose {emailConnectionMessages.reconnect} to
              sign in to {expiredEmail} again. Your drafts stay here, ready to send.
            </Typography.Paragraph>
          </>
        ) : (
          <>
            <Typography.Paragraph>{emailConnectionMessages.connectPrompt}.</Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              Open the Email Connection menu at the top of the page and choose {emailConnectionMessages.connectGmail} or{' '}
              {emailConnectionMessages.connectOutlook}. Your drafts stay here, ready to send.
            </Typography.Paragraph>
          </>
        )}
      </div>
    }
  >
    <Button icon={<SendOutlined />}>Send</Button>
  </Popover>
);
