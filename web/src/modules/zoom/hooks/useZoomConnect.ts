import { useSWRConfig } from 'swr';
import { useApiClient } from '@/lib/http/useApiClient';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { disconnectZoom, zoomAuthorizeUrl } from '../api/zoomApi';
import { applyZoomConnection, sendZoomEvent, zoomState } from '../state/zoomState';
import { createZoomOAuthState, writePendingZoomAuth, zoomReturnUrl } from '../utils/zoomOAuthReturn';
import { zoomConnectionKey } from './zoomConnectionKeys';
import { readZoomConnection } from './useZoomConnection';

/**
 * Connects and disconnects Zoom (SPEC §2 'Zoom popover', §7 'Zoom'). Connecting leaves the page for the server's
 * /zoom/oauth/authorize (then Zoom's consent) with a state kept in this tab; Zoom sends the browser back to this page
 * with a code, which the signed-in shell exchanges (useZoomOAuthReturn).
 */
export const useZoomConnect = () => {
  const api = useApiClient();
  const { apiUrl } = useWebConfig();
  const { mutate } = useSWRConfig();

  /** Starts the flow (a second one while one runs is refused); `reconnect` renews an expired connection. */
  const connect = ({ reconnect = false }: { reconnect?: boolean } = {}) => {
    if (zoomState.status === 'connecting') return false;
    sendZoomEvent({ type: reconnect ? 'RECONNECT' : 'CONNECT' });
    const state = createZoomOAuthState();
    writePendingZoomAuth({ state, reconnect });
    window.location.assign(zoomAuthorizeUrl(apiUrl, { redirect: zoomReturnUrl(new URL(window.location.href)), state }));
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
