import {
  CheckCircleFilled,
  ExclamationCircleFilled,
  GoogleOutlined,
  MailOutlined,
  WindowsFilled,
} from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useSnapshot } from 'valtio';
import { HeaderStatusButton, type HeaderStatusTone } from '@/ui/HeaderStatusButton';
import { StatusPanel } from '@/ui/StatusPanel';
import { emailConnectionMessages as text } from '../emailConnectionMessages';
import {
  emailConnectionState,
  emailConnectionView,
  providerLabels,
  type EmailConnectionView,
  type EmailProvider,
} from '../state/emailConnectionState';

export type EmailConnectionWidgetProps = {
  /** starts a provider's connect flow; without it the connect buttons are disabled */
  onConnect?: (provider: EmailProvider) => void;
  /** starts connecting another mailbox in place of the current one */
  onChangeEmail?: () => void;
  /** renews an expired connection */
  onReconnect?: () => void;
};

const tones: Record<EmailConnectionView, HeaderStatusTone> = {
  connected: 'success',
  expired: 'warning',
  disconnected: 'neutral',
};

/** SPEC §2 'E-mail connection popover': the header button and its popover for each connection state. */
export const EmailConnectionWidget = ({ onConnect, onChangeEmail, onReconnect }: EmailConnectionWidgetProps) => {
  const state = useSnapshot(emailConnectionState);
  const view = emailConnectionView(state);
  const pendingText = state.pending ? text.pending[state.pending] : null;
  const shownEmail = state.email ?? state.lastEmail;

  const panel =
    view === 'connected' ? (
      <StatusPanel
        tone="success"
        icon={<CheckCircleFilled />}
        heading={text.connected(state.email ?? '')}
        description={state.provider ? providerLabels[state.provider] : undefined}
        pendingText={pendingText}
      >
        <Button block onClick={onChangeEmail} disabled={!onChangeEmail}>
          {text.changeEmail}
        </Button>
      </StatusPanel>
    ) : view === 'expired' ? (
      <StatusPanel
        tone="warning"
        icon={<ExclamationCircleFilled />}
        heading={text.expiredTitle}
        description={text.expiredDescription}
        pendingText={pendingText}
      >
        <Button type="primary" block onClick={onReconnect} disabled={!onReconnect}>
          {text.reconnect}
        </Button>
      </StatusPanel>
    ) : (
      <StatusPanel
        tone="neutral"
        icon={<MailOutlined />}
        heading={text.disconnectedTitle}
        description={state.lastEmail ? text.lastAuthenticated(state.lastEmail) : text.connectPrompt}
        footnote={onConnect ? undefined : text.connectUnavailable}
        pendingText={pendingText}
      >
        <Button block icon={<GoogleOutlined />} onClick={() => onConnect?.('gmail')} disabled={!onConnect}>
          {text.connectGmail}
        </Button>
        <Button block icon={<WindowsFilled />} onClick={() => onConnect?.('outlook')} disabled={!onConnect}>
          {text.connectOutlook}
        </Button>
      </StatusPanel>
    );

  return (
    <Popover trigger="click" placement="bottomRight" title={text.title} content={panel}>
      <HeaderStatusButton
        aria-label="Email connection"
        icon={<MailOutlined />}
        tone={tones[view]}
        label={view === 'connected' ? shownEmail : view === 'expired' ? 'Reconnect email' : 'Connect email'}
      />
    </Popover>
  );
};
