import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { webConfigSchema, type WebConfig } from '../../shared/web-config.js';

export type LocalWeb = { url: string; stop: () => Promise<void> };

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A plugin adding `middleware` to the dev server and to the preview server of a build alike. */
const middlewarePlugin = (
  name: string,
  middleware: (server?: ViteDevServer) => Connect.NextHandleFunction,
): Plugin => ({
  name,
  configureServer(server) {
    server.middlewares.use(middleware(server));
  },
  configurePreviewServer(server) {
    server.middlewares.use(middleware());
  },
});

/** Serves `GET /config.json` (DESIGN §1 "Paths") as the deploy writes it in AWS; it waits for the stack's ids. */
export const configJsonPlugin = (config: Promise<WebConfig>): Plugin =>
  middlewarePlugin('outreach-local-config-json', () => (req, res, next) => {
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

/** Where the dev server answers once the stack is up and the app's pages are compiled (`compiledPlugin`). */
export const compiledPath = '/_local/compiled';

/**
 * `GET /_local/compiled` answers 204 once `ready` has resolved (the rest of the stack) and, on the dev server, the entry
 * and everything it and the warmed pages (server.warmup in web/vite.config.ts) import statically are compiled. The dev
 * server compiles a module when first asked for it, which on a busy 2-core machine takes about a minute for the whole
 * app: the end-to-end suite waits for this before its first journey, so that minute is not charged to whichever test
 * happens to run first. A build is compiled before its server starts.
 */
export const compiledPlugin = (ready: Promise<unknown>): Plugin =>
  middlewarePlugin('outreach-local-compiled', (server) => (req, res, next) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== compiledPath) return next();
    const compiled = server?.warmupRequest('/src/main.tsx').then(() => server.waitForRequestsIdle());
    Promise.all([ready, compiled]).then(
      () => {
        res.statusCode = 204;
        res.end();
      },
      (error: unknown) => next(error),
    );
  });

/** How the stack serves the web: Vite's dev server (edits show at once), or a production build of it. */
export type WebMode = 'dev' | 'built';

/** `LOCAL_WEB=built` serves a production build (the end-to-end tests); anything else the dev server. */
export const webModeOf = (value: string | undefined): WebMode => (value === 'built' ? 'built' : 'dev');

/**
 * The web on `port` with the web's own config (`web/vite.config.ts`), plus `/config.json`: through Vite's dev server,
 * or (`mode: 'built'`) as `npm run build:web` builds it, into `outDir`, served as CloudFront serves the bucket (every
 * path without a file gets index.html). A build takes seconds and its pages load as deployed ones do: one request per
 * chunk rather than one per module, which the dev server compiles on a first visit and checks again on every other.
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
  /** @default 'dev' */
  mode?: WebMode;
  /** where a build goes (`mode: 'built'`) */
  outDir?: string;
}): Promise<LocalWeb> => {
  const configFile = options.configFile ?? `${repoRoot}web/vite.config.ts`;
  const hasConfig = existsSync(configFile);
  const plugins = [configJsonPlugin(options.config), compiledPlugin(options.ready ?? Promise.resolve())];
  const where = hasConfig ? { configFile } : { configFile: false as const, root: `${repoRoot}web` };
  const server = { port: options.port, strictPort: true, host: 'localhost' };
  // imported here, not at the top: the stack starts the JVM first and loads Vite while it boots
  const { build, createServer, preview } = await import('vite');
  if (options.mode === 'built') {
    if (!options.outDir) throw new Error('A built web needs an outDir');
    const built = { ...where, logLevel: 'warn' as const, build: { outDir: options.outDir } };
    // the manifest (`.vite/manifest.json`) names the chunk each source became, for a journey that cuts one off
    await build({ ...built, build: { ...built.build, manifest: true } });
    const previewServer = await withoutExitOnSignal(() => preview({ ...built, plugins, preview: server }));
    return { url: `http://localhost:${options.port}`, stop: () => previewServer.close() };
  }
  const devServer = await withoutExitOnSignal(() =>
    createServer({
      ...where,
      clearScreen: false,
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      logLevel: 'warn',
      server,
      plugins,
    }),
  );
  await devServer.listen();
  return { url: `http://localhost:${options.port}`, stop: () => devServer.close() };
};

/**
 * Vite's servers exit the process on SIGTERM (and at the end of stdin) once they have closed themselves; the stack
 * stops everything in order instead, so the listeners `start` adds are taken off again.
 */
const withoutExitOnSignal = async <T>(start: () => Promise<T>) => {
  const sigtermBefore = new Set(process.listeners('SIGTERM'));
  const stdinEndBefore = new Set(process.stdin.listeners('end'));
  const started = await start();
  for (const listener of process.listeners('SIGTERM')) {
    if (!sigtermBefore.has(listener)) process.off('SIGTERM', listener);
  }
  for (const listener of process.stdin.listeners('end')) {
    if (!stdinEndBefore.has(listener)) process.stdin.off('end', listener as () => void);
  }
  return started;
};
