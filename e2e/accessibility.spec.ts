import { expectAccessibleInBothSchemes, seriousViolations } from './fixtures/axe';
import { expect, test as base } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { OutreachPage } from './pages/OutreachPage';
import { PipelinePage } from './pages/PipelinePage';
import { PublicSite } from './pages/PublicSite';
import { SettingsPage } from './pages/SettingsPage';

const test = base.extend<{
  publicSite: PublicSite;
  settingsPage: SettingsPage;
  contactsPage: ContactsPage;
  outreachPage: OutreachPage;
  pipelinePage: PipelinePage;
}>({
  publicSite: async ({ page }, use) => use(new PublicSite(page)),
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
  contactsPage: async ({ page }, use) => use(new ContactsPage(page)),
  outreachPage: async ({ page }, use) => use(new OutreachPage(page)),
  pipelinePage: async ({ page }, use) => use(new PipelinePage(page)),
});

/** The public site: dark whatever the theme (SPEC §2), so one scheme is all there is to check. */
const publicPages = [
  '/',
  '/features',
  '/philosophy',
  '/approach',
  '/pricing',
  '/support',
  '/privacy',
  '/terms',
  '/zoom-guide',
  '/referral-program',
  '/blog',
  '/blog/follow-up-timing',
];

test.describe('Accessibility (axe-core, WCAG 2.2 AA: no serious or critical finding)', () => {
  // a common laptop width, where the pages were looked at in both themes
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of publicPages)
    test(`the public page ${path}`, async ({ page, publicSite }) => {
      await publicSite.open(path);
      await expect(publicSite.heading()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

  for (const path of ['/signin', '/signup', '/resetPassword'])
    test(`the sign-in page ${path}, light and dark`, async ({ page }) => {
      // the sign-in pages follow the browser's copy of the theme: 'System' lets the device's preference paint both
      await page.addInitScript(() => localStorage.setItem('outreach.theme', 'system'));
      await page.goto(path);
      // the sign-in pages' chunk on its first visit, as SignInPage.goto allows
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expectAccessibleInBothSchemes(page, path);
    });

  test('every signed-in page, its drawers, dialogs and header panels, in both themes', async ({
    page,
    signedInUser,
    appShell,
    settingsPage,
    contactsPage,
    outreachPage,
    pipelinePage,
    capture,
  }) => {
    // fourteen pages and panels in two schemes, each read by axe
    test.setTimeout(480_000);
    // 'System' follows the device's preference at once, so each page is checked light and dark in one load
    await settingsPage.goto();
    expect((await settingsPage.chooseTheme('System')).ok()).toBe(true);
    await expectAccessibleInBothSchemes(page, 'settings', capture);

    await contactsPage.goto();
    await contactsPage.addThroughApi([
      { name: 'Katherine Johnson', company: 'NASA', job_title: 'Mathematician', email: 'katherine@example.com' },
    ]);
    // the dashboard loaded again, as the person sees it with her
    await contactsPage.goto();
    await expect(contactsPage.row('Katherine Johnson')).toBeVisible();
    await expect(appShell.pageHeading(`Welcome, ${signedInUser.name.split(' ')[0]}`)).toBeVisible();
    await expectAccessibleInBothSchemes(page, 'dashboard', capture);

    await contactsPage.openAdd('By hand');
    await expectAccessibleInBothSchemes(page, 'add contacts dialog', capture);
    await page.keyboard.press('Escape');
    await expect(contactsPage.addModal()).toBeHidden();

    await contactsPage.open('Katherine Johnson');
    await expectAccessibleInBothSchemes(page, 'contact drawer', capture);
    await page.keyboard.press('Escape');
    await expect(contactsPage.drawer()).toBeHidden();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(appShell.popover('Notifications')).toBeVisible();
    await expectAccessibleInBothSchemes(page, 'notifications panel', capture);
    await page.keyboard.press('Escape');

    await outreachPage.goto();
    await expect(outreachPage.row('Katherine Johnson')).toBeVisible();
    await expectAccessibleInBothSchemes(page, 'outreach', capture);
    // Katherine has no draft yet: her drawer offers to write one rather than showing an editor
    await outreachPage
      .row('Katherine Johnson')
      .getByRole('button', { name: /Edit draft|Open/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'E-mail to Katherine Johnson' })).toBeVisible({ timeout: 30_000 });
    await expectAccessibleInBothSchemes(page, 'draft drawer', capture);
    await page.keyboard.press('Escape');

    await pipelinePage.goto();
    await expectAccessibleInBothSchemes(page, 'pipeline', capture);

    for (const [path, heading] of [
      ['/meetings', 'Meetings'],
      ['/templates', 'Templates'],
      ['/profile', 'Profile'],
      ['/referrals', 'Referrals'],
      ['/sequences', 'Sequences'],
    ] as const) {
      await page.goto(path);
      // a full load of the app from the dev server, as SignInPage.goto allows
      await expect(appShell.pageHeading(heading)).toBeVisible({ timeout: 30_000 });
      await expectAccessibleInBothSchemes(page, path, capture);
    }
    // the sequence editor, from the Sequences page the loop ends on
    await page.getByRole('button', { name: 'New sequence' }).first().click();
    await expect(page.getByRole('dialog', { name: 'New sequence' })).toBeVisible({ timeout: 30_000 });
    await expectAccessibleInBothSchemes(page, 'sequence editor', capture);
    await page.keyboard.press('Escape');

    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expectAccessibleInBothSchemes(page, '/subscribe', capture);
  });
});
