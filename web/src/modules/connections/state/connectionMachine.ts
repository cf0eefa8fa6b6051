/** SPEC §4 'E-mail connection states' and 'Zoom states': the same five for every connected service. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'expired' | 'error';

/** A status a flow ends in: every one but `connecting`. */
export type SettledConnectionStatus = Exclude<ConnectionStatus, 'connecting'>;

/** SPEC §2 'Loading texts' of the popovers: which work is under way. */
export type ConnectionPending = 'loading' | 'updating' | 'reconnecting';

/** SPEC §4 'Error types'. */
export type ConnectionErrorType =
  | 'network_error'
  | 'auth_error'
  | 'token_expired'
  | 'invalid_grant'
  | 'permission_denied'
  | 'rate_limited'
  | 'unexpected_error';

export type ConnectionError = {
  message: string;
  type: ConnectionErrorType;
  requiresReconnect: boolean;
  /** epoch milliseconds (SPEC §3 'Connection store state': error timestamp) */
  timestamp?: number;
};

export type ConnectionState = {
  status: ConnectionStatus;
  /** the status before a connect flow started: what the popover keeps showing under its loading text */
  settled: SettledConnectionStatus;
  pending: ConnectionPending | null;
  error: ConnectionError | null;
};

export type ConnectionEvent =
  /** the stored connection is being read */
  | { type: 'LOAD' }
  /** a connect flow starts (a first connection, or another account in place of this one) */
  | { type: 'CONNECT' }
  /** a connect flow starts to renew an expired connection */
  | { type: 'RECONNECT' }
  /** the flow was closed before it finished (SPEC §4: a popup closed without completion) */
  | { type: 'CANCEL' }
  /** the flow failed before it changed anything (a blocked popup, a denied consent): back where it started, with why */
  | { type: 'ABORTED'; error: ConnectionError }
  /** a successful auth, refresh, load or another tab's broadcast */
  | { type: 'CONNECTED' }
  /** the token health says expired, or a refresh failed for good */
  | { type: 'EXPIRED' }
  /** no connection (a load found none, or it was disconnected) */
  | { type: 'DISCONNECTED' }
  | { type: 'FAILED'; error: ConnectionError };

export const initialConnectionState = (): ConnectionState => ({
  status: 'disconnected',
  settled: 'disconnected',
  pending: null,
  error: null,
});

/** SPEC §4: the error types that mean the grant is gone, so only a new connection helps. */
const expiringErrorTypes: ReadonlySet<ConnectionErrorType> = new Set([
  'token_expired',
  'invalid_grant',
  'permission_denied',
]);

const settle = (status: SettledConnectionStatus, error: ConnectionError | null = null): ConnectionState => ({
  status,
  settled: status,
  pending: null,
  error,
});

/**
 * The state after `event`, or null when it does not apply (a second flow while one runs, a cancel with none): the
 * caller leaves the state as it is. SPEC §4: an error of an expiring type or one that asks for a reconnect gives
 * expired (so expired is exactly 'reconnect required'), any other gives error; a disconnect always ends disconnected.
 */
export const nextConnectionState = (state: ConnectionState, event: ConnectionEvent): ConnectionState | null => {
  const connecting = state.status === 'connecting';
  switch (event.type) {
    case 'LOAD':
      return connecting ? null : { ...state, pending: 'loading' };
    case 'CONNECT':
      return connecting ? null : { ...state, status: 'connecting', pending: 'updating', error: null };
    case 'RECONNECT':
      return connecting ? null : { ...state, status: 'connecting', pending: 'reconnecting', error: null };
    case 'CANCEL':
      return connecting ? { ...state, status: state.settled, pending: null } : null;
    case 'ABORTED':
      return connecting ? { ...state, status: state.settled, pending: null, error: event.error } : null;
    case 'CONNECTED':
      return settle('connected');
    case 'EXPIRED':
      return settle('expired', state.error);
    case 'DISCONNECTED':
      return settle('disconnected');
    case 'FAILED': {
      const expired = event.error.requiresReconnect || expiringErrorTypes.has(event.error.type);
      return settle(expired ? 'expired' : 'error', event.error);
    }
  }
};

/** The three states a connection popover shows. */
export type ConnectionView = 'connected' | 'expired' | 'disconnected';

/**
 * What the popover shows (SPEC §4): a flow under way shows the state it started from; an error shows as expired when
 * there was a connection before (`hadConnection`), as disconnected otherwise.
 */
export const connectionView = (
  state: Pick<ConnectionState, 'status' | 'settled'>,
  hadConnection: boolean,
): ConnectionView => {
  const status = state.status === 'connecting' ? state.settled : state.status;
  return status === 'error' ? (hadConnection ? 'expired' : 'disconnected') : status;
};
