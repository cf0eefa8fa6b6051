import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLiveEvent } from '@/lib/live';
import { useApiClient } from '@/lib/http/useApiClient';
import { waitForAuthReady } from '@/modules/auth/state/authState';
import { validateEmailConnection } from '../api/emailConnectionsApi';
import { i18n } from '@/i18n';
import { emailConnectionTimings } from '../emailConnectionTimings';
import { emailConnectionPaths } from '@/lib/paths';
import { type EmailConnectionChannel, emailConnectionChannel } from '../state/emailConnectionBroadcast';
import {
  applyDefaultConnection,
  applyLoadFailure,
  emailConnectionState,
  sendEmailConnectionEvent,
  setInitialised,
} from '../state/emailConnectionState';
import { connectionErrorOf } from '../utils/connectionErrors';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { shouldTriggerRefresh } from '../utils/tokenHealth';
import { emailConnectionKeys, revalidateEmailConnections } from './emailConnectionKeys';
import { refreshEmailToken } from './refreshEmailToken';
import { useDefaultEmailConnection } from './useEmailConnections';

/** SPEC §4: initialisation is skipped on the OAuth pages. */
const skippedPaths = ['/oauth', emailConnectionPaths.outlookAuth, emailConnectionPaths.gmailAuth];
export const initialisesOn = (pathname: string) => !skippedPaths.some((path) => pathname.startsWith(path));

/** How often the token health is looked at again while the page stays open. */
const healthCheckMs = 30_000;

export type UseEmailConnectionSyncOptions = {
  /** @default this page's channel */
  channel?: EmailConnectionChannel;
};

/**
 * Keeps this tab's e-mail connection store in step with the server (mounted once, by the app header): SPEC §4
 * 'Initialisation' (signed-in user, 1 s, the default connection in up to 3 attempts), the state its answer gives,
 * other tabs' messages and the live channel's `connection.changed` (both revalidate), and token health: a critical or
 * refresh level asks the server for a refresh after 100 ms, at most once per expiry value (utils/tokenHealth.ts).
 * Answers the default connection.
 */
export const useEmailConnectionSync = ({ channel = emailConnectionChannel }: UseEmailConnectionSyncOptions = {}) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const initialised = emailConnectionState.initialised;
  const [ready, setReady] = useState(initialised);
  const { connection, data, error, isLoading } = useDefaultEmailConnection({ paused: !ready });
  const lastRefreshedExpiry = useRef<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // initialisation: the signed-in user, then 1 s, once per page load
  useEffect(() => {
    if (ready || !initialisesOn(window.location.pathname)) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void waitForAuthReady().then(() => {
      timer = setTimeout(() => {
        if (cancelled) return;
        setInitialised();
        setReady(true);
      }, emailConnectionTimings.initialWaitMs);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [ready]);

  // the state the server's answer gives
  useEffect(() => {
    if (!ready) return;
    if (data !== undefined) applyDefaultConnection(data);
    else if (error) {
      const failure = connectionErrorOf(error);
      // SPEC §8: a failure with nothing more specific to say
      const message =
        failure.type === 'unexpected_error' ? i18n.t('emailConnection:errors.initFailed') : failure.message;
      applyLoadFailure({ type: 'FAILED', error: { ...failure, message } });
    } else if (isLoading && emailConnectionState.status === 'disconnected') sendEmailConnectionEvent({ type: 'LOAD' });
  }, [ready, data, error, isLoading]);

  // SPEC §4 'Initialisation' reads the connection's tokens as well: here the server asks the provider once per page
  // load whether the default mailbox still works (a grant revoked at Google or Microsoft shows as expired at once)
  const validatedIds = useRef(new Set<string>());
  useEffect(() => {
    if (connection?.status !== 'connected' || validatedIds.current.has(connection.id)) return;
    validatedIds.current.add(connection.id);
    void validateEmailConnection(api, connection.id).then(
      ({ connection: checked }) => {
        if (checked.status === connection.status) return;
        void mutate(emailConnectionKeys.default, checked, { revalidate: false });
        void mutate(emailConnectionKeys.list);
        channel.broadcast({ type: 'token_expired', connectionId: checked.id, email: checked.email });
      },
      // the provider could not be asked now: the refresh schedule and the next page load will
      () => undefined,
    );
  }, [api, mutate, channel, connection]);

  // other tabs (BroadcastChannel and storage events) and the server's live channel
  useEffect(
    () =>
      channel.subscribe((message) => {
        if (message.type === 'token_expired' && message.connectionId && message.connectionId === connection?.id)
          applyDefaultConnection({ ...connection, status: 'expired' });
        if (message.type === 'connection_removed' && message.connectionId)
          raiseWindowEvent('email-connection-removed', { id: message.connectionId });
        void revalidateEmailConnections(mutate);
      }),
    [channel, connection, mutate],
  );
  useLiveEvent('connection.changed', (event) => {
    if (event.kind === 'email') void revalidateEmailConnections(mutate);
  });

  // back from the provider's page through the back button: the page (and its 'connecting') comes from the bfcache
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted && emailConnectionState.status === 'connecting') sendEmailConnectionEvent({ type: 'CANCEL' });
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  // token health, looked at again as time passes
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), healthCheckMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (connection?.status !== 'connected' || emailConnectionState.status !== 'connected') return;
    if (!shouldTriggerRefresh(connection, lastRefreshedExpiry.current, now)) return;
    const timer = setTimeout(() => {
      // recorded when the refresh starts, so a re-render within the delay does not lose it
      lastRefreshedExpiry.current = connection.expiry;
      void refreshEmailToken({ api, mutate, channel }, connection);
    }, emailConnectionTimings.refreshDelayMs);
    return () => clearTimeout(timer);
  }, [api, mutate, channel, connection, now]);

  return { connection, now };
};
