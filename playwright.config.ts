import { defineConfig } from '@playwright/test';
import { resolve } from 'node:path';
import { stackEnv } from './e2e/stack-env';
import { compiledPath } from './infra/local/web';

/**
 * End-to-end tests (STYLE §15) in Debian's Chromium (`apt-get install -y chromium`; Playwright downloads no browser)
 * against a local stack of their own: other ports and another data folder than `npm start`, so both can run at once.
 * The folder is wiped first (infra/local/reset.ts), so every run starts from an empty system.
 */
const webUrl = `http://localhost:${stackEnv.LOCAL_WEB_PORT}`;

// The stack under test runs in UTC, as Lambda does, and so do the journeys' own date sums (the workers and the web
// server inherit it): the machine's zone must not move a day or an hour in either.
process.env.TZ = 'UTC';

/**
 * Specs that move the product's clock (`POST /_local/clock`): the stack has one clock, so they run after the others
 * have finished, alone, where a moved clock cannot reach a journey that is still running.
 */
const movesProductClock = ['notifications.spec.ts', 'sequences.spec.ts'];
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // A test that fails once has failed: a retry would let a flaky test land green.
  retries: 0,
  // Journeys are independent (each signs up its own user; the sandbox's mail is read by the user's mailbox), so they
  // could run side by side; on the 2-core machine two at once made the dev server's pages take over the 10 s a journey
  // waits for them, so one runs at a time unless E2E_WORKERS says otherwise.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: webUrl,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // the journeys read times as a person in UTC does (the meetings journey picks another zone in Settings and expects
    // it to differ from the browser's): the machine's own zone must not decide what they see
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: movesProductClock },
    { name: 'product-clock', use: chromium, testMatch: movesProductClock, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node --import tsx infra/local/reset.ts && node --import tsx infra/local/start.ts',
    // the whole stack up and the web's pages compiled (infra/local/web.ts), so no journey pays for the first compile
    url: `${webUrl}${compiledPath}`,
    // node_modules/.bin first: tsx, and the Node 22 of the `node` package, whoever starts Playwright
    env: { ...stackEnv, PATH: `${resolve('node_modules/.bin')}:${process.env.PATH ?? ''}` },
    // the stack and the first compile of the web: about 3.5 min when the 2-core machine is loaded 25 deep
    timeout: 360_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
