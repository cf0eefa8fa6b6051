import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { PopoverButton } from '@/ui/PopoverButton';
import { Text } from '@/ui/text/Text';
import { lazy, useState } from 'react';
import type { Notification } from '@shared/schemas/conversations';
import { useNow } from '@/lib/useNow';
import { ContactDrawerSlot } from '@/modules/contacts/components/ContactDrawerSlot';
import type { PickedContact } from '@/modules/meetings/components/ContactPicker';
import { LazyBookMeetingModal } from '@/modules/meetings/components/LazyBookMeetingModal';
import { CountBadge } from '@/ui/CountBadge';
import { EmptyState } from '@/ui/EmptyState';
import { useToast } from '@/ui/toast/useToast';
import { useNotifications } from '../hooks/useNotifications';
import { useTranslation } from 'react-i18next';
import type { ReadNotifications } from '../api/notificationsApi';
import './NotificationBell.css';

// the panel's rows (with their icons and relative times) arrive with the panel, at the bell's first click
const NotificationItem = lazy(async () => ({ default: (await import('./NotificationItem')).NotificationItem }));

/**
 * SPEC §2 'Notification panel': the header bell with the unread count, and the panel it opens. The list and its read
 * state live on the server; opening a notification marks it read and opens the contact (the drawer shows the
 * conversation).
 */
export const NotificationBell = () => {
  const { t } = useTranslation('notifications');
  const { list, markRead, mutate } = useNotifications();
  const { notifications, unreadCount: unread } = list;
  const toast = useToast();
  const now = useNow();
  const [open, setOpen] = useState(false);
  // the contact whose drawer is open, and whether with the reply composer (a notification's Reply)
  const [opened, setOpened] = useState<{ contactId: string; reply: boolean } | null>(null);
  // the contact stays while the booking modal animates closed
  const [booking, setBooking] = useState<{ open: boolean; contact: PickedContact | null }>({
    open: false,
    contact: null,
  });

  const store = async (body: ReadNotifications) => {
    try {
      await markRead(body);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const handleOpen = (notification: Notification) => {
    setOpen(false);
    if (notification.contactId) setOpened({ contactId: notification.contactId, reply: false });
    if (!notification.read) void store({ ids: [notification.id] });
  };

  const handleReply = (notification: Notification) => {
    if (!notification.contactId) return;
    setOpen(false);
    setOpened({ contactId: notification.contactId, reply: true });
    if (!notification.read) void store({ ids: [notification.id] });
  };

  const handleBookMeeting = (notification: Notification) => {
    if (!notification.contactId) return;
    setOpen(false);
    setBooking({ open: true, contact: { id: notification.contactId, name: notification.contact.name } });
  };

  const title = (
    <div className="notification-panel__header">
      <div className="notification-panel__title">
        <span>{t('title')}</span>
        <Text type="secondary" className="notification-panel__unread" data-testid="notifications-unread">
          {t('unread', { count: unread })}
        </Text>
      </div>
      <Button
        type="link"
        size="small"
        onClick={() => void store({ all: true })}
        disabled={unread === 0}
        className="notification-panel__mark-all"
      >
        {t('markAllRead')}
      </Button>
    </div>
  );

  const content = (
    <div className="notification-panel">
      {notifications.length === 0 ? (
        <EmptyState compact icon={<BellOutlined />} title={t('emptyTitle')} description={t('emptyDescription')} />
      ) : (
        <ul className="notification-panel__list" aria-label={t('title')}>
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              onOpen={handleOpen}
              onBookMeeting={handleBookMeeting}
              onReply={handleReply}
            />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <>
      <PopoverButton placement="bottomRight" title={title} content={content} open={open} onOpenChange={setOpen}>
        <Button
          type="text"
          shape="circle"
          aria-label={unread > 0 ? t('bellLabelUnread', { count: unread }) : t('bellLabel')}
          className="notification-bell"
          icon={
            <CountBadge count={unread}>
              <BellOutlined className="notification-bell__icon" />
            </CountBadge>
          }
        />
      </PopoverButton>
      <ContactDrawerSlot
        contactId={opened?.contactId ?? null}
        startReply={opened?.reply ?? false}
        onClose={() => setOpened(null)}
        onChanged={() => void mutate()}
      />
      <LazyBookMeetingModal
        open={booking.open}
        contact={booking.contact}
        onClose={() => setBooking((current) => ({ ...current, open: false }))}
      />
    </>
  );
};
