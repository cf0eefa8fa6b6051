import { VideoCameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/formatDate';
import { ConnectionWidget, type ConnectionPanel } from '@/modules/connections/components/ConnectionWidget';
import type { ConnectionView } from '@/modules/connections/state/connectionMachine';
import { zoomState, zoomView, type ZoomAccount } from '../state/zoomState';
import { zoomMessages as text } from '../zoomMessages';

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
  const state = useSnapshot(zoomState);
  const view = zoomView(state, account);

  const panels: Record<ConnectionView, () => ConnectionPanel> = {
    connected: () => ({
      heading: text.connected(account?.email ?? ''),
      description: account?.expiresAt
        ? text.tokenExpiresAt(formatDateTime(account.expiresAt) || account.expiresAt)
        : undefined,
      footnote: notice,
      actions: (
        <Button block danger onClick={onDisconnect} disabled={!onDisconnect}>
          {text.disconnect}
        </Button>
      ),
    }),
    expired: () => ({
      heading: text.expiredTitle,
      description: text.expiredDescription,
      footnote: notice,
      actions: (
        <Button type="primary" block onClick={onReconnect} disabled={!onReconnect}>
          {text.reconnect}
        </Button>
      ),
    }),
    disconnected: () => ({
      heading: text.disconnectedTitle,
      description: text.disconnectedDescription,
      footnote: notice,
      actions: (
        <Button block icon={<VideoCameraOutlined />} onClick={onConnect} disabled={!onConnect}>
          {text.connect}
        </Button>
      ),
    }),
  };

  return (
    <ConnectionWidget
      name="Zoom connection"
      title={text.title}
      icon={<VideoCameraOutlined />}
      view={view}
      buttonLabel={view === 'connected' ? 'Zoom' : view === 'expired' ? 'Reconnect Zoom' : 'Connect Zoom'}
      panel={panels[view]()}
      pendingText={state.pending ? text.pending[state.pending] : null}
    />
  );
};
