import { proxy } from 'valtio';
import type { ZoomConnection } from '@shared/schemas/meetings';
import {
  type ConnectionError,
  connectionView,
  initialConnectionState,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionView,
} from '@/modules/connections/state/connectionMachine';
import { writePendingZoomAuth } from '../utils/zoomOAuthReturn';

/** The Zoom account as the server has it (SPEC §7 'GET /zoom/connection'). */
export type ZoomAccount = {
  email: string;
  /** ISO 8601: when the access token runs out */
  expiresAt: string | null;
};

/** This browser's side of the Zoom connection: where its flow stands (SPEC §4 'Zoom states'). */
export type ZoomState = ConnectionState;

export const zoomState = proxy<ZoomState>(initialConnectionState());

/** Moves the connection on (SPEC §4 'Zoom states'); an event that does not apply now is ignored. */
export const sendZoomEvent = (event: ConnectionEvent) => {
  const next = nextConnectionState(zoomState, event);
  if (next) Object.assign(zoomState, next);
};

/** An error shows as expired when an account is connected, as disconnected otherwise. */
export const zoomView = (state: Pick<ZoomState, 'status' | 'settled'>, account: ZoomAccount | null): ConnectionView =>
  connectionView(state, Boolean(account));

const expiredErrorTypes = {
  invalid_grant: 'invalid_grant',
  permission_denied: 'permission_denied',
  missing_credentials: 'auth_error',
} as const;

/**
 * The event the server's connection gives (SPEC §4 'Zoom states'): none (404) gives disconnected, `connected` true
 * connected, a fatal refresh error expired (a connection that is not usable without one too: only a reconnect helps).
 */
export const zoomEventFor = (connection: ZoomConnection | null, now: number = Date.now()): ConnectionEvent => {
  if (!connection) return { type: 'DISCONNECTED' };
  if (connection.connected) return { type: 'CONNECTED' };
  const error: ConnectionError = {
    type: connection.refreshError ? expiredErrorTypes[connection.refreshError] : 'token_expired',
    requiresReconnect: true,
    message: connection.message,
    timestamp: now,
  };
  return { type: 'FAILED', error };
};

/** The state the server's answer gives; a connect flow under way owns the state until it ends. */
export const applyZoomConnection = (connection: ZoomConnection | null) => {
  if (zoomState.status !== 'connecting') sendZoomEvent(zoomEventFor(connection));
};

/** SPEC §8: the connection could not be read (other than 'none'): the error state. */
export const applyZoomLoadFailure = (error: ConnectionError) => {
  if (zoomState.status !== 'connecting') sendZoomEvent({ type: 'FAILED', error });
};

/** On sign-out (SPEC §4 'Logout clears ... Zoom store'); the code of a flow this session started is not exchanged. */
export const resetZoom = () => {
  Object.assign(zoomState, initialConnectionState());
  writePendingZoomAuth(null);
};
