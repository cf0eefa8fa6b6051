import { Card, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { setLanguage } from '@/i18n/language';
import { UnsubscribeResult } from '@/modules/notifications/components/UnsubscribeResult';
import './UnsubscribePage.css';

/**
 * /unsubscribe?token=...&lang=...: where a notification e-mail's unsubscribe link brings a person (DESIGN §9). The
 * link's redirect names the language the e-mail was written in, so the page speaks it to a signed-out person too.
 */
export const UnsubscribePage = () => {
  const { t } = useTranslation('notifications');
  const [params] = useSearchParams();
  const token = params.get('token');
  const language = params.get('lang');
  useEffect(() => {
    // not stored: the e-mail's language is the account's, which may not be this browser's person
    if (language) setLanguage(language).catch(() => undefined);
  }, [language]);
  return (
    <main className="unsubscribe-page">
      <title>{`${t('unsubscribe.pageTitle')} · Outreach`}</title>
      <Card>
        {token ? <UnsubscribeResult token={token} /> : <Result status="warning" title={t('unsubscribe.failed')} />}
      </Card>
    </main>
  );
};
