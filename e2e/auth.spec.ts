import { latestCognitoCode } from './fixtures/inbox';
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
      expect(synced.data).toMatchObject({
        email: newUser.email,
        displayName: newUser.name,
        referredByCode: 'FRIEND42',
      });
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

    await test.step('is sent to /login when opening a protected page', async () => {
      await page.goto('/pipeline?view=board');
      await expect(page).toHaveURL(/\/login$/);
      await signInPage.expectOpen();
      await capture('sign-in');
    });

    await test.step('signs in and is back on the page they were going to', async () => {
      await signInPage.submit(newUser);
      await expect(page).toHaveURL(/\/pipeline\?view=board$/);
      await dashboardPage.goto();
      await dashboardPage.expectProfile(expected);
    });

    await test.step('a signed-in visitor of /signin goes to the dashboard', async () => {
      await page.goto('/signin');
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  test('sign-in and sign-up say clearly what went wrong', async ({
    page,
    signInPage,
    signUpPage,
    existingUser,
    capture,
  }) => {
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
      await signUpPage.submitExpectingError({
        ...existingUser,
        email: 'someone.new@example.com',
        password: 'password',
      });
      await expect(page.getByText('Password needs an upper-case letter, a digit and a symbol.')).toBeVisible();
      await capture('sign-up-weak-password');
      await expect(page).toHaveURL(/\/signup$/);
    });
  });

  test('a person who forgot their password resets it and is signed in', async ({
    page,
    signInPage,
    resetPasswordPage,
    dashboardPage,
    existingUser,
    capture,
  }) => {
    await test.step('finds the reset form from sign-in', async () => {
      await signInPage.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/resetPassword$/);
      await resetPasswordPage.expectOpen();
      await capture('reset-password');
    });

    await test.step('an address without an account is named as such', async () => {
      await resetPasswordPage.requestCode('nobody.here@example.com');
      await expect(resetPasswordPage.errorAlert()).toHaveText('No account found with that email');
    });

    await test.step('asks for the code and is told to check their inbox', async () => {
      await resetPasswordPage.requestCode(existingUser.email);
      await expect(page.getByText('Check your inbox for further instructions')).toBeVisible();
      await capture('reset-password-code');
    });

    await test.step('sets a new password with the e-mailed code and lands on the dashboard', async () => {
      const newPassword = `${existingUser.password}-New2`;
      await resetPasswordPage.setNewPassword(await latestCognitoCode(existingUser.email), newPassword);
      await expect(page).toHaveURL(/\/dashboard$/);
      await dashboardPage.expectProfile({ name: existingUser.name, email: existingUser.email, plan: 'Free' });
    });

    await test.step('Back to Login leads to the sign-in page', async () => {
      await dashboardPage.signOut();
      await page.goto('/resetPassword');
      await page.getByRole('link', { name: 'Back to Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
  });

  test('Google and Microsoft buttons appear only where config.json configures them', async ({
    page,
    signInPage,
    capture,
  }) => {
    await test.step('not in the local stack, which has no hosted UI', async () => {
      await signInPage.goto();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    });

    await test.step('both, when the deployment names a hosted-UI domain and the providers', async () => {
      await page.route('**/config.json', async (route) => {
        const config = (await (await route.fetch()).json()) as Record<string, unknown>;
        await route.fulfill({
          json: {
            ...config,
            oauthDomain: 'outreach-test.auth.eu-west-1.amazoncognito.com',
            identityProviders: ['Google', 'Microsoft'],
          },
        });
      });
      await signInPage.goto();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
      await capture('sign-in-with-providers');
    });
  });
});
