import { expect, test as base } from './fixtures/test';
import { PublicSite } from './pages/PublicSite';
import { SettingsPage } from './pages/SettingsPage';

const test = base.extend<{ settingsPage: SettingsPage; publicSite: PublicSite }>({
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
  publicSite: async ({ page }, use) => use(new PublicSite(page)),
});

test.describe('Theme', () => {
  test('the theme chosen in Settings paints the signed-in app, holds across a reload, and System follows the device', async ({
    page,
    appShell,
    settingsPage,
    publicSite,
    signedInUser,
    capture,
  }) => {
    // seven pages in two themes, a reload and the device switching: 54 s on a quiet machine, over the default 60 s
    // budget once the rest of the suite loads it
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });

    await test.step('the app starts light (SPEC §3 default)', async () => {
      await expect(appShell.pageHeading(`Welcome, ${signedInUser.name.split(' ')[0]}`)).toBeVisible();
      await expect.poll(() => appShell.colorScheme()).toBe('light');
    });

    await test.step('Dark paints the app dark at once, the settings page and the dashboard alike', async () => {
      await settingsPage.goto();
      expect((await settingsPage.chooseTheme('Dark')).ok()).toBe(true);
      await expect(settingsPage.theme('Dark')).toBeChecked();
      await expect.poll(() => appShell.colorScheme()).toBe('dark');
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture('theme-dark-settings');
      await appShell.open('Dashboard');
      await expect(page.getByTestId('quota-summary')).toContainText('Free');
      await expect.poll(() => appShell.colorScheme()).toBe('dark');
      await capture('theme-dark-dashboard');
      await page.getByRole('button', { name: 'Email connection' }).click();
      const popover = appShell.popover('Email Connection');
      await expect(popover).toContainText('No email connected');
      // the screenshot once the popover has finished fading in
      await expect(popover).toHaveCSS('opacity', '1');
      await capture('theme-dark-email-popover');
      await page.keyboard.press('Escape');
      await appShell.open('Profile');
      await expect(appShell.pageHeading('Profile')).toBeVisible();
      await expect.poll(() => appShell.colorScheme()).toBe('dark');
      await capture('theme-dark-profile');
    });

    await test.step("a reload is dark from the browser's copy before the settings arrive, and stays dark", async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/profiles/settings', async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.fallback();
      });
      await page.reload();
      await expect(appShell.sidebar()).toBeVisible();
      await expect.poll(() => appShell.colorScheme()).toBe('dark');
      release();
      await page.unroute('**/api/profiles/settings');
      await settingsPage.goto();
      await expect(settingsPage.theme('Dark')).toBeChecked();
      await expect.poll(() => appShell.colorScheme()).toBe('dark');
    });

    await test.step('System follows the device as it switches', async () => {
      await settingsPage.chooseTheme('System');
      await expect.poll(() => appShell.colorScheme()).toBe('light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => appShell.colorScheme()).toBe('dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => appShell.colorScheme()).toBe('light');
    });

    await test.step('Light is light again after a reload; the public pages stay dark whatever the choice', async () => {
      await settingsPage.chooseTheme('Light');
      await page.reload();
      await expect(settingsPage.theme('Light')).toBeChecked();
      await expect.poll(() => appShell.colorScheme()).toBe('light');
      await publicSite.open('/features');
      await expect(publicSite.heading()).toBeVisible();
      expect(await publicSite.colorScheme()).toBe('dark');
    });
  });
});
