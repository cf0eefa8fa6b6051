import {
  CalendarOutlined,
  CarryOutOutlined,
  ClockCircleOutlined,
  MessageOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { Tag } from '@/ui/Tag';
import { Text } from '@/ui/text/Text';
import type { Notification } from '@shared/schemas/conversations';
import { useTranslation } from 'react-i18next';
import { formatRecentTime } from '@/lib/formatDate';
import { classificationColors, classificationLabel } from '@/modules/conversations/utils/conversationLabels';

/** a meeting's start as the interface's language writes a time */
const timeOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

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
export const NotificationItem = ({ notification, now, onOpen, onBookMeeting, onReply }: NotificationItemProps) => {
  const { t, i18n } = useTranslation('notifications');
  const { reminder, rsvp, contact } = notification;
  const said = reminder
    ? t(contact.name ? 'meetingReminder' : 'meetingReminderNoName', {
        title: reminder.title,
        name: contact.name,
        time: timeOf(reminder.startTime, i18n.language),
      })
    : rsvp
      ? t(`rsvp.${rsvp.answer}`, { name: contact.name, title: rsvp.title })
      : t('replyReceived', { name: contact.name, email: contact.email });
  return (
    <li className="notification-panel__entry">
      <button
        type="button"
        className={`notification-item${notification.read ? '' : ' notification-item--unread'}`}
        onClick={() => onOpen(notification)}
      >
        <span className="notification-item__icon" aria-hidden="true">
          {notification.reminder ? (
            <ClockCircleOutlined />
          ) : notification.rsvp ? (
            <CarryOutOutlined />
          ) : (
            <MessageOutlined />
          )}
        </span>
        <span className="notification-item__body">
          <Text>{said}</Text>
          {notification.classification && !rsvp && !reminder ? (
            <span data-testid="notification-label" data-classification={notification.classification}>
              <Tag color={classificationColors[notification.classification]}>
                {classificationLabel(notification.classification)}
              </Tag>
            </span>
          ) : null}
          <Text type="secondary" className="notification-item__time">
            <time dateTime={notification.timestamp}>
              {formatRecentTime(notification.timestamp, i18n.language, now)}
            </time>
          </Text>
        </span>
        {notification.read ? null : <span className="notification-item__dot" role="img" aria-label={t('unreadDot')} />}
      </button>
      {notification.contactId && !notification.rsvp && !notification.reminder ? (
        <span className="notification-item__actions">
          <Button
            type="link"
            size="small"
            icon={<RollbackOutlined />}
            className="notification-item__reply"
            aria-label={t('replyTo', { name: contact.name })}
            onClick={() => onReply(notification)}
          >
            {t('reply')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<CalendarOutlined />}
            className="notification-item__book"
            aria-label={t('meetings:book.buttonWith', { name: notification.contact.name })}
            onClick={() => onBookMeeting(notification)}
          >
            {t('meetings:book.button')}
          </Button>
        </span>
      ) : null}
    </li>
  );
};
