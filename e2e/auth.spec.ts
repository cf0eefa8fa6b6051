import { expect, test } from './fixtures/test';

test.describe('Signing up, in and out', () => {
  test('a new person signs up, sees their profile, signs out and signs back in', async ({
    page,
    signUpPage,
    signInPage,
    dashboardPage,
    newUser,
    capture,
  }) => {
    const expected = { name: newUser.name, email: newUser.email, plan: 'Free' } as const;

    await test.step('signs up through a referral link', async () => {
      await signUpPage.goto({ referralCode: 'friend42' });
      await expect(page.getByText('You were invited with referral code FRIEND42.')).toBeVisible();
      await capture('sign-up');
      const synced = await signUpPage.signUp(newUser);
      expect(synced.data).toMatchObject({ email: newUser.email, displayName: newUser.name, referredByCode: 'FRIEND42' });
    });

    await test.step('lands on the signed-in page and sees their profile', async () => {
      await dashboardPage.expectProfile(expected);
      await capture('profile');
    });

    await test.step('signs out and is back on the sign-in page', async () => {
      await dashboardPage.signOut();
      await expect(page).toHaveURL(/\/signin$/);
      await signInPage.expectOpen();
    });

    await test.step('is sent to /login when opening the protected page', async () => {
      await dashboardPage.goto();
      await expect(page).toHaveURL(/\/login$/);
      await signInPage.expectOpen();
      await capture('sign-in');
    });

    await test.step('signs in and sees the profile again', async () => {
      await signInPage.submit(newUser);
      await dashboardPage.expectProfile(expected);
    });

    await test.step('a signed-in visitor of /signin goes to the dashboard', async () => {
      await page.goto('/signin');
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  test('sign-in and sign-up say clearly what went wrong', async ({ page, signInPage, signUpPage, existingUser, capture }) => {
    await test.step('a wrong password', async () => {
      await signInPage.goto();
      await signInPage.submit({ email: existingUser.email, password: 'Wrong-password-1' });
      await expect(signInPage.errorAlert()).toHaveText('Incorrect e-mail or password.');
      await capture('sign-in-wrong-password');
    });

    await test.step('an e-mail that already has an account', async () => {
      await signUpPage.goto();
      await signUpPage.submitExpectingError(existingUser);
      await expect(signUpPage.errorAlert()).toHaveText('An account with this e-mail already exists. Sign in instead.');
    });

    await test.step('a password that breaks the policy, before anything is sent', async () => {
      await signUpPage.goto();
      await signUpPage.submitExpectingError({ ...existingUser, email: 'someone.new@example.com', password: 'password' });
      await expect(page.getByText('Password needs an upper-case letter, a digit and a symbol.')).toBeVisible();
      await capture('sign-up-weak-password');
      await expect(page).toHaveURL(/\/signup$/);
    });
  });
});
