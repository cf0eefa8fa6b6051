import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { AppShell } from './pages/AppShell';

/** A call of Amplify to Cognito that trades the refresh token for new tokens (either API Cognito offers for it). */
const isTokenRefresh = (request: Request) => {
  const target = request.headers()['x-amz-target'] ?? '';
  if (target.endsWith('.GetTokensFromRefreshToken')) return true;
  return target.endsWith('.InitiateAuth') && (request.postData() ?? '').includes('REFRESH_TOKEN_AUTH');
};

/** A token refresh as a tab asked Cognito for it: which tab, and how Cognito answered (0: no answer). */
type Refresh = { tab: number; status: number };

/**
 * The token refreshes the pages of `context` ask Cognito for from now on, with their answers. Amplify's client sends a
 * refresh again when Cognito's answer is a network failure or a server error (its retry policy): that is still one
 * refresh of the session, so the journey counts the answered ones and shows every attempt when the count is wrong.
 */
const recordTokenRefreshes = (context: BrowserContext, tabs: Page[]) => {
  const refreshes: Refresh[] = [];
  const record = (request: Request, status: number) => {
    if (!isTokenRefresh(request)) return;
    const page = request.frame().page();
    refreshes.push({ tab: tabs.indexOf(page) + 1, status });
  };
  context.on('requestfinished', (request) => {
    void request.response().then((response) => record(request, response?.status() ?? 0));
  });
  context.on('requestfailed', (request) => record(request, 0));
  return {
    /** the refreshes Cognito answered with new tokens */
    answered: () => refreshes.filter((refresh) => refresh.status === 200),
    all: () => JSON.stringify(refreshes),
  };
};

const templatesLoaded = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/templates' && response.request().method() === 'GET',
  );

test.describe('A session open in several tabs', () => {
  test('four tabs at the token’s expiry refresh it once, all four keep working, and a Log Out in one ends all', async ({
    page,
    context,
    signedInUser,
  }) => {
    // four copies of the app load on a dev server
    test.setTimeout(180_000);
    const tabs: Page[] = [page];
    await test.step('the signed-in person has the dashboard open in four tabs', async () => {
      // the pages' clock is moved below; it has to be the pages' own from their load on
      await context.clock.install();
      await page.reload();
      for (let opened = 1; opened < 4; opened += 1) {
        const tab = await context.newPage();
        await tab.goto('/dashboard');
        tabs.push(tab);
      }
      // each tab's first load compiles nothing new, but three at once share a busy dev server
      for (const tab of tabs) await expect(new AppShell(tab).navEntry('Dashboard')).toBeVisible({ timeout: 30_000 });
      expect(signedInUser.email).toBeTruthy();
    });

    const refreshes = recordTokenRefreshes(context, tabs);

    await test.step('57 minutes later every tab needs the API: a tab refreshes, the others take its tokens', async () => {
      // the ID token lives 1 h; with 3 min left each tab's cache wants a new one (SPEC §9: 5 min margin). The local
      // Cognito dates its tokens by the real clock, 57 min behind the pages': the new token's life is counted from its
      // clock drift, as Amplify measured it when the refreshing tab stored it (amplifyAuth.ts), so to every tab it has
      // an hour left
      await context.clock.pauseAt(Date.now() + 57 * 60_000);
      for (const tab of tabs) {
        const loaded = templatesLoaded(tab);
        await new AppShell(tab).open('Templates');
        expect((await loaded).status()).toBe(200);
      }
      // a refresh's answer is recorded once its body is read: before the templates' call, but not necessarily before
      // this line
      await expect.poll(() => refreshes.answered().length).toBeGreaterThan(0);
      // SPEC §9: one refresh for the four tabs
      expect(refreshes.answered(), refreshes.all()).toHaveLength(1);
    });

    await test.step('back on the real clock (Cognito’s), every tab still works on the one new token', async () => {
      await context.clock.setSystemTime(Date.now());
      await context.clock.resume();
      for (const tab of tabs) {
        const loaded = tab.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/pipeline' && response.request().method() === 'GET',
        );
        await new AppShell(tab).open('Pipeline');
        expect((await loaded).status()).toBe(200);
        await expect(new AppShell(tab).pageHeading('Pipeline')).toBeVisible();
      }
      // nothing renewed again on the real clock
      expect(refreshes.answered(), refreshes.all()).toHaveLength(1);
    });

    await test.step('a Log Out in one tab signs the other three out too', async () => {
      await new AppShell(tabs[3]!).chooseFromUserMenu('Log Out');
      for (const tab of tabs) await expect(tab).toHaveURL(/\/signin$/);
    });
  });
});
