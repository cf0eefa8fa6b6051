import { expect, test } from './fixtures/test';
import type { NavEntry } from './pages/AppShell';

/** Each sidebar entry, the page it opens and what that page shows before it holds anything. */
const pages: { entry: NavEntry; path: string; heading: string; shows: string }[] = [
  { entry: 'Dashboard', path: '/dashboard', heading: 'Welcome, Ada', shows: 'No contacts yet' },
  { entry: 'Profile', path: '/profile', heading: 'Profile', shows: 'About you' },
  { entry: 'Templates', path: '/templates', heading: 'Templates', shows: 'No templates yet' },
  { entry: 'Outreach', path: '/outreach', heading: 'Outreach', shows: 'No outreach yet' },
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
    await test.step('lists the seven entries and opens each page', async () => {
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
      await expect(page.getByText('You get 10 bonus contact slots for each friend who joins.')).toBeVisible();
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

    await test.step('Recent Activity lists the 10 newest actions an earlier visit stored', async () => {
      await page.evaluate(() => {
        const actions = Array.from({ length: 12 }, (_, index) => ({
          id: `action-${index}`,
          type: 'generate_emails',
          label: `Generated e-mails for batch ${index + 1}`,
          status: index % 4 === 3 ? 'failed' : 'completed',
          detail: index % 4 === 3 ? 'The AI service did not answer in time' : `${index + 2} drafts ready`,
          startedAt: new Date(Date.now() - (12 - index) * 60 * 60_000 - 30_000).toISOString(),
          finishedAt: new Date(Date.now() - (12 - index) * 60 * 60_000).toISOString(),
        }));
        localStorage.setItem('outreach.recentActivity', JSON.stringify(actions));
      });
      await page.reload();
      const items = appShell.recentActivity().getByRole('listitem');
      await expect(items).toHaveCount(10);
      await expect(items.first()).toContainText('Generated e-mails for batch 12');
      await expect(items.first()).toContainText('1h ago');
      await expect(items.last()).toContainText('Generated e-mails for batch 3');
      await capture('app-recent-activity');
      await page.evaluate(() => localStorage.removeItem('outreach.recentActivity'));
      await page.reload();
      await expect(appShell.recentActivity()).toContainText('No recent activity.');
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
    await test.step('the avatar shows initials, name and plan', async () => {
      await expect(appShell.userMenu().getByTestId('user-initials')).toHaveText('AL');
      await expect(appShell.userMenu()).toContainText(signedInUser.name);
      await expect(appShell.userMenu().getByTestId('user-plan')).toHaveText('Free');
    });

    await test.step('the user menu opens the plans and the settings', async () => {
      await appShell.userMenu().click();
      await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
      await capture('app-user-menu');
      await page.getByRole('menuitem', { name: 'Plan' }).click();
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
      // issue 12: both connect flows are real (e2e/mailboxes.spec.ts runs them)
      await expect(popover.getByRole('button', { name: 'Connect Gmail' })).toBeEnabled();
      await expect(popover.getByRole('button', { name: 'Connect Outlook' })).toBeEnabled();
      await capture('app-email-connection');
      await appShell.dismiss();
    });

    await test.step('no Zoom account is connected', async () => {
      const popover = await appShell.openZoomConnection();
      await expect(popover.getByText('No Zoom account connected')).toBeVisible();
      await expect(popover.getByText('Connect your Zoom to auto-generate meeting links.')).toBeVisible();
      // issue 14: the connect flow is real (e2e/meetings.spec.ts runs it)
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
      await expect(page.getByTestId('pixel-result')).toContainText('Test event');
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
    await test.step('at 767 px the app asks for a desktop', async () => {
      await page.setViewportSize({ width: 767, height: 900 });
      await expect(appShell.desktopRequired()).toBeVisible();
      await expect(appShell.sidebar()).toHaveCount(0);
      await capture('app-desktop-required');
    });

    await test.step('at 768 px the app is back', async () => {
      await page.setViewportSize({ width: 768, height: 900 });
      await expect(appShell.sidebar()).toBeVisible();
      await expect(appShell.desktopRequired()).toHaveCount(0);
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
