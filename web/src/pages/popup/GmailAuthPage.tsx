import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { subscribe } from 'valtio';
import { useApiClient } from '@/lib/http/useApiClient';
import { useAuth } from '@/modules/auth/hooks/useAuth';
import { authState } from '@/modules/auth/state/authState';
import { completeEmailOAuth, makeDefaultEmailConnection } from '@/modules/emailConnection/api/emailConnectionsApi';
import { emailConnectionTimings } from '@/modules/emailConnection/emailConnectionTimings';
import { revalidateEmailConnections } from '@/modules/emailConnection/hooks/emailConnectionKeys';
import { emailConnectionChannel } from '@/modules/emailConnection/state/emailConnectionBroadcast';
import { setLastAuthenticatedEmail } from '@/modules/emailConnection/state/emailConnectionState';
import {
  readPendingGmailAuth,
  writeEmailAuthCompleted,
  writePendingGmailAuth,
} from '@/modules/emailConnection/utils/emailAuthStorage';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { type ReceiverSession, runGmailReceiver } from '@/modules/emailConnection/utils/gmailReceiverFlow';
import { publicPaths } from '@/lib/paths';
import { ReceiverCard, type ReceiverStatus } from '@/ui/ReceiverCard';

const sessionNow = (): ReceiverSession | null => {
  if (authState.ready) return 'signed-in';
  if (authState.status === 'unauthenticated') return 'signed-out';
  if (authState.status === 'error') return 'error';
  return null;
};

/** The session once the auth store knows it, or 'waiting' after `timeoutMs`. */
const waitForUser = (timeoutMs: number) =>
  new Promise<ReceiverSession>((resolve) => {
    const known = sessionNow();
    if (known) return resolve(known);
    const timer = setTimeout(() => {
      unsubscribe();
      resolve('waiting');
    }, timeoutMs);
    const unsubscribe = subscribe(authState, () => {
      const now = sessionNow();
      if (!now) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(now);
    });
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type View = { status: ReceiverStatus; message: string };

/**
 * /gmail-auth (SPEC §2 'Gmail receiver page'): where Google sends the whole page back. It exchanges the code for the
 * signed-in user, stores the completion (`emailAuthCompleted`, which other tabs follow), tells the other tabs, and
 * returns to the page the flow started from after 1.5 s.
 */
export const GmailAuthPage = () => {
  const { t } = useTranslation('emailConnection');
  useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const [view, setView] = useState<View>({
    status: 'loading',
    message: t('gmailReceiver.waiting', { attempt: 1, attempts: emailConnectionTimings.gmailAttempts }),
  });
  const started = useRef(false);

  useEffect(() => {
    // once per page load, even when React runs the effect twice: a code can be exchanged only once
    if (started.current) return;
    started.current = true;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    const pending = readPendingGmailAuth();
    void runGmailReceiver({
      params,
      pending,
      waitForUser,
      exchange: (code, state) =>
        completeEmailOAuth(api, { provider: 'gmail', code, state, origin: window.location.origin }),
      sleep,
      onProgress: (message) => setView({ status: 'loading', message }),
    }).then(async (outcome) => {
      writePendingGmailAuth(null);
      if (outcome.kind === 'error') {
        setView({ status: 'error', message: outcome.message });
        return;
      }
      let { connection } = outcome.result;
      // 'Change Email' started this flow: the new mailbox is the one to send from (it is connected either way)
      if (pending?.makeDefault && !connection.isDefault)
        connection = await makeDefaultEmailConnection(api, connection.id).catch(() => connection);
      writeEmailAuthCompleted({
        provider: connection.provider,
        email: connection.email,
        connectionId: connection.id,
        timestamp: Date.now(),
      });
      setLastAuthenticatedEmail(connection.email);
      emailConnectionChannel.broadcast({
        type: 'connection_changed',
        connectionId: connection.id,
        email: connection.email,
      });
      raiseWindowEvent('email-connection-added', {
        id: connection.id,
        email: connection.email,
        provider: connection.provider,
      });
      void revalidateEmailConnections(mutate);
      setView({
        status: 'success',
        message: i18n.t('emailConnection:gmailReceiver.success', { email: connection.email }),
      });
      redirect = setTimeout(
        () => navigate(outcome.returnPath, { replace: true }),
        emailConnectionTimings.gmailRedirectMs,
      );
    });
    return () => clearTimeout(redirect);
  }, [params, api, mutate, navigate]);

  return (
    <ReceiverCard title={t('gmailReceiver.title')} status={view.status} message={view.message}>
      {view.status === 'error' ? (
        <Button type="primary" onClick={() => navigate(publicPaths.home)}>
          {t('gmailReceiver.returnToApp')}
        </Button>
      ) : null}
    </ReceiverCard>
  );
};
