import { expect, type Page } from '@playwright/test';

export type ExpectedProfile = { name: string; email: string; plan: 'Free' | 'Starter' | 'Pro'; status?: string };

/** /dashboard: the signed-in home with the profile from `GET /api/profiles`. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  readonly account = () => this.page.getByTestId('profile-account');
  readonly settings = () => this.page.getByTestId('profile-settings');

  async goto() {
    await this.page.goto('/dashboard');
  }

  /** A definition (`<dd>`) of the account card by its term. */
  private value(term: string) {
    return this.account().getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  async expectProfile(profile: ExpectedProfile) {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.page.getByRole('heading', { name: `Welcome, ${profile.name.split(' ')[0]}` })).toBeVisible();
    await expect(this.value('Name')).toHaveText(profile.name);
    await expect(this.value('E-mail')).toHaveText(profile.email);
    await expect(this.value('Plan')).toContainText(profile.plan);
    await expect(this.value('Subscription')).toHaveText(profile.status ?? 'Active');
    await expect(this.value('Member since')).not.toBeEmpty();
    await expect(this.settings()).toContainText('Time zone');
  }

  /** Log Out from the user menu of the app shell's header. */
  /** Log Out from the avatar menu; the click is repeated if it landed while the menu was still animating in. */
  async signOut() {
    const logOut = this.page.getByRole('menuitem', { name: 'Log Out' });
    await expect(async () => {
      if (!(await logOut.isVisible())) await this.page.getByTestId('user-menu').click();
      await logOut.click({ timeout: 2_000 });
      await expect(this.page).not.toHaveURL(/\/dashboard$/, { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
  }
}
