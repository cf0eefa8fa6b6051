import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { webConfigSchema, type WebConfig } from '../../shared/web-config.js';

export type LocalWeb = { url: string; stop: () => Promise<void> };

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Serves `GET /config.json` (DESIGN §1 "Paths") as the deploy writes it in AWS; it waits for the stack's ids. */
export const configJsonPlugin = (config: Promise<WebConfig>): Plugin => ({
  name: 'outreach-local-config-json',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/config.json') return next();
      config.then(
        (value) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(webConfigSchema.parse(value)));
        },
        (error: unknown) => next(error),
      );
    });
  },
});

/** Where the dev server answers once the stack is up and the app's pages are compiled (`compiledPlugin`). */
export const compiledPath = '/_local/compiled';

/**
 * `GET /_local/compiled` answers 204 once `ready` has resolved (the rest of the stack) and the entry and everything it
 * and the warmed pages (server.warmup in web/vite.config.ts) import statically are compiled. The dev server compiles a module when first asked for it, which
 * on a busy 2-core machine takes about a minute for the whole app: the end-to-end suite waits for this before its first
 * journey, so that minute is not charged to whichever test happens to run first.
 */
export const compiledPlugin = (ready: Promise<unknown>): Plugin => ({
  name: 'outreach-local-compiled',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== compiledPath) return next();
      Promise.all([ready, server.warmupRequest('/src/main.tsx').then(() => server.waitForRequestsIdle())]).then(
        () => {
          res.statusCode = 204;
          res.end();
        },
        (error: unknown) => next(error),
      );
    });
  },
});

/**
 * The web on `port` through Vite's dev server with the web's own config (`web/vite.config.ts`), plus `/config.json`.
 * @default configFile web/vite.config.ts of the repo
 */
export const startWeb = async (options: {
  port: number;
  config: Promise<WebConfig>;
  configFile?: string;
  /** Vite's dependency cache, for a stack beside `npm start` (two dev servers must not share one) */
  cacheDir?: string;
  /** when the rest of the stack is up (`GET /_local/compiled` waits for it too) @default at once */
  ready?: Promise<unknown>;
}): Promise<LocalWeb> => {
  const configFile = options.configFile ?? `${repoRoot}web/vite.config.ts`;
  const hasConfig = existsSync(configFile);
  // imported here, not at the top: the stack starts the JVM first and loads Vite while it boots
  const { createServer } = await import('vite');
  // Vite's dev server exits the process on SIGTERM (and at the end of stdin) once it has closed itself; the stack
  // stops everything in order instead, so those listeners are taken off again.
  const sigtermBefore = new Set(process.listeners('SIGTERM'));
  const stdinEndBefore = new Set(process.stdin.listeners('end'));
  const server = await createServer({
    configFile: hasConfig ? configFile : false,
    ...(hasConfig ? {} : { root: `${repoRoot}web` }),
    clearScreen: false,
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    logLevel: 'warn',
    server: { port: options.port, strictPort: true, host: 'localhost' },
    plugins: [configJsonPlugin(options.config), compiledPlugin(options.ready ?? Promise.resolve())],
  });
  for (const listener of process.listeners('SIGTERM')) {
    if (!sigtermBefore.has(listener)) process.off('SIGTERM', listener);
  }
  for (const listener of process.stdin.listeners('end')) {
    if (!stdinEndBefore.has(listener)) process.stdin.off('end', listener as () => void);
  }
  await server.listen();
  return { url: `http://localhost:${options.port}`, stop: () => server.close() };
};
