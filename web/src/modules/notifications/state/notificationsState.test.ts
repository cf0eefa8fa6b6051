import { beforeEach, describe, expect, it } from 'vitest';
import {
  addNotification,
  markAllNotificationsRead,
  markNotificationRead,
  maxNotifications,
  notificationsState,
  resetNotifications,
  unreadCount,
  type AppNotification,
} from './notificationsState';

const reply = (id: string, minute: number, read = false): AppNotification => ({
  id,
  type: 'reply_received',
  contactName: `Contact ${id}`,
  contactEmail: `${id}@example.com`,
  timestamp: new Date(Date.UTC(2025, 5, 1, 12, minute)).toISOString(),
  read,
});

beforeEach(() => resetNotifications());

describe('notificationsState', () => {
  it('starts empty', () => {
    expect(notificationsState.items).toEqual([]);
  });

  it('keeps notifications newest first, whatever order they arrive in', () => {
    addNotification(reply('b', 2));
    addNotification(reply('c', 3));
    addNotification(reply('a', 1));
    expect(notificationsState.items.map((item) => item.id)).toEqual(['c', 'b', 'a']);
  });

  it('keeps one notification per id', () => {
    addNotification(reply('a', 1));
    addNotification({ ...reply('a', 5), contactName: 'Someone else' });
    expect(notificationsState.items).toHaveLength(1);
    expect(notificationsState.items[0]?.contactName).toBe('Contact a');
  });

  it('keeps only the newest 30', () => {
    for (let minute = 0; minute < 35; minute += 1) addNotification(reply(`n${minute}`, minute));
    expect(notificationsState.items).toHaveLength(maxNotifications);
    expect(notificationsState.items[0]?.id).toBe('n34');
    expect(notificationsState.items.at(-1)?.id).toBe('n5');
    // one older than all 30 kept does not push a newer one out
    addNotification(reply('old', 0));
    expect(notificationsState.items.some((item) => item.id === 'old')).toBe(false);
  });

  it('counts unread notifications and marks them read', () => {
    addNotification(reply('a', 1));
    addNotification(reply('b', 2));
    addNotification(reply('c', 3, true));
    expect(unreadCount(notificationsState.items)).toBe(2);
    markNotificationRead('a');
    expect(unreadCount(notificationsState.items)).toBe(1);
    markAllNotificationsRead();
    expect(unreadCount(notificationsState.items)).toBe(0);
  });
});
