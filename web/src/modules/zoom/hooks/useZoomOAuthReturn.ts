import { useEffect } from 'react';
import { type ScopedMutator, useSWRConfig } from 'swr';
import type { ApiClient } from '@/lib/http/apiClient';
import type { ConnectionError, ConnectionEvent } from '@/modules/connections/state/connectionMachine';
import { useApiClient } from '@/lib/http/useApiClient';
import { exchangeZoomCode, type ZoomConnection } from '../api/zoomApi';
import { sendZoomEvent, zoomEventFor } from '../state/zoomState';
import { isDuplicateZoomCode, takeZoomReturn, type ZoomReturn, type ZoomReturnWindow } from '../utils/zoomOAuthReturn';
import { i18n } from '@/i18n';
import { zoomConnectionKey } from './zoomConnectionKeys';
import { readZoomConnection } from './useZoomConnection';

export type ZoomReturnDeps = { api: Pick<ApiClient, 'request'>; mutate: ScopedMutator };

/** An error the Zoom flow ends in (the popover shows its message and offers to connect again). */
export const zoomFailure = (message: string, now = Date.now()): ConnectionError => ({
  type: 'unexpected_error',
  // SPEC §8 calls it the error state: the machine keeps `error` (not expired), the popover offers to connect again
  requiresReconnect: false,
  message,
  timestamp: now,
});

/**
 * Finishes what Zoom sent back (SPEC §4 'Zoom states': a code moves to connecting, then the connection is checked).
 * A code is exchanged once; a duplicate (SPEC §8: 'already been used', 'invalid authorization code') is ignored and the
 * connection still read; any other failure, or a state that is not this tab's, ends in the error state with 'Zoom OAuth
 * exchange failed.'. The connection read last is what the cache then holds, so the popover shows that account.
 */
export const completeZoomReturn = async ({ api, mutate }: ZoomReturnDeps, found: ZoomReturn) => {
  sendZoomEvent({ type: found.kind !== 'mismatch' && found.reconnect ? 'RECONNECT' : 'CONNECT' });
  let exchangeFailed = found.kind === 'mismatch';
  if (found.kind === 'code') {
    try {
      await exchangeZoomCode(api, { code: found.code, state: found.state });
    } catch (error) {
      if (!isDuplicateZoomCode(error)) exchangeFailed = true;
    }
  }
  let connection: ZoomConnection | null | undefined;
  try {
    connection = await readZoomConnection(api);
    await mutate(zoomConnectionKey, connection, { revalidate: false });
  } catch {
    connection = undefined;
  }
  const final: ConnectionEvent = exchangeFailed
    ? { type: 'FAILED', error: zoomFailure(i18n.t('zoom:exchangeFailed')) }
    : connection === undefined
      ? { type: 'FAILED', error: zoomFailure(i18n.t('zoom:initFailed')) }
      : zoomEventFor(connection);
  sendZoomEvent(final);
};

export type UseZoomOAuthReturnOptions = {
  /** @default window */
  win?: ZoomReturnWindow;
};

/**
 * SPEC §2: a `code` on any signed-in page is Zoom's, exchanged here (mounted once, by the app shell). The URL loses
 * `code` and `state` before anything is sent, so StrictMode's second effect run and a reload find nothing to exchange.
 */
export const useZoomOAuthReturn = ({ win = window }: UseZoomOAuthReturnOptions = {}) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const found = takeZoomReturn(win);
    // not cancelled on unmount: the code is good once, and the store and the cache outlive this component
    if (found) void completeZoomReturn({ api, mutate }, found);
  }, [api, mutate, win]);
};
