import { proxy } from 'valtio';

/** SPEC §4 'Zoom states'. */
export type ZoomStatus = 'disconnected' | 'connecting' | 'connected' | 'expired' | 'error';
/** SPEC §2 'Loading texts' of the popover: which work is under way. */
export type ZoomPending = 'loading' | 'updating' | 'reconnecting';

export type ZoomState = {
  status: ZoomStatus;
  /** the Zoom account's e-mail */
  email: string | null;
  /** ISO 8601: when the access token runs out */
  expiresAt: string | null;
  pending: ZoomPending | null;
  error: string | null;
};

const initialState = (): ZoomState => ({ status: 'disconnected', email: null, expiresAt: null, pending: null, error: null });

export const zoomState = proxy<ZoomState>(initialState());

/** The state the popover shows. */
export type ZoomView = 'connected' | 'expired' | 'disconnected';

/** An error or a connection under way shows as expired when an account was connected, as disconnected otherwise. */
export const zoomView = (state: Pick<ZoomState, 'status' | 'email'>): ZoomView => {
  switch (state.status) {
    case 'connected':
    case 'expired':
    case 'disconnected':
      return state.status;
    case 'error':
    case 'connecting':
      return state.email ? 'expired' : 'disconnected';
  }
};

/** On sign-out (SPEC §4 'Logout clears ... Zoom store'). */
export const resetZoom = () => {
  Object.assign(zoomState, initialState());
};
