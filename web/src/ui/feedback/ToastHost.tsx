import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { toastDefaults } from '../toast/toastDefaults';

export type ToastApis = { notification: NotificationInstance; message: MessageInstance };

/**
 * antd's toasts (notification, SPEC §9 defaults) and messages, mounted inside the app's theme. Its chunk is loaded on
 * the first toast (AppFeedbackProvider), so a page that shows none never downloads antd's notification code.
 */
export const ToastHost = ({ onReady }: { onReady: (apis: ToastApis) => void }) => {
  const [notificationApi, notificationHolder] = notification.useNotification(toastDefaults);
  const [messageApi, messageHolder] = message.useMessage();
  useEffect(
    () => onReady({ notification: notificationApi, message: messageApi }),
    [onReady, notificationApi, messageApi],
  );
  return (
    <>
      {notificationHolder}
      {messageHolder}
    </>
  );
};
