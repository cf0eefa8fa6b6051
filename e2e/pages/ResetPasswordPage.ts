import { expect, type Page } from '@playwright/test';

/** /resetPassword (SPEC §2 'Password reset form'): the e-mail, then the e-mailed code and a new password. */
export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: 'Reset Password' });
  readonly errorAlert = () => this.page.getByRole('alert');
  readonly emailField = () => this.page.getByLabel('E-mail');

  async expectOpen() {
    await expect(this.heading()).toBeVisible();
    await expect(this.page.getByText('Enter your email to receive a password reset link')).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  }

  async requestCode(email: string) {
    await this.emailField().fill(email);
    await this.page.getByRole('button', { name: 'Send reset code' }).click();
  }

  async setNewPassword(code: string, password: string) {
    await this.page.getByLabel('Code').fill(code);
    await this.page.getByLabel('New password').fill(password);
    await this.page.getByRole('button', { name: 'Set new password' }).click();
  }
}
