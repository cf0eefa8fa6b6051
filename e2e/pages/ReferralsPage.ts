import { expect, type Page } from '@playwright/test';

/** /referrals inside the app: the person's code and link, the counts and the people who joined with them. */
export class ReferralsPage {
  constructor(private readonly page: Page) {}

  readonly code = () => this.page.getByTestId('referral-code');
  readonly link = () => this.page.getByTestId('referral-link');
  readonly referredCount = () => this.page.getByTestId('referred-count');
  readonly bonusSlotsEarned = () => this.page.getByTestId('bonus-slots-earned');
  readonly referredPeople = () => this.page.getByTestId('referred-people');
  /** this calendar month's joins, and rewards beside the monthly limit ('1 of 10') */
  readonly joinedThisMonth = () => this.page.getByTestId('joined-this-month');
  readonly rewardedThisMonth = () => this.page.getByTestId('rewarded-this-month');
  /** the monthly limit, in words */
  readonly limit = () => this.page.getByTestId('referral-limit');

  /** The link to share, as the page shows it (once loaded). */
  async shareableLink() {
    await expect(this.code()).toBeVisible();
    return (await this.link().innerText()).trim();
  }
}
