import { useEffect } from 'react';
import { applyZoomConnection, applyZoomLoadFailure, sendZoomEvent, zoomState } from '../state/zoomState';
import { i18n } from '@/i18n';
import { useZoomConnection } from './useZoomConnection';

/**
 * Keeps this tab's Zoom store in step with the server's connection (mounted once, by the app header): loading shows
 * 'Loading Zoom info', the answer gives the state of SPEC §4 'Zoom states' (a failed read 'Failed to initialize Zoom
 * connection.'), and a page brought back from the back-forward cache mid-flow (back from Zoom's consent) is no
 * longer connecting. Answers the connection.
 */
export const useZoomConnectionSync = () => {
  const zoom = useZoomConnection();
  const { connection, error, isLoading } = zoom;

  useEffect(() => {
    if (isLoading) {
      if (zoomState.status === 'disconnected') sendZoomEvent({ type: 'LOAD' });
    } else if (error)
      applyZoomLoadFailure({
        type: error.code === 'network_error' || error.code === 'timeout' ? 'network_error' : 'unexpected_error',
        requiresReconnect: false,
        message: i18n.t('zoom:initFailed'),
        timestamp: Date.now(),
      });
    else applyZoomConnection(connection);
  }, [connection, error, isLoading]);

  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted && zoomState.status === 'connecting') sendZoomEvent({ type: 'CANCEL' });
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  return zoom;
};
