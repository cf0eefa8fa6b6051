import { BellOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import { CountBadge } from '@/ui/CountBadge';
import { EmptyState } from '@/ui/EmptyState';
import { useNow } from '../hooks/useNow';
import { notificationsMessages as text } from '../notificationsMessages';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationsState,
  unreadCount,
} from '../state/notificationsState';
import { NotificationItem } from './NotificationItem';
import './NotificationBell.css';

/** SPEC §2 'Notification panel': the header bell with the unread count, and the panel it opens. */
export const NotificationBell = () => {
  const { items } = useSnapshot(notificationsState);
  const unread = unreadCount(items);
  const now = useNow();

  const title = (
    <div className="notification-panel__header">
      <div className="notification-panel__title">
        <span>{text.title}</span>
        <Typography.Text type="secondary" className="notification-panel__unread" data-testid="notifications-unread">
          {unread} unread
        </Typography.Text>
      </div>
      <Button
        type="link"
        size="small"
        onClick={markAllNotificationsRead}
        disabled={unread === 0}
        className="notification-panel__mark-all"
      >
        {text.markAllRead}
      </Button>
    </div>
  );

  const content = (
    <div className="notification-panel">
      {items.length === 0 ? (
        <EmptyState compact icon={<BellOutlined />} title={text.emptyTitle} description={text.emptyDescription} />
      ) : (
        <ul className="notification-panel__list" aria-label={text.title}>
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              onOpen={markNotificationRead}
            />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={title} content={content}>
      <Button
        type="text"
        shape="circle"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="notification-bell"
        icon={
          <CountBadge count={unread}>
            <BellOutlined className="notification-bell__icon" />
          </CountBadge>
        }
      />
    </Popover>
  );
};
