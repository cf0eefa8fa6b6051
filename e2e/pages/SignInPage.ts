import { expect, type Page } from '@playwright/test';
import type { TestUser } from '../fixtures/users';

/** /signin and /login: e-mail and password. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: 'Welcome back' });
  readonly errorAlert = () => this.page.getByRole('alert');

  async goto(path: '/signin' | '/login' = '/signin') {
    await this.page.goto(path);
    // a test's first page: the dev server may still be compiling the app for this run's first visitor
    await expect(this.heading()).toBeVisible({ timeout: 30_000 });
  }

  async expectOpen() {
    await expect(this.heading()).toBeVisible();
  }

  async submit(user: Pick<TestUser, 'email' | 'password'>) {
    await this.page.getByLabel('E-mail').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
