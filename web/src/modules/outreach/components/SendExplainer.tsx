import { SendOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { emailConnectionMessages } from '@/modules/emailConnection/emailConnectionMessages';

/** Sending arrives with a mailbox: until one is connected, Send says how to connect it. */
export const SendExplainer = () => (
  <Popover
    trigger="click"
    title={emailConnectionMessages.disconnectedTitle}
    content={
      <div data-testid="send-explainer">
        <Typography.Paragraph>{emailConnectionMessages.connectPrompt}.</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Open the Email Connection menu at the top of the page and choose {emailConnectionMessages.connectGmail} or{' '}
          {emailConnectionMessages.connectOutlook}. Your drafts stay here, ready to send.
        </Typography.Paragraph>
      </div>
    }
  >
    <Button icon={<SendOutlined />}>Send</Button>
  </Popover>
);
