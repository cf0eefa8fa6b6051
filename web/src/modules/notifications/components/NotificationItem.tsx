import { MessageOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { Notification } from '@shared/schemas/conversations';
import { notificationsMessages as text } from '../notificationsMessages';
import { formatRelativeTime } from '../utils/formatRelativeTime';

export type NotificationItemProps = {
  notification: Notification;
  now: number;
  onOpen: (notification: Notification) => void;
};

/** One row of the panel: 'Received a reply from {name} ({email})', how long ago, and a dot while unread. */
export const NotificationItem = ({ notification, now, onOpen }: NotificationItemProps) => (
  <li>
    <button
      type="button"
      className={`notification-item${notification.read ? '' : ' notification-item--unread'}`}
      onClick={() => onOpen(notification)}
    >
      <span className="notification-item__icon" aria-hidden="true">
        <MessageOutlined />
      </span>
      <span className="notification-item__body">
        <Typography.Text>{text.replyReceived(notification.contact.name, notification.contact.email)}</Typography.Text>
        <Typography.Text type="secondary" className="notification-item__time">
          <time dateTime={notification.timestamp}>{formatRelativeTime(notification.timestamp, now)}</time>
        </Typography.Text>
      </span>
      {notification.read ? null : <span className="notification-item__dot" role="img" aria-label="Unread" />}
    </button>
  </li>
);
