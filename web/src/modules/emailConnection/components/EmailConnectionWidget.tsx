import { GoogleOutlined, MailOutlined, WindowsFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
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
  /** the connected (default) mailbox, as the server has it; none until one is connected */
  account?: EmailAccount | null;
  /** starts a provider's connect flow; without it the connect buttons are disabled */
  onConnect?: (provider: EmailProvider) => void;
  /** connects another mailbox (of the provider chosen) in place of the current one */
  onChangeEmail?: (provider: EmailProvider) => void;
  /** renews an expired connection */
  onReconnect?: () => void;
  /** a line about the token's health or the last failure (SPEC §8 'Token health', 'Connection') */
  notice?: string | null;
};

type ProviderButtonsProps = { onChoose?: (provider: EmailProvider) => void };

const ProviderButtons = ({ onChoose }: ProviderButtonsProps) => (
  <>
    <Button block icon={<GoogleOutlined />} onClick={() => onChoose?.('gmail')} disabled={!onChoose}>
      {text.connectGmail}
    </Button>
    <Button block icon={<WindowsFilled />} onClick={() => onChoose?.('outlook')} disabled={!onChoose}>
      {text.connectOutlook}
    </Button>
  </>
);

/** SPEC §2 'E-mail connection popover': the header button and its popover for each connection state. */
export const EmailConnectionWidget = ({
  account = null,
  onConnect,
  onChangeEmail,
  onReconnect,
  notice = null,
}: EmailConnectionWidgetProps) => {
  const state = useSnapshot(emailConnectionState);
  const view = emailConnectionView(state, account);
  // 'Change Email' first asks which provider the other mailbox is with
  const [changing, setChanging] = useState(false);

  const handleChange = (provider: EmailProvider) => {
    setChanging(false);
    onChangeEmail?.(provider);
  };

  // a provider choice left open is not offered again the next time
  const handleOpenChange = (open: boolean) => {
    if (!open) setChanging(false);
  };

  const panels: Record<ConnectionView, () => ConnectionPanel> = {
    connected: () => ({
      heading: text.connected(account?.email ?? ''),
      description: account ? providerLabels[account.provider] : undefined,
      footnote: notice,
      actions: changing ? (
        <ProviderButtons onChoose={onChangeEmail ? handleChange : undefined} />
      ) : (
        <Button block onClick={() => setChanging(true)} disabled={!onChangeEmail}>
          {text.changeEmail}
        </Button>
      ),
    }),
    expired: () => ({
      heading: text.expiredTitle,
      description: text.expiredDescription,
      footnote: notice,
      // without a known mailbox (its read failed) there is nothing to renew: connect one instead
      actions: account ? (
        <Button type="primary" block onClick={onReconnect} disabled={!onReconnect}>
          {text.reconnect}
        </Button>
      ) : (
        <ProviderButtons onChoose={onConnect} />
      ),
    }),
    disconnected: () => ({
      heading: text.disconnectedTitle,
      description: state.lastAuthenticatedEmail
        ? text.lastAuthenticated(state.lastAuthenticatedEmail)
        : text.connectPrompt,
      footnote: notice,
      actions: <ProviderButtons onChoose={onConnect} />,
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
      onOpenChange={handleOpenChange}
    />
  );
};
