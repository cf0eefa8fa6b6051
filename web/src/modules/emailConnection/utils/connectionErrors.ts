import type { ConnectionError, ConnectionErrorType } from '@/modules/connections/state/connectionMachine';
import { isApiError } from '@/lib/http/ApiError';
import { i18n } from '@/i18n';

/** SPEC §4: a refreshError that means the grant is gone, so the connection is expired. */
export const expiringRefreshErrors: ReadonlySet<string> = new Set(['invalid_grant', 'permission_denied']);

/**
 * A failure of the app's own connect flow (a blocked popup, a denied consent, an answer without a URL): its message is
 * in the person's language, so what it means is carried by `code`, which {@link connectionErrorOf} reads instead.
 */
export class ConnectFlowError extends Error {
  constructor(
    readonly code: ConnectFlowFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ConnectFlowError';
  }
}

/** SPEC §8 'Connection': the text of each failure of the connect flow. */
const connectFlowTexts = {
  popup_blocked: 'errors.popupBlocked',
  access_denied: 'errors.outlookDenied',
  provider_failed: 'errors.outlookFailed',
  invalid_request: 'errors.invalidRequest',
  invalid_init_response: 'errors.invalidInitResponse',
  oauth_url_failed: 'errors.oauthUrlFailed',
} as const;
export type ConnectFlowFailure = keyof typeof connectFlowTexts;

/** The connect flow's failure `code`, in the interface's language; `provider` names the mailbox's provider. */
export const connectFlowError = (
  code: ConnectFlowFailure,
  { provider = '', ...options }: ErrorOptions & { provider?: string } = {},
) => new ConnectFlowError(code, i18n.t(`emailConnection:${connectFlowTexts[code]}`, { provider }), options);

const errorText = (error: unknown) => {
  if (error instanceof ConnectFlowError) return error.code;
  if (isApiError(error)) return [error.message, error.serverMessage, error.code].filter(Boolean).join(' ');
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
};

const shownMessage = (error: unknown) => {
  if (isApiError(error)) return error.serverMessage && error.status < 500 ? error.serverMessage : error.message;
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : i18n.t('emailConnection:errors.generic');
};

/**
 * SPEC §8 'Refresh failure mapping': a message naming network is a network error; expired is token_expired and asks
 * for a reconnect; invalid_grant, permission or access denied ask for a reconnect; rate or HTTP 429 is rate limited.
 * A 401 of the app's own session is an auth error; anything else unexpected.
 */
export const connectionErrorOf = (error: unknown, now: number = Date.now()): ConnectionError => {
  const lower = errorText(error).toLowerCase();
  const status = isApiError(error) ? error.status : undefined;
  const of = (type: ConnectionErrorType, requiresReconnect: boolean): ConnectionError => ({
    type,
    requiresReconnect,
    message: shownMessage(error),
    timestamp: now,
  });
  if (
    lower.includes('network') ||
    (isApiError(error) && ['network_error', 'timeout', 'provider_unavailable'].includes(error.code))
  )
    return of('network_error', false);
  if (lower.includes('invalid_grant') || lower.includes('invalidated')) return of('invalid_grant', true);
  if (lower.includes('expired')) return of('token_expired', true);
  if (
    lower.includes('permission') ||
    lower.includes('access denied') ||
    lower.includes('access_denied') ||
    lower.includes('revoked')
  )
    return of('permission_denied', true);
  if (status === 429 || lower.includes('rate')) return of('rate_limited', false);
  if (status === 401) return of('auth_error', false);
  return of('unexpected_error', false);
};

/** The error of a connection the server holds as expired (its refreshError says why). */
export const expiredConnectionError = (refreshError: string | null, now: number = Date.now()): ConnectionError => ({
  type:
    refreshError === 'permission_denied'
      ? 'permission_denied'
      : refreshError === 'invalid_grant'
        ? 'invalid_grant'
        : 'token_expired',
  requiresReconnect: true,
  message:
    refreshError === 'permission_denied'
      ? i18n.t('emailConnection:errors.revoked')
      : refreshError === 'invalid_grant'
        ? i18n.t('emailConnection:errors.reauthorize')
        : i18n.t('emailConnection:errors.expired'),
  timestamp: now,
});
