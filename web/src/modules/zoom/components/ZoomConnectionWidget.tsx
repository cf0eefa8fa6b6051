import { VideoCameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/formatDate';
import { ConnectionWidget, type ConnectionPanel } from '@/modules/connections/components/ConnectionWidget';
import type { ConnectionView } from '@/modules/connections/state/connectionMachine';
import { zoomState, zoomView, type ZoomAccount } from '../state/zoomState';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';

export type ZoomConnectionWidgetProps = {
  /** the connected Zoom account, as the server has it; none until one is connected */
  account?: ZoomAccount | null;
  /** starts the Zoom connect flow; without it the button is disabled */
  onConnect?: () => void;
  onDisconnect?: () => void;
  onReconnect?: () => void;
  /** what went wrong last (SPEC §8 'Zoom': 'Zoom OAuth exchange failed.', 'Failed to initialize Zoom connection.') */
  notice?: string | null;
};

/** SPEC §2 'Zoom popover': the header button and its popover for each connection state. */
export const ZoomConnectionWidget = ({
  account = null,
  onConnect,
  onDisconnect,
  onReconnect,
  notice = null,
}: ZoomConnectionWidgetProps) => {
  const { t } = useTranslation('zoom');
  const state = useSnapshot(zoomState);
  const view = zoomView(state, account);

  const panels: Record<ConnectionView, () => ConnectionPanel> = {
    connected: () => ({
      heading: t('connected', { email: account?.email ?? '' }),
      description: account?.expiresAt
        ? t('tokenExpiresAt', { date: formatDateTime(account.expiresAt, i18n.language) || account.expiresAt })
        : undefined,
      footnote: notice,
      actions: (
        <Button block danger onClick={onDisconnect} disabled={!onDisconnect}>
          {t('disconnect')}
        </Button>
      ),
    }),
    expired: () => ({
      heading: t('expiredTitle'),
      description: t('expiredDescription'),
      footnote: notice,
      actions: (
        <Button type="primary" block onClick={onReconnect} disabled={!onReconnect}>
          {t('reconnect')}
        </Button>
      ),
    }),
    disconnected: () => ({
      heading: t('disconnectedTitle'),
      description: t('disconnectedDescription'),
      footnote: notice,
      actions: (
        <Button block icon={<VideoCameraOutlined />} onClick={onConnect} disabled={!onConnect}>
          {t('connect')}
        </Button>
      ),
    }),
  };

  return (
    <ConnectionWidget
      name={t('name')}
      title={t('title')}
      icon={<VideoCameraOutlined />}
      view={view}
      buttonLabel={t(`button.${view}`)}
      panel={panels[view]()}
      pendingText={state.pending ? t(`pending.${state.pending}`) : null}
    />
  );
};
