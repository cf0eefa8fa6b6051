import { proxy } from 'valtio';
import {
  connectionView,
  initialConnectionState,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionView,
} from '@/modules/connections/state/connectionMachine';

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

/** On sign-out (SPEC §4 'Logout clears ... Zoom store'). */
export const resetZoom = () => {
  Object.assign(zoomState, initialConnectionState());
};
