import { expect, type Download, type Page } from '@playwright/test';
import { openPopconfirm } from '../fixtures/popups';
import { openOptions, pickOption } from './selectOption';
import { toast } from './toast';

export type SettingsSwitch =
  | 'E-mail notifications'
  | 'Reminder notifications'
  | 'Include résumé'
  | 'Automatic follow-up';
export type ThemeOption = 'Light' | 'Dark' | 'System';
export type SettingsSelect = 'Time zone' | 'Language' | 'Meeting duration' | 'Follow-up delay' | 'Follow-up time';
export type MailProviderName = 'Gmail' | 'Outlook';

/** /accountSettings: account, profile and app settings (saved as they change), and "Your data". */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Settings' });
  readonly switch = (name: SettingsSwitch) => this.page.getByRole('switch', { name, exact: true });
  readonly select = (name: SettingsSelect) => this.page.getByRole('combobox', { name, exact: true });
  /** the shown value of a select */
  readonly selected = (name: SettingsSelect) =>
    this.page
      .locator('.ant-select')
      .filter({ has: this.select(name) })
      .locator('.ant-select-content');
  readonly theme = (option: ThemeOption) =>
    this.page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: option });
  readonly loadFailed = () => this.page.getByTestId('settings-load-failed');
  readonly toast = (text: string) => toast(this.page, text);

  /** The Mailboxes section: the person's connected mailboxes, the default first. */
  readonly mailboxes = () => this.page.getByTestId('settings-mailboxes');
  readonly mailboxList = () => this.mailboxes().getByRole('list', { name: 'Mailboxes' });
  /** the row of one mailbox, by its address */
  readonly mailbox = (email: string) =>
    this.mailboxList()
      .getByRole('listitem')
      .filter({ has: this.page.getByText(email, { exact: true }) });
  readonly mailboxesEmpty = () => this.mailboxes().getByTestId('mailboxes-empty');
  readonly connectMailboxButton = (provider: MailProviderName) =>
    this.mailboxes()
      .getByRole('button', { name: `Connect ${provider}` })
      .first();
  readonly mailboxAction = (email: string, action: 'Make default' | 'Reconnect' | 'Disconnect') =>
    this.mailbox(email).getByRole('button', { name: action });

  /** A mailbox row as the person reads it: provider, whether it is the default, connected or expired. */
  async expectMailbox(
    email: string,
    expected: { provider: MailProviderName; isDefault: boolean; status: 'connected' | 'expired' },
  ) {
    const row = this.mailbox(email);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('mailbox-provider')).toHaveText(expected.provider);
    const defaultTag = row.getByText('Default', { exact: true });
    if (expected.isDefault) await expect(defaultTag).toBeVisible();
    else await expect(defaultTag).toHaveCount(0);
    if (expected.status === 'expired') {
      await expect(row.getByText('Email Authentication Expired')).toBeVisible();
      await expect(
        row.getByText('Your email connection has expired. Please reconnect to continue sending emails.'),
      ).toBeVisible();
      await expect(this.mailboxAction(email, 'Reconnect')).toBeVisible();
    } else {
      await expect(row.getByText('Email Authentication Expired')).toHaveCount(0);
      await expect(row.getByText('Connected', { exact: true })).toBeVisible();
      await expect(this.mailboxAction(email, 'Reconnect')).toHaveCount(0);
    }
    await expect(this.mailboxAction(email, 'Make default')).toHaveCount(expected.isDefault ? 0 : 1);
  }

  /** The addresses listed, in their order (the default first). */
  readonly mailboxAddresses = () => this.mailboxList().getByTestId('mailbox-email').allTextContents();

  /** Makes a mailbox the default; resolves once the server has answered. */
  async makeDefault(email: string) {
    const answered = this.page.waitForResponse(
      (response) =>
        /\/api\/email-connections\/[^/]+\/default$/.test(response.url()) && response.request().method() === 'POST',
    );
    await this.mailboxAction(email, 'Make default').click();
    return answered;
  }

  /** Disconnects a mailbox through its confirmation; resolves once the server has answered. */
  async disconnect(email: string) {
    await this.mailboxAction(email, 'Disconnect').click();
    const confirmation = await openPopconfirm(this.page);
    await expect(confirmation).toContainText(email);
    const answered = this.page.waitForResponse(
      (response) => /\/api\/email-connections\/[^/]+$/.test(response.url()) && response.request().method() === 'DELETE',
    );
    await confirmation.getByRole('button', { name: 'Disconnect' }).click();
    return answered;
  }

  async goto() {
    await this.page.goto('/accountSettings');
    // a full load of the app from the dev server, as SignInPage.goto allows
    await expect(this.heading()).toBeVisible({ timeout: 30_000 });
    await expect(this.switch('E-mail notifications')).toBeEnabled();
  }

  /**
   * Resolves once the PUT of settings that the action caused has been answered, within 15 s: a change the page did
   * not take sends none, and fails here rather than at the journey's time limit.
   */
  async saving(action: () => Promise<void>) {
    const put = this.page.waitForResponse(
      (response) => response.url().endsWith('/api/profiles/settings') && response.request().method() === 'PUT',
      { timeout: 15_000 },
    );
    await action();
    return put;
  }

  async toggle(name: SettingsSwitch) {
    return this.saving(() => this.switch(name).click());
  }

  /** Picks a theme; resolves once the server has saved it. */
  async chooseTheme(option: ThemeOption) {
    return this.saving(() =>
      this.page.getByRole('radiogroup', { name: 'Theme' }).getByText(option, { exact: true }).click(),
    );
  }

  /** Opens a select, types to search where it can, and picks the option labelled `option`. */
  async choose(name: SettingsSelect, option: string, search?: string) {
    return this.saving(async () => {
      await this.select(name).click();
      if (search) await this.select(name).fill(search);
      await pickOption(openOptions(this.page).filter({ hasText: option }).first());
    });
  }

  async exportData(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export my data' }).click();
    return download;
  }

  /** Opens the delete dialog, checks its button waits for DELETE, then deletes. */
  async deleteAccount() {
    await this.page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm.').fill('delete');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm.').fill('DELETE');
    await expect(confirm).toBeEnabled();
    return dialog;
  }
}
