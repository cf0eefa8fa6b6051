import { GoogleOutlined, MailOutlined, WindowsFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useSnapshot } from 'valtio';
import { ConnectionWidget, type ConnectionPanel } from '@/modules/connections/components/ConnectionWidget';
import type { ConnectionView } from '@/modules/connections/state/connectionMachine';
import { emailConnectionMessages as text } from '../emailConnectionMessages';
import {
  emailConnectionState,
  emailConnectionView,
  providerLabels,
  type EmailAccount,
  type EmailProvider,
} from '../state/emailConnectionState';

export type EmailConnectionWidgetProps = {
  /** the connected mailbox, as the server has it; none until one is connected */
  account?: EmailAccount | null;
  /** starts a provider's connect flow; without it the connect buttons are disabled */
  onConnect?: (provider: EmailProvider) => void;
  /** starts connecting another mailbox in place of the current one */
  onChangeEmail?: () => void;
  /** renews an expired connection */
  onReconnect?: () => void;
};

/** SPEC §2 'E-mail connection popover': the header button and its popover for each connection state. */
export const EmailConnectionWidget = ({
  account = null,
  onConnect,
  onChangeEmail,
  onReconnect,
}: EmailConnectionWidgetProps) => {
  const state = useSnapshot(emailConnectionState);
  const view = emailConnectionView(state, account);

  const panels: Record<ConnectionView, () => ConnectionPanel> = {
    connected: () => ({
      heading: text.connected(account?.email ?? ''),
      description: account ? providerLabels[account.provider] : undefined,
      actions: (
        <Button block onClick={onChangeEmail} disabled={!onChangeEmail}>
          {text.changeEmail}
        </Button>
      ),
    }),
    expired: () => ({
      heading: text.expiredTitle,
      description: text.expiredDescription,
      actions: (
        <Button type="primary" block onClick={onReconnect} disabled={!onReconnect}>
          {text.reconnect}
        </Button>
      ),
    }),
    disconnected: () => ({
      heading: text.disconnectedTitle,
      description: state.lastEmail ? text.lastAuthenticated(state.lastEmail) : text.connectPrompt,
      footnote: onConnect ? undefined : text.connectUnavailable,
      actions: (
        <>
          <Button block icon={<GoogleOutlined />} onClick={() => onConnect?.('gmail')} disabled={!onConnect}>
            {text.connectGmail}
          </Button>
          <Button block icon={<WindowsFilled />} onClick={() => onConnect?.('outlook')} disabled={!onConnect}>
            {text.connectOutlook}
          </Button>
        </>
      ),
    }),
  };

  return (
    <ConnectionWidget
      name="Email connection"
      title={text.title}
      icon={<MailOutlined />}
      view={view}
      buttonLabel={
        view === 'connected' ? (account?.email ?? 'Email') : view === 'expired' ? 'Reconnect email' : 'Connect email'
      }
      panel={panels[view]()}
      pendingText={state.pending ? text.pending[state.pending] : null}
    />
  );
};
