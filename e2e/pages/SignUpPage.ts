import { expect, type Page } from '@playwright/test';
import type { TestUser } from '../fixtures/users';

/** /signup: name, e-mail, password; a referral link adds `?ref=CODE`. */
export class SignUpPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: 'Create your account' });
  readonly errorAlert = () => this.page.getByRole('alert');

  async goto({ referralCode }: { referralCode?: string } = {}) {
    await this.page.goto(referralCode ? `/signup?ref=${encodeURIComponent(referralCode)}` : '/signup');
    await expect(this.heading()).toBeVisible();
  }

  async fill(user: Pick<TestUser, 'name' | 'email' | 'password'>) {
    await this.page.getByLabel('Name').fill(user.name);
    await this.page.getByLabel('E-mail').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
  }

  /** Submits the form; resolves with the body of the sync-user call that follows a successful sign-up. */
  async signUp(user: Pick<TestUser, 'name' | 'email' | 'password'>) {
    await this.fill(user);
    const sync = this.page.waitForResponse(
      (response) => response.url().endsWith('/api/users/sync-user') && response.request().method() === 'POST',
    );
    await this.page.getByRole('button', { name: 'Create account' }).click();
    const response = await sync;
    expect(response.status(), 'sync-user after sign-up').toBe(200);
    return (await response.json()) as { success: true; data: Record<string, unknown> };
  }

  /** Submits a form expected to be refused. */
  async submitExpectingError(user: Pick<TestUser, 'name' | 'email' | 'password'>) {
    await this.fill(user);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}
