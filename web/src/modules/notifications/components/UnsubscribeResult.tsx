import { Button, Result, Spin } from 'antd';
import useSWR from 'swr';
import { useNavigate } from 'react-router-dom';
import type { Unsubscribed } from '@shared/schemas/notifications';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { settingsPaths } from '@/lib/paths';
import { useTranslation } from 'react-i18next';

export type UnsubscribeResultProps = { token: string };

/**
 * What a person sees after following an e-mail's unsubscribe link: the setting it names turned off (RFC 8058 keeps
 * the link's GET from changing anything, so the page posts the token once), or why the link did not work.
 */
export const UnsubscribeResult = ({ token }: UnsubscribeResultProps) => {
  const { t } = useTranslation('notifications');
  const api = useApiClient();
  const navigate = useNavigate();
  const { data, error } = useSWR<Unsubscribed, ApiError>(
    ['unsubscribe', token],
    () => api.request('POST /api/notification-emails/unsubscribe', { query: { token } }),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  const toSettings = (
    <Button type="primary" key="settings" onClick={() => void navigate(settingsPaths.accountSettings)}>
      {t('unsubscribe.backToSettings')}
    </Button>
  );
  if (error)
    return <Result status="warning" title={t('unsubscribe.failed')} subTitle={error.message} extra={toSettings} />;
  if (!data) return <Spin tip={t('unsubscribe.working')} />;
  return (
    <Result
      status="success"
      title={t(`unsubscribe.done.${data.setting}`)}
      subTitle={t('unsubscribe.doneDetail')}
      extra={toSettings}
    />
  );
};
