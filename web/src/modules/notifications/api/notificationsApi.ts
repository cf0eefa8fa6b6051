import type { RouteBody } from '@shared/routes';
import type { Notification } from '@shared/schemas/conversations';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

export type NotificationList = { notifications: Notification[]; unreadCount: number };
export type ReadNotifications = RouteBody<'POST /api/notifications/read'>;

/** The SWR key of the panel's list (the route's name, as the live channel's staleKeys expects). */
export const notificationsKey = 'GET /api/notifications';

/** SPEC §9: the newest 30, newest first, and how many of the user's notifications are unread. */
export const listNotifications = (api: Api, signal?: AbortSignal): Promise<NotificationList> =>
  api.request('GET /api/notifications', { signal });

/** Stores read state server-side: `{ids}` for the ones opened, `{all: true}` for 'Mark all as read'. */
export const readNotifications = (api: Api, body: ReadNotifications) =>
  api.request('POST /api/notifications/read', { body });

/** The list as it reads once `body` is stored: what the panel shows before the server answers. */
export const withRead = (list: NotificationList, body: ReadNotifications): NotificationList => {
  const marked = (notification: Notification) => 'all' in body || body.ids.includes(notification.id);
  const newlyRead = list.notifications.filter((notification) => !notification.read && marked(notification)).length;
  return {
    notifications: list.notifications.map((notification) =>
      marked(notification) ? { ...notification, read: true } : notification,
    ),
    unreadCount: 'all' in body ? 0 : Math.max(0, list.unreadCount - newlyRead),
  };
};
