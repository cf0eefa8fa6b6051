import { expect, type Page } from '@playwright/test';
import { arrived } from '../fixtures/popups';

/** SPEC §2 'Notification panel': the header's bell (its name tells the unread count) and the panel it opens. */
export class NotificationPanel {
  constructor(private readonly page: Page) {}

  readonly bell = () => this.page.getByRole('button', { name: /^Notifications/ });
  readonly panel = () =>
    this.page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: 'Notifications' });
  /** the 'N unread' beside the panel's title */
  readonly unread = () => this.panel().getByTestId('notifications-unread');
  readonly items = () => this.panel().getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  readonly item = (text: string) => this.items().filter({ hasText: text });
  readonly markAllRead = () => this.panel().getByRole('button', { name: 'Mark all as read' });

  /** The bell as a screen reader announces it: 'Notifications, N unread', or 'Notifications' with none unread. */
  async expectUnread(count: number, options?: { timeout?: number }) {
    await expect(this.bell()).toHaveAccessibleName(
      count > 0 ? `Notifications, ${count} unread` : 'Notifications',
      options,
    );
  }

  async open() {
    await this.bell().click();
    await arrived(this.panel());
  }
}
