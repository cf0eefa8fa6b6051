import { readFile } from 'node:fs/promises';
import { expect, test as base } from './fixtures/test';
import { SettingsPage } from './pages/SettingsPage';
import { toast } from './pages/toast';

const test = base.extend<{ settingsPage: SettingsPage }>({
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
});

test.describe('Account settings', () => {
  test('settings apply at once, persist, and a failed update is rolled back', async ({
    page,
    settingsPage,
    signedInUser: _signedIn,
    capture,
  }) => {
    await test.step('opens with the defaults of SPEC §3', async () => {
      await settingsPage.goto();
      await expect(settingsPage.switch('E-mail notifications')).not.toBeChecked();
      await expect(settingsPage.switch('Reminder notifications')).not.toBeChecked();
      await expect(settingsPage.switch('Include résumé')).toBeChecked();
      await expect(settingsPage.switch('Automatic follow-up')).toBeChecked();
      await expect(settingsPage.selected('Time zone')).toHaveText('UTC (GMT+00:00)');
      await expect(settingsPage.selected('Meeting duration')).toHaveText('30 minutes');
      await expect(settingsPage.selected('Follow-up delay')).toHaveText('3 days');
      await expect(settingsPage.selected('Follow-up time')).toHaveText('09:00');
      await expect(settingsPage.theme('Light')).toBeChecked();
    });

    await test.step('changes switches and choices, each saved as it changes', async () => {
      expect((await settingsPage.toggle('E-mail notifications')).ok()).toBe(true);
      await expect(settingsPage.switch('E-mail notifications')).toBeChecked();
      const zone = await settingsPage.choose('Time zone', 'Europe/Berlin', 'Berlin');
      expect(zone.request().postDataJSON()).toEqual({ settings: { timeZone: 'Europe/Berlin' } });
      await settingsPage.choose('Meeting duration', '45 minutes');
      await settingsPage.choose('Follow-up delay', '5 days');
      await settingsPage.choose('Follow-up time', '10:30', '10:30');
      await settingsPage.toggle('Automatic follow-up');
      await expect(settingsPage.select('Follow-up delay')).toBeDisabled();
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('settings-page');
    });

    await test.step('finds them again after a reload', async () => {
      await page.reload();
      await expect(settingsPage.switch('E-mail notifications')).toBeChecked();
      await expect(settingsPage.selected('Time zone')).toHaveText(/^Europe\/Berlin \(GMT\+0[12]:00\)$/);
      await expect(settingsPage.selected('Meeting duration')).toHaveText('45 minutes');
      await expect(settingsPage.selected('Follow-up delay')).toHaveText('5 days');
      await expect(settingsPage.selected('Follow-up time')).toHaveText('10:30');
      await expect(settingsPage.switch('Automatic follow-up')).not.toBeChecked();
    });

    await test.step("a refused update rolls back and says 'Failed to update settings'", async () => {
      await page.route('**/api/profiles/settings', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 500,
              json: { success: false, error: 'Server error. Please try again later.', code: 'server_error' },
            })
          : route.fallback(),
      );
      await settingsPage.switch('Reminder notifications').click();
      await expect(settingsPage.toast('Failed to update settings')).toBeVisible();
      await expect(settingsPage.switch('Reminder notifications')).not.toBeChecked();
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('settings-update-failed');
      await page.unroute('**/api/profiles/settings');
    });

    await test.step("settings that cannot be loaded say 'Failed to load settings' and show the defaults", async () => {
      await page.route('**/api/profiles/settings', (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({
              status: 500,
              json: { success: false, error: 'Server error. Please try again later.', code: 'server_error' },
            })
          : route.fallback(),
      );
      await page.reload();
      await expect(settingsPage.loadFailed()).toContainText('Failed to load settings');
      await expect(settingsPage.switch('E-mail notifications')).not.toBeChecked();
      await expect(settingsPage.selected('Time zone')).toHaveText('UTC (GMT+00:00)');
      await page.unroute('**/api/profiles/settings');
      await settingsPage.loadFailed().getByRole('button', { name: 'Try Again' }).click();
      await expect(settingsPage.loadFailed()).toHaveCount(0);
      await expect(settingsPage.switch('E-mail notifications')).toBeChecked();
    });
  });

  test('"Your data": the export holds the profile; deleting the account ends it for good', async ({
    page,
    settingsPage,
    signInPage,
    signedInUser,
    capture,
  }) => {
    await settingsPage.goto();

    await test.step('Export my data downloads one JSON file with the profile, from a short-lived link', async () => {
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/export');
      const download = await settingsPage.exportData();
      expect(download.suggestedFilename()).toMatch(/^outreach-export-\d{4}-\d{2}-\d{2}\.json$/);
      const text = await readFile(await download.path(), 'utf8');
      const exported = JSON.parse(text) as {
        user: { email: string };
        profile: { email: string; displayName: string } | null;
      };
      expect(exported.user.email).toBe(signedInUser.email);
      expect(exported.profile).toMatchObject({ email: signedInUser.email, displayName: signedInUser.name });
      // the API answered a link to the document, not the document: it fits however many contacts there are
      const { data: link } = (await (await answer).json()) as {
        data: { url: string; fileName: string; size: number; expiresAt: string };
      };
      expect(link).toMatchObject({ fileName: download.suggestedFilename(), size: Buffer.byteLength(text) });
      expect(download.url()).toBe(link.url);
      expect(new URL(link.url).pathname).toMatch(/\/users\/[^/]+\/exports\/[^/]+\.json$/);
      await expect(page).toHaveURL(/\/accountSettings$/);
    });

    await test.step('Delete account asks for DELETE, deletes, and lands on the home page', async () => {
      await settingsPage.deleteAccount();
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('settings-delete-account');
      // nothing the page still does after the DELETE goes out with the deleted account's token
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401) refused.push(`${response.request().method()} ${response.url()}`);
      });
      const deleted = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/account' && response.request().method() === 'DELETE',
      );
      await page
        .getByRole('dialog', { name: 'Delete your account?' })
        .getByRole('button', { name: 'Delete account' })
        .click();
      expect((await deleted).status()).toBe(200);
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, 'Your account was deleted')).toBeVisible();
      // signed out for good, and still on the home page rather than sent to sign in
      await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('settings-account-deleted');
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
    });

    await test.step('signing in again fails', async () => {
      await signInPage.goto();
      await signInPage.submit(signedInUser);
      await expect(signInPage.errorAlert()).toBeVisible();
      await expect(page).toHaveURL(/\/signin$/);
    });
  });
});
