import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { openUserMenu } from './fixtures/popups';
import type { NavEntry } from './pages/AppShell';
import { ContactsPage } from './pages/ContactsPage';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

/** The ID token the app keeps for the signed-in person (Amplify's storage). */
const idTokenOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

/**
 * Reports contacts added from a list as the Add dialog does (POST then PATCH /api/activity), with the person's own
 * session: `end` finishes it, without one it stays in progress.
 */
const reportAddedContacts = async (
  page: Page,
  token: string | null,
  profileCount: number,
  counts: { completedCount: number; fetchedCount?: number; failedCount?: number },
  end?: { status: 'completed' } | { status: 'failed'; error: string },
) => {
  const headers = { Authorization: `Bearer ${token}` };
  const started = await page.request.post(`${apiUrl}/api/activity`, {
    headers,
    data: { actionType: 'add_contacts', profileCount },
  });
  expect(started.ok()).toBe(true);
  const { id } = (await started.json()).data as { id: string };
  const updated = await page.request.patch(`${apiUrl}/api/activity/${id}`, { headers, data: { ...counts, ...end } });
  expect(updated.ok()).toBe(true);
};

/** Each sidebar entry, the page it opens and what that page shows before it holds anything. */
const pages: { entry: NavEntry; path: string; heading: string; shows: string }[] = [
  { entry: 'Dashboard', path: '/dashboard', heading: 'Welcome, Ada', shows: 'No contacts yet' },
  { entry: 'Profile', path: '/profile', heading: 'Profile', shows: 'About you' },
  { entry: 'Templates', path: '/templates', heading: 'Templates', shows: 'No templates yet' },
  { entry: 'Outreach', path: '/outreach', heading: 'Outreach', shows: 'No outreach yet' },
  { entry: 'Sequences', path: '/sequences', heading: 'Sequences', shows: 'No sequences yet' },
  { entry: 'Pipeline', path: '/pipeline', heading: 'Pipeline', shows: 'Meeting scheduled' },
  { entry: 'Meetings', path: '/meetings', heading: 'Meetings', shows: 'No meetings scheduled' },
  { entry: 'Referrals', path: '/referrals', heading: 'Referrals', shows: 'No referred friends yet' },
];

test.describe('The signed-in app shell', () => {
  test('the sidebar leads to every page, and shrinks to a compact rail that is remembered', async ({
    page,
    appShell,
    signedInUser: _signedInUser,
    capture,
  }) => {
    // eight pages, then the activity log reported through the API: more than the default minute on a busy machine
    test.setTimeout(120_000);
    await test.step('lists the eight entries and opens each page', async () => {
      await expect(appShell.navEntries()).toHaveText(pages.map(({ entry }) => entry));
      for (const { entry, path, heading, shows } of pages) {
        await appShell.open(entry);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(appShell.pageHeading(heading)).toBeVisible();
        await expect(page.getByText(shows, { exact: true })).toBeVisible();
        await appShell.expectCurrent(entry);
        await capture(`app-${entry.toLowerCase()}`);
      }
    });

    await test.step('the pipeline has its five empty stages', async () => {
      await appShell.open('Pipeline');
      for (const stage of ['drafted', 'contacted', 'replied', 'meeting_scheduled', 'closed']) {
        await expect(page.getByTestId(`pipeline-stage-${stage}`)).toContainText('No contacts');
      }
    });

    await test.step('the referrals page gives the person their own link', async () => {
      await appShell.open('Referrals');
      const code = (await page.getByTestId('referral-code').innerText()).trim();
      expect(code).toMatch(/^[A-Za-z0-9_-]{4,32}$/);
      await expect(page.getByTestId('referral-link')).toHaveText(new URL(`/signup?ref=${code}`, page.url()).href);
      await expect(
        page.getByText('You get 10 bonus contact slots for each friend who joins, for up to 10 friends a month.'),
      ).toBeVisible();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByText('Copy link').click();
      await expect(page.getByText('Copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await page.getByTestId('referral-link').innerText(),
      );
    });

    await test.step('Recent Activity is empty', async () => {
      await expect(appShell.recentActivity()).toContainText('No recent activity.');
    });

    await test.step('Recent Activity shows the 10 newest actions of the server as they happen', async () => {
      // 12 lists of contacts added (2 to 13 contacts): every 4th failed, the last one still running
      const token = await idTokenOf(page);
      for (let index = 1; index <= 12; index += 1) {
        const profileCount = index + 1;
        if (index === 12) await reportAddedContacts(page, token, profileCount, { completedCount: 2, failedCount: 1 });
        else if (index % 4 === 3)
          await reportAddedContacts(
            page,
            token,
            profileCount,
            { completedCount: 1, fetchedCount: 1 },
            { status: 'failed', error: 'The LinkedIn profile service did not answer in time, twice over' },
          );
        else
          await reportAddedContacts(
            page,
            token,
            profileCount,
            { completedCount: profileCount, fetchedCount: profileCount - 1 },
            { status: 'completed' },
          );
      }
      // no reload: the live channel tells the sidebar
      const items = appShell.activityItems();
      await expect(items).toHaveCount(10);
      await expect(items.first()).toContainText('Adding 13 contacts');
      await expect(items.first()).toContainText('just now · 3/13');
      await expect(appShell.activityStatus(items.first())).toHaveAccessibleName('In progress');
      const failed = appShell.activityItem('Adding 12 contacts');
      await expect(appShell.activityStatus(failed)).toHaveAccessibleName('Failed');
      // SPEC §9: cut to 50 characters
      await expect(failed).toContainText('The LinkedIn profile service did not answer in ti…');
      const completed = appShell.activityItem('Adding 11 contacts');
      await expect(appShell.activityStatus(completed)).toHaveAccessibleName('Completed');
      await expect(completed).toContainText('10 added, 1 skipped');
      await expect(items.last()).toContainText('Adding 4 contacts');
      await expect(appShell.activityItem('Adding 3 contacts')).toHaveCount(0);
      await capture('app-recent-activity');
    });

    await test.step('the sidebar is 256 px, 80 px compact, and stays compact after a reload', async () => {
      await appShell.expectSidebarWidth(256);
      await appShell.sidebarToggle().click();
      await expect(appShell.sidebarToggle()).toHaveAccessibleName('Expand sidebar');
      await appShell.expectSidebarWidth(80);
      await expect(appShell.recentActivity()).toHaveCount(0);
      await page.reload();
      await appShell.expectSidebarWidth(80);
      await appShell.navEntry('Templates').hover();
      await expect(page.getByRole('tooltip', { name: 'Templates' })).toBeVisible();
      await capture('app-sidebar-compact');
      await appShell.sidebarToggle().click();
      await expect(appShell.sidebarToggle()).toHaveAccessibleName('Collapse sidebar');
      await appShell.expectSidebarWidth(256);
      await page.reload();
      await appShell.expectSidebarWidth(256);
    });
  });

  test('the header shows who is signed in, their connections and notifications', async ({
    page,
    appShell,
    signedInUser,
    capture,
  }) => {
    // sign-up and sign-in, three pages and three pop-overs, each with a full-page screenshot: more than the default
    // minute when two journeys share a busy 2-core machine
    test.setTimeout(120_000);
    await test.step('the avatar shows initials, name and plan', async () => {
      await expect(appShell.userMenu().getByTestId('user-initials')).toHaveText('AL');
      await expect(appShell.userMenu()).toContainText(signedInUser.name);
      await expect(appShell.userMenu().getByTestId('user-plan')).toHaveText('Free');
    });

    await test.step('the user menu opens the plans and the settings', async () => {
      const menu = await openUserMenu(page);
      await expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
      await capture('app-user-menu');
      await menu.getByRole('menuitem', { name: 'Plan' }).click();
      await expect(page).toHaveURL(/\/subscribe$/);
      await expect(appShell.pageHeading('Plans')).toBeVisible();
      await expect(page.getByTestId('plan-free')).toContainText('Current plan');
      // a free user upgrades through checkout (e2e/billing.spec.ts follows it to the end)
      await expect(page.getByTestId('plan-starter').getByRole('button', { name: 'Upgrade to Starter' })).toBeEnabled();
      await capture('app-subscribe');

      await appShell.chooseFromUserMenu('Settings');
      await expect(page).toHaveURL(/\/accountSettings$/);
      await expect(appShell.pageHeading('Settings')).toBeVisible();
      await expect(page.getByText('Time zone', { exact: true })).toBeVisible();
      await capture('app-account-settings');
    });

    await test.step('the notification panel is empty', async () => {
      const panel = await appShell.openNotifications();
      await expect(panel).toContainText('0 unread');
      await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
      await expect(panel.getByText('No notifications')).toBeVisible();
      await expect(panel.getByText("You're all caught up! New notifications will appear here.")).toBeVisible();
      await capture('app-notifications');
      await appShell.dismiss();
    });

    await test.step('no mailbox is connected', async () => {
      const popover = await appShell.openEmailConnection();
      await expect(popover.getByText('No email connected')).toBeVisible();
      await expect(popover.getByText('Connect your email to start sending outreach messages')).toBeVisible();
      // Both connect flows are real (e2e/mailboxes.spec.ts runs them)
      await expect(popover.getByRole('button', { name: 'Connect Gmail' })).toBeEnabled();
      await expect(popover.getByRole('button', { name: 'Connect Outlook' })).toBeEnabled();
      await capture('app-email-connection');
      await appShell.dismiss();
    });

    await test.step('no Zoom account is connected', async () => {
      const popover = await appShell.openZoomConnection();
      await expect(popover.getByText('No Zoom account connected')).toBeVisible();
      await expect(popover.getByText('Connect your Zoom to auto-generate meeting links.')).toBeVisible();
      // The connect flow is real (e2e/meetings.spec.ts runs it)
      await expect(popover.getByRole('button', { name: 'Connect Zoom' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Zoom connection' })).toContainText('Connect Zoom');
      await capture('app-zoom-connection');
      await appShell.dismiss();
    });

    await test.step('the remaining app pages open inside the shell', async () => {
      await page.goto('/success');
      await expect(appShell.sidebar()).toBeVisible();
      await expect(page.getByText('No recent payment to show')).toBeVisible();
      await page.getByRole('button', { name: 'View plans' }).click();
      await expect(page).toHaveURL(/\/subscribe$/);

      await page.goto('/test/reddit-pixel');
      await expect(appShell.pageHeading('Pixel test')).toBeVisible();
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('row', { name: /test_event/ })).toContainText(/Counted · \d+ today/);
      await capture('app-pixel-test');
    });

    await test.step('Log Out signs the person out', async () => {
      await appShell.chooseFromUserMenu('Log Out');
      await expect(page).toHaveURL(/\/signin$/);
    });
  });

  test('narrow screens get Desktop Required, the popup receivers stand alone', async ({
    page,
    appShell,
    signedInUser: _signedInUser,
    capture,
  }) => {
    const contacts = new ContactsPage(page);
    await test.step('at 767 px the app asks for a desktop, over a dialog half filled in', async () => {
      await contacts.openAdd('By hand');
      await contacts.addModal().getByLabel('Name').fill('Half Typed');
      await page.setViewportSize({ width: 767, height: 900 });
      await expect(appShell.desktopRequired()).toBeVisible();
      await expect(page).toHaveTitle('Desktop Required · Outreach');
      await expect(appShell.sidebar()).toBeHidden();
      await expect(contacts.addModal()).toBeHidden();
      await capture('app-desktop-required');
    });

    await test.step('at 768 px the app is back as it was left, the dialog and its text too', async () => {
      await page.setViewportSize({ width: 768, height: 900 });
      await expect(appShell.sidebar()).toBeVisible();
      await expect(appShell.desktopRequired()).toHaveCount(0);
      await expect(page).toHaveTitle('Dashboard · Outreach');
      await expect(contacts.addModal().getByLabel('Name')).toHaveValue('Half Typed');
      await contacts.addModal().getByRole('button', { name: 'Close' }).click();
      await expect(contacts.addModal()).toBeHidden();
    });

    await test.step('Continue to homepage leaves for /', async () => {
      await page.setViewportSize({ width: 767, height: 900 });
      await page.getByRole('button', { name: 'Continue to homepage' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('the Outlook receiver refuses to work outside its popup', async () => {
      await page.goto('/outlook-auth?code=abc&state=xyz');
      await expect(page.getByRole('heading', { name: 'Outlook Authentication' })).toBeVisible();
      await expect(page.getByText('This page should only be accessed via the authentication popup.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close Window' })).toBeVisible();
      await expect(appShell.sidebar()).toHaveCount(0);
      await capture('popup-outlook-auth');
    });

    await test.step('the Gmail receiver without a code says so and leads back', async () => {
      await page.goto('/gmail-auth');
      await expect(page.getByRole('heading', { name: 'Gmail Authentication' })).toBeVisible();
      await expect(page.getByText('No authentication code received. Please try again.')).toBeVisible();
      await capture('popup-gmail-auth-error');
      await page.getByRole('button', { name: 'Return to Application' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('the Gmail receiver refuses a code that came without the state of a sign-in it started', async () => {
      await page.goto('/gmail-auth?code=abc');
      await expect(page.getByText('Invalid authentication request. Please try reconnecting.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Return to Application' })).toBeVisible();
      await capture('popup-gmail-auth-code');
    });
  });
});
