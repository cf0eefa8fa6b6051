import { expect, test } from './fixtures/test';
import { uniqueUser } from './fixtures/users';
import { ReferralsPage } from './pages/ReferralsPage';

test.describe('Referrals', () => {
  test("a second person signs up from the first one's referral link and both see their bonus slots", async ({
    page,
    signUpPage,
    signInPage,
    dashboardPage,
    appShell,
    newUser,
    capture,
  }) => {
    // two sign-ups and a sign-in through cognito-local, each landing on the dashboard
    test.setTimeout(180_000);
    const referrals = new ReferralsPage(page);
    const friend = { ...uniqueUser('friend'), name: 'Nina Newcomer' };
    let link = '';

    await test.step('the first person signs up and finds their link on /referrals', async () => {
      await signUpPage.goto();
      await signUpPage.signUp(newUser);
      await expect(page).toHaveURL(/\/dashboard$/);
      await appShell.open('Referrals');
      link = await referrals.shareableLink();
      const code = (await referrals.code().innerText()).trim();
      expect(link).toBe(new URL(`/signup?ref=${code}`, page.url()).href);
      await expect(referrals.referredCount()).toHaveText('0');
      await expect(referrals.rewardedThisMonth()).toHaveText('0 of 10');
      await expect(referrals.limit()).toContainText(
        'You earn bonus slots for up to 10 friends who join each calendar month',
      );
      await expect(page.getByText('No referred friends yet')).toBeVisible();
      await dashboardPage.signOut();
    });

    await test.step('a friend opens the link, sees the invite and signs up: 5 bonus slots', async () => {
      await page.goto(link);
      await expect(page.getByText(/^You were invited with referral code /)).toBeVisible();
      await signUpPage.signUp(friend);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('quota-bonus')).toHaveText(/\+5 bonus/, { timeout: 30_000 });
      await capture('referral-friend-dashboard');
      await dashboardPage.signOut();
    });

    await test.step('the first person signs back in: 10 bonus slots, the friend listed by name, this month counted against its limit', async () => {
      await signInPage.goto();
      await signInPage.submit(newUser);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('quota-bonus')).toHaveText(/\+10 bonus/, { timeout: 30_000 });
      await appShell.open('Referrals');
      await expect(referrals.referredCount()).toHaveText('1');
      await expect(referrals.bonusSlotsEarned()).toHaveText('10');
      await expect(referrals.referredPeople()).toContainText('Nina Newcomer');
      await expect(referrals.referredPeople()).toContainText('+10 slots');
      await expect(referrals.referredPeople()).not.toContainText(friend.email);
      await expect(referrals.joinedThisMonth()).toHaveText('1');
      await expect(referrals.rewardedThisMonth()).toHaveText('1 of 10');
      await expect(referrals.limit()).toContainText('months count in UTC');
      await capture('referrals-page');
      // the width of a small laptop: the four counts and the limit's words still fit beside each other
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(referrals.rewardedThisMonth()).toBeVisible();
      await capture('referrals-page-1280');
    });
  });
});
