import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures/test';
import { openUserMenu } from './fixtures/popups';
import { ProfilePage } from './pages/ProfilePage';
import { openOptions, pickOption } from './pages/selectOption';
import { SettingsPage } from './pages/SettingsPage';

const test = base.extend<{ settingsPage: SettingsPage; profilePage: ProfilePage }>({
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
  profilePage: async ({ page }, use) => use(new ProfilePage(page)),
});

test.use({ viewport: { width: 1280, height: 800 } });

/** Whether any of the elements draws its text beyond its own box (a German word too long for the sidebar). */
const overflowing = (selector: string) => (elements: Element[]) =>
  elements
    .filter((element) => element.scrollWidth > element.clientWidth + 1)
    .map((element) => `${selector}: ${element.textContent}`);

/** The texts of a page that are drawn wider than their box (cut off or spilling), in German at 1280 px. */
const spillsOn = async (page: Page) => {
  const selectors = [
    'h1',
    'h2',
    '.ant-btn',
    '.ant-form-item-label label',
    '.ant-select-content',
    '.ant-segmented-item-label',
    '.section-card__title',
    '.section-card__description',
    '.setting-row__label',
    '.profile-form__savebar-status',
    '.profile-completeness__check-label',
  ];
  const spills: string[] = [];
  for (const selector of selectors) spills.push(...(await page.locator(selector).evaluateAll(overflowing(selector))));
  return spills;
};

/** 'Mitglied seit' on Settings: a date as German writes it ('6. Dez. 2026', '3. März 2026'), whatever the day. */
const germanDate = /^\d{1,2}\. \p{Lu}\p{Ll}{2,3}\.? \d{4}$/u;

test.describe('Interface language', () => {
  // a sign-up, a language chunk, a reload, two pages and full-page captures: more than the default minute on a loaded
  // machine (marked here, so the signed-in fixture's sign-in has the time too)
  test.slow();

  test('switching to Deutsch turns the shell German at once, and it stays German after a reload', async ({
    page,
    settingsPage,
    profilePage,
    appShell,
    signedInUser: _signedIn,
    capture,
  }) => {
    const germanNav = [
      'Dashboard',
      'Profil',
      'Vorlagen',
      'Outreach',
      'Sequenzen',
      'Pipeline',
      'Meetings',
      'Empfehlungen',
    ];
    const expectGerman = async () => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const nav = appShell.sidebar().getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(nav.getByRole('link')).toHaveText(germanNav);
      await expect(appShell.sidebar().getByRole('button', { name: 'Seitenleiste einklappen' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Outreach-Startseite' }).first()).toBeVisible();
    };

    await test.step('starts in English', async () => {
      await page.goto('/accountSettings');
      // a cold dev server compiles the page's code first ('Loading...'), then the settings are read: the Language
      // select is enabled once both are there, however long the machine takes (the test's own timeout bounds it)
      await expect(settingsPage.select('Language')).toBeEnabled({ timeout: 0 });
      await expect(settingsPage.heading()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(appShell.navEntry('Templates')).toBeVisible();
    });

    await test.step('picks Deutsch: the sidebar and header speak German without a reload', async () => {
      const saved = await settingsPage.choose('Language', 'Deutsch');
      expect(saved.ok()).toBe(true);
      expect(saved.request().postDataJSON()).toEqual({ settings: { language: 'de' } });
      await expectGerman();
      await appShell.userMenu().click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(['Tarif', 'Einstellungen', 'Abmelden']);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    });

    await test.step('still German after a reload, and no German word spills out of the sidebar or header', async () => {
      await page.reload();
      await expectGerman();
      const spills = [
        ...(await appShell.sidebar().getByRole('link').evaluateAll(overflowing('sidebar link'))),
        ...(await page.locator('.app-sidebar__toggle').evaluateAll(overflowing('sidebar toggle'))),
        ...(await page.locator('.app-header').evaluateAll(overflowing('header'))),
      ];
      expect(spills).toEqual([]);
      await capture('language-de-shell');
    });

    await test.step('Settings speaks German: its sections, settings, durations and dates', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Benachrichtigungen und Region' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Outreach und Meetings' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Postfächer' })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'E-Mail-Benachrichtigungen', exact: true })).toBeEnabled();
      await expect(page.getByRole('radiogroup', { name: 'Design' }).getByText('Hell', { exact: true })).toBeVisible();
      await expect(page.getByTestId('settings-save-state').first()).toHaveText(
        'Änderungen werden automatisch gespeichert',
      );
      const meetingDuration = page.getByRole('combobox', { name: 'Meetingdauer', exact: true });
      await expect(page.locator('.ant-select').filter({ has: meetingDuration })).toContainText('30 Minuten');
      const delay = page.getByRole('combobox', { name: 'Wartezeit für Follow-ups', exact: true });
      await expect(page.locator('.ant-select').filter({ has: delay })).toContainText('3 Tage');
      const memberSince = page.locator('.account-fact').filter({ hasText: 'Mitglied seit' });
      await expect(memberSince.locator('.account-fact__value')).toHaveText(germanDate);
      expect(await spillsOn(page)).toEqual([]);
      await capture('language-de-settings');
    });

    await test.step('Profile speaks German: its groups, fields, completeness and save bar', async () => {
      await appShell.sidebar().getByRole('link', { name: 'Profil' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
      await expect(page.getByTestId('profile-form')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Über Sie' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Was Sie suchen' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Dokumente' })).toBeVisible();
      await expect(profilePage.form().getByLabel('Vorname', { exact: true })).toBeVisible();
      await expect(profilePage.form().getByLabel('Allgemeine Verfügbarkeit', { exact: true })).toBeVisible();
      await expect(profilePage.completenessStatus()).toHaveText('Profil unvollständig');
      await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();
      await expect(profilePage.form().getByRole('button', { name: 'Änderungen speichern' })).toBeDisabled();
      expect(await spillsOn(page)).toEqual([]);
      await capture('language-de-profile');
    });

    await test.step('switches back to English', async () => {
      await (await openUserMenu(page)).getByRole('menuitem', { name: 'Einstellungen' }).click();
      await expect(page.getByRole('combobox', { name: 'Sprache', exact: true })).toBeEnabled();
      const saved = await settingsPage.saving(async () => {
        await page.getByRole('combobox', { name: 'Sprache', exact: true }).click();
        await pickOption(openOptions(page).filter({ hasText: 'English' }));
      });
      expect(saved.request().postDataJSON()).toEqual({ settings: { language: 'en' } });
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(settingsPage.heading()).toBeVisible();
      await expect(settingsPage.switch('E-mail notifications')).toBeVisible();
      await expect(appShell.navEntry('Profile')).toBeVisible();
    });
  });
});
