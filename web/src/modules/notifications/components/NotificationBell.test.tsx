// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { addNotification, notificationsState, resetNotifications } from '../state/notificationsState';
import { NotificationBell } from './NotificationBell';

const { container, render } = mountPerTest();

const bell = () => container().querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]')!;
const panel = () => document.querySelector('.ant-popover');
const panelButton = (name: string) => buttonIn('.ant-popover', name);

beforeEach(() => {
  resetNotifications();
});

describe('NotificationBell', () => {
  it('shows the empty state when there is nothing', async () => {
    await render(<NotificationBell />);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await act(async () => bell().click());
    expect(panel()?.textContent).toContain('No notifications');
    expect(panel()?.textContent).toContain("You're all caught up! New notifications will appear here.");
    expect(panelButton('Mark all as read')?.disabled).toBe(true);
  });

  it('lists replies with how long ago they came, counts the unread and marks them all read', async () => {
    addNotification({
      id: 'n1',
      type: 'reply_received',
      contactName: 'Grace Hopper',
      contactEmail: 'grace@example.com',
      timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
      read: false,
    });
    addNotification({
      id: 'n2',
      type: 'reply_received',
      contactName: 'Alan Turing',
      contactEmail: 'alan@example.com',
      timestamp: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
      read: true,
    });
    await render(<NotificationBell />);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(bell().querySelector('.count-badge__count')?.textContent).toBe('1');
    await act(async () => bell().click());
    const items = [...document.querySelectorAll('.ant-popover li')].map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringContaining('Received a reply from Grace Hopper (grace@example.com)5m ago'),
      expect.stringContaining('Received a reply from Alan Turing (alan@example.com)3h ago'),
    ]);
    expect(panel()?.textContent).toContain('1 unread');

    await act(async () => panelButton('Mark all as read')!.click());
    expect(notificationsState.items.every((item) => item.read)).toBe(true);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(bell().querySelector('.count-badge__count')).toBeNull();
  });
});
