import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  outlookAuthCodeMessage,
  outlookAuthMessages as text,
  outlookAuthOutcome,
  outlookReceiverCloseDelayMs,
  type OutlookAuthRetryMessage,
} from '@/modules/emailConnection/utils/outlookAuthMessages';
import { ReceiverCard, type ReceiverStatus } from '@/ui/ReceiverCard';

const openerWindow = () => (window.opener as Window | null) ?? null;

/**
 * /outlook-auth (SPEC §2 'Outlook receiver page'): where Microsoft sends the popup back. It hands the redirect's
 * parameters to the window that opened it, then closes itself after a success.
 */
export const OutlookAuthPage = () => {
  const [params] = useSearchParams();
  const outcome = outlookAuthOutcome(params, openerWindow() !== null);
  const posted = useRef(false);

  useEffect(() => {
    const opener = openerWindow();
    // once per page load, even when React runs the effect twice
    if (!opener || posted.current) return;
    posted.current = true;
    opener.postMessage(outlookAuthCodeMessage(params), window.location.origin);
  }, [params]);

  useEffect(() => {
    if (outcome.kind !== 'success') return;
    const timer = window.setTimeout(() => window.close(), outlookReceiverCloseDelayMs);
    return () => window.clearTimeout(timer);
  }, [outcome.kind]);

  // the opener answers a retry by sending this same window to a new authorization URL (utils/outlookPopupFlow.ts)
  const handleTryAgain = () => {
    const retry: OutlookAuthRetryMessage = { type: 'outlook-auth-retry', timestamp: Date.now() };
    openerWindow()?.postMessage(retry, window.location.origin);
  };

  const handleClose = () => window.close();

  const view: { status: ReceiverStatus; message: string } =
    outcome.kind === 'success'
      ? { status: 'success', message: text.success }
      : outcome.kind === 'error'
        ? { status: 'error', message: text.error(outcome.error, outcome.description) }
        : outcome.kind === 'missing'
          ? { status: 'error', message: text.missing }
          : { status: 'info', message: text.notPopup };

  return (
    <ReceiverCard title={text.title} status={view.status} message={view.message}>
      {outcome.kind === 'error' ? (
        <Button type="primary" onClick={handleTryAgain}>
          {text.tryAgain}
        </Button>
      ) : null}
      <Button onClick={handleClose}>{text.closeWindow}</Button>
    </ReceiverCard>
  );
};
