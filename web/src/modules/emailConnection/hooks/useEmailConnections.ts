import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import {
  disconnectEmailConnection,
  type EmailConnection,
  getDefaultEmailConnection,
  listEmailConnections,
  makeDefaultEmailConnection,
  validateEmailConnection,
} from '../api/emailConnectionsApi';
import { emailConnectionChannel } from '../state/emailConnectionBroadcast';
import { emailConnectionState, sendEmailConnectionEvent } from '../state/emailConnectionState';
import { clearLegacyTokens } from '../utils/emailAuthStorage';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { loadDefaultConnection } from '../utils/loadDefaultConnection';
import { emailConnectionKeys, revalidateEmailConnections } from './emailConnectionKeys';
import { useEmailConnect } from './useEmailConnect';

export { emailConnectionKeys } from './emailConnectionKeys';

export type UseDefaultEmailConnectionOptions = {
  /** while true nothing is read (the header waits out SPEC §4's initial second) */
  paused?: boolean;
};

/**
 * The default mailbox (GET /api/email-connections/default), null when there is none (404), read in up to 3 attempts
 * 2 s apart (SPEC §4 'Initialisation'); other tabs' changes and the live channel revalidate it.
 */
export const useDefaultEmailConnection = ({ paused = false }: UseDefaultEmailConnectionOptions = {}) => {
  const api = useApiClient();
  const query = useSWR<EmailConnection | null, ApiError>(
    paused ? null : emailConnectionKeys.default,
    () => loadDefaultConnection(() => getDefaultEmailConnection(api)),
    // the loader makes its own attempts
    { shouldRetryOnError: false },
  );
  return { ...query, connection: query.data ?? null };
};

/**
 * The user's mailboxes, the default first (GET /api/email-connections), and what can be done to them: make one the
 * default, disconnect one, reconnect one (its provider's flow with its address pre-filled). Each change revalidates
 * both the list and the default, and tells the other tabs.
 */
export const useEmailConnections = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const { connect } = useEmailConnect();
  const list = useSWR<EmailConnection[], ApiError>(emailConnectionKeys.list, () => listEmailConnections(api));

  const makeDefault = async (id: string) => {
    const connection = await makeDefaultEmailConnection(api, id);
    await mutate(emailConnectionKeys.default, connection, { revalidate: false });
    await revalidateEmailConnections(mutate);
    emailConnectionChannel.broadcast({ type: 'connection_changed', connectionId: id, email: connection.email });
    return connection;
  };

  const disconnect = async (id: string) => {
    const wasDefault = list.data?.find((connection) => connection.id === id)?.isDefault ?? false;
    await disconnectEmailConnection(api, id);
    await list.mutate((current = []) => current.filter((connection) => connection.id !== id), { revalidate: false });
    if (wasDefault) {
      // SPEC §4: disconnected clears the connection and stored tokens (the server may name another default next)
      clearLegacyTokens();
      if (emailConnectionState.status !== 'connecting') sendEmailConnectionEvent({ type: 'DISCONNECTED' });
    }
    await revalidateEmailConnections(mutate);
    emailConnectionChannel.broadcast({ type: 'connection_removed', connectionId: id });
    raiseWindowEvent('email-connection-removed', { id });
  };

  /**
   * Asks the provider whether the mailbox still works (the server renews it or marks it expired) and puts the answer
   * in the list (and the default); a changed status is told to the other tabs.
   */
  const validate = async (id: string) => {
    const before = list.data?.find((connection) => connection.id === id);
    const answer = await validateEmailConnection(api, id);
    const { connection } = answer;
    await list.mutate((current = []) => current.map((item) => (item.id === id ? connection : item)), {
      revalidate: false,
    });
    if (connection.isDefault) await mutate(emailConnectionKeys.default, connection, { revalidate: false });
    if (before && before.status !== connection.status)
      emailConnectionChannel.broadcast({
        type: connection.status === 'expired' ? 'token_expired' : 'connection_changed',
        connectionId: id,
        email: connection.email,
      });
    return answer;
  };

  /** SPEC §2: 'Reconnect Email' runs the same provider's flow with that address as login_hint. */
  const reconnect = (connection: Pick<EmailConnection, 'provider' | 'email'>) =>
    connect(connection.provider, { loginHint: connection.email, reconnect: true });

  return { ...list, connections: list.data ?? [], makeDefault, disconnect, validate, reconnect, connect };
};
