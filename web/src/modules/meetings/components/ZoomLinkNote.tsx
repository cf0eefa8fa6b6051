import { Alert } from 'antd';
import { useZoomConnection } from '@/modules/zoom/hooks/useZoomConnection';
import { useTranslation } from 'react-i18next';

/** Whether a meeting booked now gets a Zoom link: yes with Zoom connected; otherwise how to get one. */
export const ZoomLinkNote = () => {
  const { t } = useTranslation('meetings');
  const { connection, isLoading } = useZoomConnection();
  if (isLoading && !connection) return <Alert type="info" showIcon title={t('zoom.checking')} />;
  if (connection?.connected) return <Alert type="success" showIcon title={t('zoom.willBeCreated')} />;
  return <Alert type="info" showIcon title={t(connection?.refreshError ? 'zoom.expired' : 'zoom.notConnected')} />;
};
