import { useSWRConfig } from 'swr';
import { isApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import {
  completeEmailOAuth,
  type EmailConnection,
  initEmailOAuth,
  makeDefaultEmailConnection,
  type MailProvider,
} from '../api/emailConnectionsApi';
import { emailConnectionTimings } from '../emailConnectionTimings';
import { emailConnectionChannel } from '../state/emailConnectionBroadcast';
import {
  emailConnectionState,
  providerLabels,
  sendEmailConnectionEvent,
  setLastAuthenticatedEmail,
  setTokenError,
} from '../state/emailConnectionState';
import { ConnectFlowError, connectFlowError, connectionErrorOf } from '../utils/connectionErrors';
import { writePendingGmailAuth } from '../utils/emailAuthStorage';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { runOutlookPopupFlow } from '../utils/outlookPopupFlow';
import { withLoginHint } from '../utils/withLoginHint';
import { emailConnectionKeys, revalidateEmailConnections } from './emailConnectionKeys';

export type ConnectOptions = {
  /** pre-fills the mailbox at the provider (a reconnect of that address) */
  loginHint?: string | null;
  /** renewing an expired connection: the popover says 'Reconnecting email' meanwhile */
  reconnect?: boolean;
  /** make the new mailbox the default once connected (the header's 'Change Email') */
  makeDefault?: boolean;
};

/**
 * SPEC §8: an init that failed without a reason the person can act on says the service gave no OAuth URL; a 4xx
 * (e.g. an origin the server does not know) keeps the server's own text.
 */
const initFailure = (provider: MailProvider, error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500
    ? error
    : error instanceof ConnectFlowError && error.code === 'invalid_init_response'
      ? error
      : connectFlowError('oauth_url_failed', { cause: error, provider: providerLabels[provider] });

const initOf = async (init: () => Promise<{ authUrl: string; state: string }>, provider: MailProvider) => {
  let answer: { authUrl: string; state: string };
  try {
    answer = await init();
  } catch (error) {
    throw initFailure(provider, error);
  }
  if (!answer?.authUrl || !answer.state) throw connectFlowError('invalid_init_response');
  return answer;
};

/** `window.location.pathname + search`: where the Gmail receiver sends the person back. */
const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Connects a mailbox (SPEC §2 'Connection flows'): Gmail redirects the whole page to Google and comes back through
 * /gmail-auth to the path it left; Outlook runs in a popup whose code is exchanged here. `connect` resolves true once
 * connected (Gmail: once the page is leaving), false when the flow was closed or failed (the store holds why).
 */
export const useEmailConnect = () => {
  const api = useApiClient();
  const { mutate, cache } = useSWRConfig();

  const failed = (error: unknown) => {
    sendEmailConnectionEvent({ type: 'ABORTED', error: connectionErrorOf(error) });
    return false;
  };

  const connected = async (connection: EmailConnection, options: ConnectOptions) => {
    const latest =
      options.makeDefault && !connection.isDefault ? await makeDefaultEmailConnection(api, connection.id) : connection;
    setLastAuthenticatedEmail(latest.email);
    setTokenError(latest.email, null);
    // the store follows the default mailbox: another one connected beside it leaves the store where it was
    sendEmailConnectionEvent({ type: latest.isDefault ? 'CONNECTED' : 'CANCEL' });
    if (latest.isDefault) await mutate(emailConnectionKeys.default, latest, { revalidate: false });
    await revalidateEmailConnections(mutate);
    emailConnectionChannel.broadcast({ type: 'connection_changed', connectionId: latest.id, email: latest.email });
    raiseWindowEvent('email-connection-added', {
      id: latest.id,
      email: latest.email,
      provider: latest.provider,
    });
    // SPEC §4: the default connection is read again after 1 s; the Outlook flow checks it after 1.5 s and reads it
    // once more if there is still none
    setTimeout(() => void mutate(emailConnectionKeys.default), emailConnectionTimings.postOAuthReloadMs);
    setTimeout(() => {
      if (!cache.get(emailConnectionKeys.default)?.data) void mutate(emailConnectionKeys.default);
    }, emailConnectionTimings.outlookVerifyMs);
  };

  const connectGmail = async (options: ConnectOptions) => {
    try {
      const { authUrl, state } = await initOf(
        () => initEmailOAuth(api, { provider: 'gmail', origin: window.location.origin }),
        'gmail',
      );
      writePendingGmailAuth({
        state,
        returnPath: currentPath(),
        loginHint: options.loginHint ?? null,
        makeDefault: options.makeDefault === true,
      });
      window.location.assign(withLoginHint(authUrl, options.loginHint));
      return true;
    } catch (error) {
      return failed(error);
    }
  };

  const connectOutlook = async (options: ConnectOptions) => {
    const outcome = await runOutlookPopupFlow({
      init: () => initOf(() => initEmailOAuth(api, { provider: 'outlook', origin: window.location.origin }), 'outlook'),
      complete: (code, state) =>
        completeEmailOAuth(api, { provider: 'outlook', code, state, origin: window.location.origin }),
      openWindow: (url, name, features) => window.open(url, name, features),
      messages: window,
      origin: window.location.origin,
      loginHint: options.loginHint,
    });
    if (outcome.kind === 'cancelled') {
      sendEmailConnectionEvent({ type: 'CANCEL' });
      return false;
    }
    if (outcome.kind === 'failed') return failed(outcome.error);
    try {
      await connected(outcome.result.connection, options);
      return true;
    } catch (error) {
      return failed(error);
    }
  };

  /** Runs `provider`'s flow; a second flow while one runs is refused (false). Call it from the click itself. */
  const connect = (provider: MailProvider, options: ConnectOptions = {}): Promise<boolean> => {
    if (emailConnectionState.status === 'connecting') return Promise.resolve(false);
    sendEmailConnectionEvent({ type: options.reconnect ? 'RECONNECT' : 'CONNECT' });
    return provider === 'gmail' ? connectGmail(options) : connectOutlook(options);
  };

  return { connect };
};
