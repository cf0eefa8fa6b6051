import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, journeyFiles, type WebJourney, type WebManifest } from './bench/web-bundles';
import { expect, test } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
import { ProfilePage } from './pages/ProfilePage';

/*
 * `npm run bench:web` counts, for each journey, the chunks of the router's lazy layouts and their static imports. This
 * holds it to what a browser really does: Chromium opens the production build (served in place of the dev server's
 * pages, against the same local stack), every JS file it downloads until the page is usable and the network is quiet
 * is recorded, and the two lists must be the same.
 *
 * The build's pages are handed to Chromium by Playwright rather than by a server on this machine, so Chromium cannot
 * tell that they come from a loopback address and would refuse their calls to the local stack (Local Network Access).
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks'],
  },
});

let outDir: string;
let manifest: WebManifest;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = await mkdtemp(join(tmpdir(), 'outreach-web-journeys-'));
  manifest = await buildWeb(outDir);
});

test.afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** From now on the page's origin answers with the build: its assets, and its index.html for every page address. */
const openBuiltWeb = async (page: Page, baseURL: string) => {
  const origin = new URL(baseURL).origin;
  const downloaded = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      downloaded.add(url.pathname.slice(1));
    }
  });
  await page.route(
    (url) => url.origin === origin && (url.pathname.startsWith('/assets/') || !/\.\w+$/.test(url.pathname)),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname.startsWith('/assets/')) return route.fulfill({ path: join(outDir, pathname) });
      if (route.request().resourceType() === 'document') {
        return route.fulfill({ path: join(outDir, 'index.html'), contentType: 'text/html' });
      }
      return route.fallback();
    },
  );
  return downloaded;
};

const expectCounted = (downloaded: Set<string>, journey: WebJourney) => {
  const counted = journeyFiles(manifest, journey);
  const fetched = [...downloaded].sort();
  test
    .info()
    .annotations.push({ type: 'downloaded', description: `${fetched.length} JS files: ${fetched.join(', ')}` });
  expect(
    fetched.filter((file) => !counted.includes(file)),
    'downloaded on a first visit but not counted by the bench',
  ).toEqual([]);
  expect(
    counted.filter((file) => !downloaded.has(file)),
    'counted by the bench but not downloaded',
  ).toEqual([]);
};

test.describe('a first visit downloads what npm run bench:web counts', () => {
  test('/ for a visitor', async ({ page, baseURL }) => {
    const downloaded = await openBuiltWeb(page, baseURL!);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Reach the right people with e\u2011mails they answer',
    );
    await page.waitForLoadState('networkidle');
    expectCounted(downloaded, '/');
  });

  test('/dashboard for a signed-in person with contacts', async ({ page, baseURL, signedInUser }) => {
    await new ContactsPage(page).addThroughApi([
      { name: 'Grace Hopper', company: 'Navy' },
      { name: 'Alan Turing', company: 'NPL' },
    ]);
    const downloaded = await openBuiltWeb(page, baseURL!);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${signedInUser.name.split(' ')[0]}` })).toBeVisible();
    await expect(page.getByTestId('contact-row')).toHaveCount(2);
    await expect(page.getByTestId('quota-used')).toContainText('2 / 25');
    await expect(page.getByTestId('user-plan')).toHaveText('Free');
    await page.waitForLoadState('networkidle');
    expectCounted(downloaded, '/dashboard');
  });
});

test.describe('the production build', () => {
  test('a part of antd the build defers still comes when asked for', async ({
    page,
    baseURL,
    signedInUser,
    appShell,
  }) => {
    await openBuiltWeb(page, baseURL!);
    const profilePage = new ProfilePage(page);
    await profilePage.goto();
    await profilePage.fill({ 'First name': `${signedInUser.name} Jr.` });
    // antd's confirm dialog arrives with the first confirmation (web/vite/lazyAntdParts.ts); held by the unsaved
    // changes, so not `open` (which waits for the page)
    await appShell.navEntry('Dashboard').click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    // as a person reads it first: a click while the dialog still zooms in was seen not taken
    await expect(leave).not.toHaveClass(/ant-zoom-appear/);
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);

    // a Dropdown arrives with its menu when it first opens (web/src/ui/MenuButton.tsx): the other ways to add a contact
    await appShell.navEntry('Dashboard').click();
    await expect(leave).toBeVisible();
    await expect(leave).not.toHaveClass(/ant-zoom-appear/);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'More ways to add' }).click();
    await page.getByRole('menuitem', { name: 'By hand' }).click();
    await expect(page.getByRole('dialog').getByRole('tab', { name: 'By hand', selected: true })).toBeVisible();
  });
});
