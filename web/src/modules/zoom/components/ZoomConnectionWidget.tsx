import { CheckCircleFilled, ExclamationCircleFilled, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useSnapshot } from 'valtio';
import { HeaderStatusButton, type HeaderStatusTone } from '@/ui/HeaderStatusButton';
import { StatusPanel } from '@/ui/StatusPanel';
import { zoomState, zoomView, type ZoomView } from '../state/zoomState';
import { zoomMessages as text } from '../zoomMessages';

export type ZoomConnectionWidgetProps = {
  /** starts the Zoom connect flow; without it the button is disabled */
  onConnect?: () => void;
  onDisconnect?: () => void;
  onReconnect?: () => void;
};

const tones: Record<ZoomView, HeaderStatusTone> = { connected: 'success', expired: 'warning', disconnected: 'neutral' };

const formatExpiry = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** SPEC §2 'Zoom popover': the header button and its popover for each connection state. */
export const ZoomConnectionWidget = ({ onConnect, onDisconnect, onReconnect }: ZoomConnectionWidgetProps) => {
  const state = useSnapshot(zoomState);
  const view = zoomView(state);
  const pendingText = state.pending ? text.pending[state.pending] : null;

  const panel =
    view === 'connected' ? (
      <StatusPanel
        tone="success"
        icon={<CheckCircleFilled />}
        heading={text.connected(state.email ?? '')}
        description={state.expiresAt ? text.tokenExpiresAt(formatExpiry(state.expiresAt)) : undefined}
        pendingText={pendingText}
      >
        <Button block danger onClick={onDisconnect} disabled={!onDisconnect}>
          {text.disconnect}
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
        icon={<VideoCameraOutlined />}
        heading={text.disconnectedTitle}
        description={text.disconnectedDescription}
        footnote={onConnect ? undefined : text.connectUnavailable}
        pendingText={pendingText}
      >
        <Button block icon={<VideoCameraOutlined />} onClick={onConnect} disabled={!onConnect}>
          {text.connect}
        </Button>
      </StatusPanel>
    );

  return (
    <Popover trigger="click" placement="bottomRight" title={text.title} content={panel}>
      <HeaderStatusButton
        aria-label="Zoom connection"
        icon={<VideoCameraOutlined />}
        tone={tones[view]}
        label={view === 'connected' ? 'Zoom' : view === 'expired' ? 'Reconnect Zoom' : 'Connect Zoom'}
      />
    </Popover>
  );
};
