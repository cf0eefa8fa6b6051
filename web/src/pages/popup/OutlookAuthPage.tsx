import { Button } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  outlookAuthCodeMessage,
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
  const { t } = useTranslation('emailConnection');
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

  const view: { status: ReceiverStatus; message: ReactNode } =
    outcome.kind === 'success'
      ? { status: 'success', message: t('outlookReceiver.success') }
      : outcome.kind === 'error'
        ? {
            status: 'error',
            message: (
              <>
                {/* SPEC §8 'Outlook receiver': above the provider's own words when it sends an error back */}
                {t('outlookReceiver.failed')}
                <br />
                {outcome.description
                  ? t('outlookReceiver.errorWithDescription', {
                      error: outcome.error,
                      description: outcome.description,
                    })
                  : t('outlookReceiver.error', { error: outcome.error })}
              </>
            ),
          }
        : outcome.kind === 'missing'
          ? { status: 'error', message: t('outlookReceiver.missing') }
          : { status: 'info', message: t('outlookReceiver.notPopup') };

  return (
    <ReceiverCard title={t('outlookReceiver.title')} status={view.status} message={view.message}>
      {outcome.kind === 'error' ? (
        <Button type="primary" onClick={handleTryAgain}>
          {t('common:tryAgain')}
        </Button>
      ) : null}
      <Button onClick={handleClose}>{t('outlookReceiver.closeWindow')}</Button>
    </ReceiverCard>
  );
};
