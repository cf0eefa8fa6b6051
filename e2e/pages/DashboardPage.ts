import { expect, type Page } from '@playwright/test';

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
