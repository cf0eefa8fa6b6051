import { expect, type Download, type Page } from '@playwright/test';

export type SettingsSwitch =
  | 'E-mail notifications'
  | 'Reminder notifications'
  | 'Include résumé'
  | 'Automatic follow-up';
export type ThemeOption = 'Light' | 'Dark' | 'System';
export type SettingsSelect = 'Time zone' | 'Language' | 'Meeting duration' | 'Follow-up delay' | 'Follow-up time';

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
  readonly toast = (text: string) => this.page.locator('.ant-notification-notice').filter({ hasText: text }).last();

  async goto() {
    await this.page.goto('/accountSettings');
    await expect(this.heading()).toBeVisible();
    await expect(this.switch('E-mail notifications')).toBeEnabled();
  }

  /** Resolves once the PUT of settings that the action caused has been answered. */
  private async saving(action: () => Promise<void>) {
    const put = this.page.waitForResponse(
      (response) => response.url().endsWith('/api/profiles/settings') && response.request().method() === 'PUT',
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
      await this.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: option })
        .first()
        .click();
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
