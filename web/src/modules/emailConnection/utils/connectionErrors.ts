import type { ConnectionError, ConnectionErrorType } from '@/modules/connections/state/connectionMachine';
import { isApiError } from '@/lib/http/ApiError';
import { emailConnectionMessages as text } from '../emailConnectionMessages';

/** SPEC §4: a refreshError that means the grant is gone, so the connection is expired. */
export const expiringRefreshErrors: ReadonlySet<string> = new Set(['invalid_grant', 'permission_denied']);

const errorText = (error: unknown) => {
  if (isApiError(error)) return [error.message, error.serverMessage, error.code].filter(Boolean).join(' ');
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
};

const shownMessage = (error: unknown) => {
  if (isApiError(error)) return error.serverMessage && error.status < 500 ? error.serverMessage : error.message;
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : text.errors.generic;
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
      ? text.errors.revoked
      : refreshError === 'invalid_grant'
        ? text.errors.reauthorize
        : text.errors.expired,
  timestamp: now,
});
