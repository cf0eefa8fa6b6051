import { GoogleOutlined, MailOutlined, WindowsFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ConnectionWidget, type ConnectionPanel } from '@/modules/connections/components/ConnectionWidget';
import type { ConnectionView } from '@/modules/connections/state/connectionMachine';
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

const ProviderButtons = ({ onChoose }: ProviderButtonsProps) => {
  const { t } = useTranslation('emailConnection');
  return (
    <>
      <Button block icon={<GoogleOutlined />} onClick={() => onChoose?.('gmail')} disabled={!onChoose}>
        {t('connectGmail')}
      </Button>
      <Button block icon={<WindowsFilled />} onClick={() => onChoose?.('outlook')} disabled={!onChoose}>
        {t('connectOutlook')}
      </Button>
    </>
  );
};

/** SPEC §2 'E-mail connection popover': the header button and its popover for each connection state. */
export const EmailConnectionWidget = ({
  account = null,
  onConnect,
  onChangeEmail,
  onReconnect,
  notice = null,
}: EmailConnectionWidgetProps) => {
  const { t } = useTranslation('emailConnection');
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
      heading: t('connected', { email: account?.email ?? '' }),
      description: account ? providerLabels[account.provider] : undefined,
      footnote: notice,
      actions: changing ? (
        <ProviderButtons onChoose={onChangeEmail ? handleChange : undefined} />
      ) : (
        <Button block onClick={() => setChanging(true)} disabled={!onChangeEmail}>
          {t('changeEmail')}
        </Button>
      ),
    }),
    expired: () => ({
      heading: t('expiredTitle'),
      description: t('expiredDescription'),
      footnote: notice,
      // without a known mailbox (its read failed) there is nothing to renew: connect one instead
      actions: account ? (
        <Button type="primary" block onClick={onReconnect} disabled={!onReconnect}>
          {t('reconnect')}
        </Button>
      ) : (
        <ProviderButtons onChoose={onConnect} />
      ),
    }),
    disconnected: () => ({
      heading: t('disconnectedTitle'),
      description: state.lastAuthenticatedEmail
        ? t('lastAuthenticated', { email: state.lastAuthenticatedEmail })
        : t('connectPrompt'),
      footnote: notice,
      actions: <ProviderButtons onChoose={onConnect} />,
    }),
  };

  return (
    <ConnectionWidget
      name={t('widgetName')}
      title={t('title')}
      icon={<MailOutlined />}
      view={view}
      buttonLabel={
        view === 'connected'
          ? (account?.email ?? t('buttonEmail'))
          : view === 'expired'
            ? t('buttonReconnect')
            : t('buttonConnect')
      }
      panel={panels[view]()}
      pendingText={state.pending ? t(`pending.${state.pending}`) : null}
      onOpenChange={handleOpenChange}
    />
  );
};
