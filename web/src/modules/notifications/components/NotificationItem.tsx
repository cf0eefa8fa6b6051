import { CalendarOutlined, CarryOutOutlined, MessageOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Text } from '@/ui/text/Text';
import type { Notification } from '@shared/schemas/conversations';
import { bookMeetingMessages } from '@/modules/meetings/bookMeetingMessages';
import { notificationsMessages as text } from '../notificationsMessages';
import { formatRecentTime } from '@/lib/formatDate';

export type NotificationItemProps = {
  notification: Notification;
  now: number;
  onOpen: (notification: Notification) => void;
  /** books a meeting with the contact who replied */
  onBookMeeting: (notification: Notification) => void;
  /** answers the reply: the contact's conversation with the reply composer open (DESIGN §9) */
  onReply: (notification: Notification) => void;
};

/**
 * One row of the panel: 'Received a reply from {name} ({email})' (or the contact's answer to an invitation: '{name}
 * accepted: {title}'), how long ago, and a dot while unread.
 */
export const NotificationItem = ({ notification, now, onOpen, onBookMeeting, onReply }: NotificationItemProps) => (
  <li className="notification-panel__entry">
    <button
      type="button"
      className={`notification-item${notification.read ? '' : ' notification-item--unread'}`}
      onClick={() => onOpen(notification)}
    >
      <span className="notification-item__icon" aria-hidden="true">
        {notification.rsvp ? <CarryOutOutlined /> : <MessageOutlined />}
      </span>
      <span className="notification-item__body">
        <Text>
          {notification.rsvp
            ? text.rsvpReceived(notification.contact.name, notification.rsvp.answer, notification.rsvp.title)
            : text.replyReceived(notification.contact.name, notification.contact.email)}
        </Text>
        <Text type="secondary" className="notification-item__time">
          <time dateTime={notification.timestamp}>{formatRecentTime(notification.timestamp, now)}</time>
        </Text>
      </span>
      {notification.read ? null : <span className="notification-item__dot" role="img" aria-label="Unread" />}
    </button>
    {notification.contactId && !notification.rsvp ? (
      <span className="notification-item__actions">
        <Button
          type="link"
          size="small"
          icon={<RollbackOutlined />}
          className="notification-item__reply"
          aria-label={text.replyTo(notification.contact.name)}
          onClick={() => onReply(notification)}
        >
          {text.reply}
        </Button>
        <Button
          type="link"
          size="small"
          icon={<CalendarOutlined />}
          className="notification-item__book"
          aria-label={bookMeetingMessages.bookMeetingWith(notification.contact.name)}
          onClick={() => onBookMeeting(notification)}
        >
          {bookMeetingMessages.bookMeeting}
        </Button>
      </span>
    ) : null}
  </li>
);
