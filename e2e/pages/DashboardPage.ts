import { expect, type Page } from '@playwright/test';
import { openUserMenu } from '../fixtures/popups';

export type ExpectedProfile = { name: string; email: string; plan: 'Free' | 'Starter' | 'Pro' };

/** /dashboard: the signed-in home, the contact dashboard under a welcome by name. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  readonly userMenu = () => this.page.getByTestId('user-menu');
  /** a new account's first steps, above the summary */
  readonly firstRunGuide = () => this.page.getByRole('region', { name: 'Get started' });
  readonly firstRunStep = (key: 'profile' | 'mailbox' | 'contacts') =>
    this.firstRunGuide().getByTestId(`first-run-step-${key}`);

  async goto() {
    await this.page.goto('/dashboard');
  }

  /**
   * The signed-in home greets the person by first name; the header's avatar menu shows their name and plan label and,
   * opened, their e-mail (SPEC §2 'App shell'); the contact slots show the plan too.
   */
  async expectProfile(profile: ExpectedProfile) {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.page.getByRole('heading', { name: `Welcome, ${profile.name.split(' ')[0]}` })).toBeVisible();
    await expect(this.userMenu()).toContainText(profile.name);
    await expect(this.page.getByTestId('user-plan')).toHaveText(profile.plan);
    await expect(this.page.getByTestId('quota-summary')).toContainText(profile.plan);
    await this.userMenu().click();
    const popup = this.page.locator('.user-menu__popup');
    await expect(popup).toContainText(profile.email);
    await this.userMenu().click();
    await expect(popup).toBeHidden();
  }

  /** Log Out from the avatar menu, once the menu has arrived (e2e/fixtures/popups.ts). */
  async signOut() {
    const menu = await openUserMenu(this.page);
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(this.page).not.toHaveURL(/\/dashboard$/);
  }
}
