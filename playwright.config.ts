import { defineConfig } from '@playwright/test';
import { resolve } from 'node:path';
import { stackEnv } from './e2e/stack-env';

/**
 * End-to-end tests (STYLE §15) in Debian's Chromium (`apt-get install -y chromium`; Playwright downloads no browser)
 * against a local stack of their own: other ports and another data folder than `npm start`, so both can run at once.
 * The folder is wiped first (infra/local/reset.ts), so every run starts from an empty system.
 */
const webUrl = `http://localhost:${stackEnv.LOCAL_WEB_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: webUrl,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
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
      },
    },
  ],
  webServer: {
    command: 'node --import tsx infra/local/reset.ts && node --import tsx infra/local/start.ts',
    url: webUrl,
    // node_modules/.bin first: tsx, and the Node 22 of the `node` package, whoever starts Playwright
    env: { ...stackEnv, PATH: `${resolve('node_modules/.bin')}:${process.env.PATH ?? ''}` },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
