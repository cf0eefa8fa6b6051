import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { routeAuth } from './web/vite/routeAuth.js';

/** The web's path aliases (web/vite.config.ts, tsconfig.json), for its unit tests. */
const alias = {
  '@/': fileURLToPath(new URL('./web/src/', import.meta.url)),
  '@shared/': fileURLToPath(new URL('./shared/', import.meta.url)),
};

/**
 * Test kinds show in their names (STYLE §14): `*.test.ts[x]` unit, `*.int.test.ts` against DynamoDB Local (started
 * once per run by the global setup), `infra/**` CDK assertions and cdk-nag. Playwright specs in `e2e/` run apart.
 */
export default defineConfig({
  resolve: { alias },
  // `virtual:route-auth` of the web's API client (web/vite.config.ts has the same plugin)
  plugins: [routeAuth()],
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'SILENT' },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'lambdas/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // the interface's texts in English, ready before any test renders (web/src/i18n)
          setupFiles: ['web/src/test/i18nSetup.ts'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['infra/local/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          exclude: ['infra/local/**', '**/*.int.test.ts', '**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
