import { proxy } from 'valtio';
import {
  connectionView,
  initialConnectionState,
  nextConnectionState,
  type ConnectionErrorType,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionView,
} from '@/modules/connections/state/connectionMachine';
import type { EmailConnection } from '../api/emailConnectionsApi';
import { expiredConnectionError, expiringRefreshErrors } from '../utils/connectionErrors';
import {
  clearEmailAuthStorage,
  clearLegacyTokens,
  readLastAuthenticatedEmail,
  readLegacyTokenEmail,
  writeLastAuthenticatedEmail,
} from '../utils/emailAuthStorage';
import { tokenHealthLevel, type TokenHealthLevel } from '../utils/tokenHealth';

export type EmailProvider = 'gmail' | 'outlook';

/** The mailbox as the server has it (the e-mail connection routes, DESIGN §8 'Mailboxes'). */
export type EmailAccount = { email: string; provider: EmailProvider };

/** SPEC §3 'Connection store state': refreshStatus. */
export type RefreshStatus = {
  inProgress: boolean;
  success: boolean;
  error: string | null;
  errorType: ConnectionErrorType | null;
  requiresReconnect: boolean;
  timestamp: number | null;
};

/** SPEC §3 'Token-error info per mailbox'. */
export type TokenErrorInfo = {
  email: string;
  provider: EmailProvider;
  errorType: ConnectionErrorType;
  requiresReconnect: boolean;
  message: string;
  timestamp: number;
};

/**
 * This browser's side of the e-mail connection (SPEC §3 'Connection store state'): where its flow stands (SPEC §4),
 * the last refresh, and the mailbox last authenticated here. The mailboxes themselves are the server's, read through
 * SWR (hooks/useEmailConnections.ts), never copied here.
 */
export type EmailConnectionState = ConnectionState & {
  /** the mailbox last authenticated in this browser (kept across reloads), offered while disconnected or expired */
  lastAuthenticatedEmail: string | null;
  refreshStatus: RefreshStatus;
  /** the last token failure of each mailbox (by address), until it is renewed or reconnected */
  tokenErrors: Record<string, TokenErrorInfo>;
  /** SPEC §4 'Initialisation' has run its wait: the default connection may be read */
  initialised: boolean;
};

const initialRefreshStatus = (): RefreshStatus => ({
  inProgress: false,
  success: false,
  error: null,
  errorType: null,
  requiresReconnect: false,
  timestamp: null,
});

const initialState = (): EmailConnectionState => ({
  ...initialConnectionState(),
  lastAuthenticatedEmail: readLastAuthenticatedEmail(),
  refreshStatus: initialRefreshStatus(),
  tokenErrors: {},
  initialised: false,
});

export const emailConnectionState = proxy<EmailConnectionState>(initialState());

export const providerLabels: Record<EmailProvider, string> = { gmail: 'Gmail', outlook: 'Outlook' };

/** Moves the connection on (SPEC §4); an event that does not apply now is ignored. */
export const sendEmailConnectionEvent = (event: ConnectionEvent) => {
  const next = nextConnectionState(emailConnectionState, event);
  if (next) Object.assign(emailConnectionState, next);
};

export const setLastAuthenticatedEmail = (email: string) => {
  emailConnectionState.lastAuthenticatedEmail = email;
  writeLastAuthenticatedEmail(email);
};

export const setInitialised = () => {
  emailConnectionState.initialised = true;
};

export const setRefreshStatus = (change: Partial<RefreshStatus>) => {
  Object.assign(emailConnectionState.refreshStatus, change);
};

/** Records (info) or forgets (null) a mailbox's token failure. */
export const setTokenError = (email: string, info: TokenErrorInfo | null) => {
  if (info) emailConnectionState.tokenErrors[email] = info;
  else delete emailConnectionState.tokenErrors[email];
};

/** SPEC §4: a connection the server holds as expired, with a fatal refreshError, or whose token health says so. */
export const isConnectionExpired = (connection: EmailConnection, now: number = Date.now()) =>
  connection.status === 'expired' ||
  (connection.refreshError !== null && expiringRefreshErrors.has(connection.refreshError)) ||
  tokenHealthLevel(connection, now) === 'expired';

/**
 * The state the server's default connection gives (SPEC §4 'Initialisation'): connected, expired with its reason, or
 * disconnected when there is none. A flow under way owns the state until it ends, so nothing changes meanwhile.
 */
export const applyDefaultConnection = (connection: EmailConnection | null, now: number = Date.now()) => {
  if (emailConnectionState.status === 'connecting') return;
  if (!connection) {
    // SPEC §4: disconnected clears the stored tokens too (the legacy ones, the store's own write of SPEC §5)
    clearLegacyTokens();
    sendEmailConnectionEvent({ type: 'DISCONNECTED' });
    return;
  }
  if (emailConnectionState.lastAuthenticatedEmail !== connection.email) setLastAuthenticatedEmail(connection.email);
  if (isConnectionExpired(connection, now))
    sendEmailConnectionEvent({ type: 'FAILED', error: expiredConnectionError(connection.refreshError, now) });
  else if (emailConnectionState.status !== 'connected') sendEmailConnectionEvent({ type: 'CONNECTED' });
};

/**
 * SPEC §4: a failure to read the connection other than 'none' falls back to the legacy stored tokens: only their
 * address is used, to say which mailbox was last authenticated here.
 */
export const applyLoadFailure = (event: Extract<ConnectionEvent, { type: 'FAILED' }>) => {
  if (emailConnectionState.status === 'connecting') return;
  const legacyEmail = readLegacyTokenEmail();
  if (legacyEmail && !emailConnectionState.lastAuthenticatedEmail)
    emailConnectionState.lastAuthenticatedEmail = legacyEmail;
  sendEmailConnectionEvent(event);
};

/** The level of the default connection's token (SPEC §4 'Store levels'). */
export const connectionTokenLevel = (connection: EmailConnection | null, now: number = Date.now()): TokenHealthLevel =>
  connection ? tokenHealthLevel(connection, now) : 'normal';

/** SPEC §4: an error shows as expired when a mailbox is connected or was last authenticated here, else disconnected. */
export const emailConnectionView = (
  state: Pick<EmailConnectionState, 'status' | 'settled' | 'lastAuthenticatedEmail'>,
  account: EmailAccount | null,
): ConnectionView => connectionView(state, Boolean(account || state.lastAuthenticatedEmail));

/** On sign-out (SPEC §4 'Logout ... resets ... e-mail connection'): the next person sees none of this one's. */
export const resetEmailConnection = () => {
  writeLastAuthenticatedEmail(null);
  clearEmailAuthStorage();
  Object.assign(emailConnectionState, initialState());
};
