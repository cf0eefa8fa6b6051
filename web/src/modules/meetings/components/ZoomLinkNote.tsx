import { Alert } from 'antd';
import { useZoomConnection } from '@/modules/zoom/hooks/useZoomConnection';
import { meetingsMessages as text } from '../meetingsMessages';

/** Whether a meeting booked now gets a Zoom link: yes with Zoom connected; otherwise how to get one. */
export const ZoomLinkNote = () => {
  const { connection, isLoading } = useZoomConnection();
  if (isLoading && !connection) return <Alert type="info" showIcon title={text.zoomChecking} />;
  if (connection?.connected) return <Alert type="success" showIcon title={text.zoomWillBeCreated} />;
  return <Alert type="info" showIcon title={connection?.refreshError ? text.zoomExpired : text.zoomNotConnected} />;
};
