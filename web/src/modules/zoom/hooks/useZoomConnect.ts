import { useSWRConfig } from 'swr';
import { useApiClient } from '@/lib/http/useApiClient';
import { disconnectZoom, startZoomConnect } from '../api/zoomApi';
import { applyZoomConnection, sendZoomEvent, zoomState } from '../state/zoomState';
import { writePendingZoomAuth, zoomReturnUrl } from '../utils/zoomOAuthReturn';
import { i18n } from '@/i18n';
import { zoomConnectionKey } from './zoomConnectionKeys';
import { readZoomConnection } from './useZoomConnection';
import { zoomFailure } from './useZoomOAuthReturn';

/**
 * Connects and disconnects Zoom (SPEC §2 'Zoom popover', §7 'Zoom'). Connecting asks the server to start a sign-in for
 * this user (DESIGN §9), keeps its state in this tab and leaves the page for Zoom's consent; Zoom sends the browser
 * back to this page with a code, which the signed-in shell exchanges (useZoomOAuthReturn).
 */
export const useZoomConnect = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();

  /** Starts the flow (a second one while one runs is refused); `reconnect` renews an expired connection. */
  const connect = async ({ reconnect = false }: { reconnect?: boolean } = {}) => {
    if (zoomState.status === 'connecting') return false;
    sendZoomEvent({ type: reconnect ? 'RECONNECT' : 'CONNECT' });
    let started: { authUrl: string; state: string };
    try {
      started = await startZoomConnect(api, { redirect: zoomReturnUrl(new URL(window.location.href)) });
    } catch {
      sendZoomEvent({ type: 'FAILED', error: zoomFailure(i18n.t('zoom:initFailed')) });
      return false;
    }
    writePendingZoomAuth({ state: started.state, reconnect });
    window.location.assign(started.authUrl);
    return true;
  };

  /**
   * SPEC §4: disconnecting always ends disconnected. When the server could not do it, the connection is then read
   * again and shown as the server holds it (a meeting booked now would still get a Zoom link).
   */
  const disconnect = async () => {
    try {
      await disconnectZoom(api);
      sendZoomEvent({ type: 'DISCONNECTED' });
      await mutate(zoomConnectionKey, null, { revalidate: false });
      return true;
    } catch {
      sendZoomEvent({ type: 'DISCONNECTED' });
      try {
        const connection = await readZoomConnection(api);
        await mutate(zoomConnectionKey, connection, { revalidate: false });
        applyZoomConnection(connection);
      } catch {
        // unreadable too: the next read (a focus, a live event) tells
      }
      return false;
    }
  };

  return { connect, disconnect };
};
