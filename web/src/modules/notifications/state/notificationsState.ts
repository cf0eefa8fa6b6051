import { proxy } from 'valtio';

/** SPEC §9: the panel keeps the newest 30. */
export const maxNotifications = 30;

/** SPEC §2: a reply to one of the user's e-mails (the only notification the spec shows). */
export type AppNotification = {
  id: string;
  type: 'reply_received';
  contactName: string;
  contactEmail: string;
  /** ISO 8601 */
  timestamp: string;
  read: boolean;
  conversationId?: string;
};

export type NotificationsState = {
  /** newest first */
  items: AppNotification[];
};

export const notificationsState = proxy<NotificationsState>({ items: [] });

const newestFirst = (a: AppNotification, b: AppNotification) => Date.parse(b.timestamp) - Date.parse(a.timestamp);

/** SPEC §9: unique ids (a notification seen twice is kept once), sorted by timestamp, the newest 30 kept. */
export const addNotification = (notification: AppNotification) => {
  if (notificationsState.items.some((item) => item.id === notification.id)) return;
  notificationsState.items = [...notificationsState.items, notification].sort(newestFirst).slice(0, maxNotifications);
};

export const markNotificationRead = (id: string) => {
  const item = notificationsState.items.find((candidate) => candidate.id === id);
  if (item) item.read = true;
};

export const markAllNotificationsRead = () => {
  for (const item of notificationsState.items) item.read = true;
};

export const unreadCount = (items: readonly Pick<AppNotification, 'read'>[]) =>
  items.filter((item) => !item.read).length;

/** On sign-out: the notifications belong to the person leaving. */
export const resetNotifications = () => {
  notificationsState.items = [];
};
