import { useSnapshot } from 'valtio';
import { useZoomConnect } from '../hooks/useZoomConnect';
import { useZoomConnectionSync } from '../hooks/useZoomConnectionSync';
import { zoomState } from '../state/zoomState';
import { ZoomConnectionWidget } from './ZoomConnectionWidget';

/**
 * The app header's Zoom connection (SPEC §2 'Zoom popover'): the server's connection, with the connect, reconnect and
 * disconnect flows wired in. What went wrong last (an exchange that failed, a read that failed) shows under the panel.
 */
export const HeaderZoomConnection = () => {
  const { connection } = useZoomConnectionSync();
  const { connect, disconnect } = useZoomConnect();
  const state = useSnapshot(zoomState);

  // expired has its own title and text; the other states say what failed
  const notice = state.status === 'expired' ? null : (state.error?.message ?? null);

  return (
    <ZoomConnectionWidget
      account={connection}
      notice={notice}
      onConnect={() => void connect()}
      onReconnect={() => void connect({ reconnect: true })}
      onDisconnect={() => void disconnect()}
    />
  );
};
