import type { ScopedMutator } from 'swr';
import type { ApiClient } from '@/lib/http/apiClient';
import type { ConnectionError } from '@/modules/connections/state/connectionMachine';
import { type EmailConnection, refreshEmailConnection } from '../api/emailConnectionsApi';
import type { EmailConnectionChannel } from '../state/emailConnectionBroadcast';
import { sendEmailConnectionEvent, setRefreshStatus, setTokenError } from '../state/emailConnectionState';
import { connectionErrorOf, expiredConnectionError } from '../utils/connectionErrors';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { emailConnectionKeys } from './emailConnectionKeys';

export type RefreshEmailTokenDeps = {
  api: Pick<ApiClient, 'request'>;
  mutate: ScopedMutator;
  channel: Pick<EmailConnectionChannel, 'broadcast'>;
};

/**
 * Asks the server to renew the default mailbox's access token (POST .../{id}/refresh) and records how it went (SPEC
 * §3 refreshStatus): a success updates the cached default, raises email-token-refreshed and tells the other tabs; a
 * failure raises email-token-refresh-failed, and one that needs a reconnect (a revoked grant: an expired answer or
 * the mapping of SPEC §8) makes the connection expired here and in the other tabs.
 */
export const refreshEmailToken = async ({ api, mutate, channel }: RefreshEmailTokenDeps, target: EmailConnection) => {
  setRefreshStatus({ inProgress: true, success: false, error: null, errorType: null, requiresReconnect: false });
  const failed = (failure: ConnectionError) => {
    setRefreshStatus({
      inProgress: false,
      success: false,
      error: failure.message,
      errorType: failure.type,
      requiresReconnect: failure.requiresReconnect,
      timestamp: failure.timestamp ?? Date.now(),
    });
    setTokenError(target.email, {
      email: target.email,
      provider: target.provider,
      errorType: failure.type,
      requiresReconnect: failure.requiresReconnect,
      message: failure.message,
      timestamp: failure.timestamp ?? Date.now(),
    });
    raiseWindowEvent('email-token-refresh-failed', {
      id: target.id,
      email: target.email,
      errorType: failure.type,
      requiresReconnect: failure.requiresReconnect,
      message: failure.message,
    });
    if (failure.requiresReconnect) {
      sendEmailConnectionEvent({ type: 'FAILED', error: failure });
      channel.broadcast({ type: 'token_expired', connectionId: target.id, email: target.email });
    }
    return false;
  };
  try {
    const refreshed = await refreshEmailConnection(api, target.id);
    await mutate(emailConnectionKeys.default, refreshed, { revalidate: false });
    void mutate(emailConnectionKeys.list);
    if (refreshed.status === 'expired') return failed(expiredConnectionError(refreshed.refreshError));
    setRefreshStatus({ inProgress: false, success: true, timestamp: Date.now() });
    setTokenError(refreshed.email, null);
    raiseWindowEvent('email-token-refreshed', {
      id: refreshed.id,
      email: refreshed.email,
      expiry: refreshed.expiry,
    });
    channel.broadcast({ type: 'token_refreshed', connectionId: refreshed.id, email: refreshed.email });
    return true;
  } catch (error) {
    const failure = connectionErrorOf(error);
    failed(failure);
    void mutate(emailConnectionKeys.default);
    void mutate(emailConnectionKeys.list);
    return false;
  }
};
