import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { builtChunkOf } from './fixtures/web-build';

/** Collects what the analytics module sends, with `config.json` naming an endpoint (the local stack names none). */
const recordAnalytics = async (page: Page) => {
  const events: { name: string; path: string }[] = [];
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...config, analytics: { endpoint: 'https://collect.example.com/events' } } });
  });
  // events of one page go in one batch (`{events: [...]}`), sent as the page is left at the latest
  await page.route('https://collect.example.com/events', async (route) => {
    const batch = route.request().postDataJSON() as { events: { name: string; path: string }[] };
    events.push(...batch.events);
    await route.fulfill({ status: 204 });
  });
  return events;
};

test.describe('Routes of the signed-in app', () => {
  test('unknown paths lead to the dashboard and /referrals is the app page, not the landing', async ({
    page,
    signedInUser,
    appShell,
  }) => {
    expect(signedInUser.email).toContain('@');

    await test.step('an unknown path goes to /dashboard', async () => {
      await page.goto('/no-such-page/at-all');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(appShell.sidebar()).toBeVisible();
    });

    await test.step('/signup goes to /dashboard', async () => {
      await page.goto('/signup');
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    await test.step('/referrals is the referrals page inside the shell', async () => {
      await page.goto('/referrals');
      await expect(appShell.pageHeading('Referrals')).toBeVisible();
      await expect(appShell.sidebar()).toBeVisible();
    });

    await test.step('/referral-program stays the referral landing', async () => {
      await page.goto('/referral-program');
      await expect(appShell.sidebar()).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });

  test('a page that fails shows the error fallback, and Try Again brings it back', async ({
    page,
    signedInUser,
    appShell,
    capture,
  }) => {
    expect(signedInUser.email).toContain('@');
    // the Templates page's code cannot be loaded (a deploy replaced it, the network dropped): its route throws
    const templatesModule = builtChunkOf('src/pages/app/TemplatesPage.tsx');
    await page.route(templatesModule, (route) => route.abort('failed'));

    await test.step('opening the page shows the global fallback', async () => {
      // the page never shows, so not `open` (which waits for it)
      await appShell.navEntry('Templates').click();
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expect(page.getByText('An unexpected error occurred while loading this page.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
      await capture('error-fallback');
    });

    await test.step('Try Again reloads the page, which now loads', async () => {
      await page.unroute(templatesModule);
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(appShell.pageHeading('Templates')).toBeVisible();
    });

    await test.step('Go Home leads to the homepage', async () => {
      await page.route(templatesModule, (route) => route.abort('failed'));
      await page.goto('/dashboard');
      await appShell.navEntry('Templates').click();
      await page.getByRole('link', { name: 'Go Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test.describe('The Outlook popup', () => {
  test('hands the code to the window that opened it and closes itself', async ({ page, context }) => {
    await page.goto('/');
    const received = page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          window.addEventListener('message', (event) => resolve(event.data), { once: true });
        }),
    );
    const popupOpened = context.waitForEvent('page');
    // as the connect flow opens it: named, 600 x 700 (SPEC §2, §9); Microsoft sends it back to any app path
    await page.evaluate(() =>
      window.open('/?code=the-code&state=the-state', 'outlook-auth-popup', 'width=600,height=700'),
    );
    const popup = await popupOpened;

    await expect(popup).toHaveURL(/\/outlook-auth\?code=the-code&state=the-state$/);
    await expect(popup.getByText('Authentication successful! You can close this window.')).toBeVisible();
    expect(await received).toMatchObject({
      type: 'outlook-auth-code',
      code: 'the-code',
      state: 'the-state',
      error: null,
    });
    await popup.waitForEvent('close', { timeout: 5_000 });
  });
});

test.describe('Page-visit tracking', () => {
  test('pricing, features, sign-up and dashboard visits raise their named events', async ({
    page,
    signInPage,
    existingUser,
  }) => {
    const events = await recordAnalytics(page);
    const named = () => events.filter((event) => event.name !== 'page_view').map((event) => event.name);

    // each visit's events are sent before the next page replaces it
    for (const [path, event] of [
      ['/pricing', 'pricing_view'],
      ['/features', 'features_view'],
      ['/signup', 'signup_view'],
    ] as const) {
      await page.goto(path);
      await expect.poll(named).toContain(event);
    }
    await signInPage.goto('/signin');
    await signInPage.submit(existingUser);
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect.poll(named).toEqual(['pricing_view', 'features_view', 'signup_view', 'dashboard_view']);
    expect(events.filter((event) => event.name === 'page_view').map((event) => event.path)).toEqual([
      '/pricing',
      '/features',
      '/signup',
      '/signin',
      '/dashboard',
    ]);
  });
});
