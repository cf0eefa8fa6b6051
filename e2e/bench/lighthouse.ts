import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Plugin } from 'vite';
import type { WebConfig } from '../../shared/web-config.js';
import { buildWeb } from './web-bundles.js';

/**
 * Lighthouse (desktop preset) on the production build of the web, served statically as the CDN serves it: the four
 * scores of the public pages a first visitor lands on, median of `LIGHTHOUSE_RUNS` (3) runs each, against their goals.
 */
const pages = ['/', '/pricing', '/signin'] as const;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const goals: Record<(typeof categories)[number], number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const outDir = await mkdtemp(join(tmpdir(), 'lighthouse-web-'));
// built before it is served: the static server lists the files it serves when it starts
await buildWeb(outDir);
const { preview } = await import('vite');
/**
 * What the deployed origin answers beside the build (DESIGN §1 "Paths"): `/config.json`, which the deploy writes (here
 * a stage whose API is this origin), and the page-visit collector `POST /api/track` (202, as the API answers). Without
 * them every page logs a 404 to the console, which a deployed page does not.
 */
const deployedOrigin: Plugin = {
  name: 'lighthouse-deployed-origin',
  configurePreviewServer: (server) => {
    server.middlewares.use((req, res, next) => {
      const path = req.url?.split('?')[0];
      if (req.method === 'GET' && path === '/config.json') {
        const config: WebConfig = {
          stage: 'bench',
          apiUrl: `http://${req.headers.host}`,
          region: 'us-east-1',
          userPoolId: 'us-east-1_bench',
          userPoolClientId: 'bench',
          authFlowType: 'USER_SRP_AUTH',
          identityProviders: [],
          providers: {},
        };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(config));
        return;
      }
      if (req.method === 'POST' && path === '/api/track') {
        req.resume();
        res.statusCode = 202;
        res.end();
        return;
      }
      next();
    });
  },
};
const server = await preview({
  configFile: resolve('web/vite.config.ts'),
  logLevel: 'error',
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1' },
  plugins: [deployedOrigin],
});
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let off = 0;
try {
  const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!base) throw new Error('vite preview gave no address');
  console.log(`\nLighthouse (desktop, production build served statically), median of ${runs} runs; goals:`);
  console.log(`  ${categories.map((category) => `${category} >= ${goals[category].toFixed(2)}`).join(', ')}`);
  console.log(`  ${'page'.padEnd(10)} ${categories.map((category) => category.padStart(15)).join(' ')}`);
  for (const path of pages) {
    const scores = new Map<string, number[]>(categories.map((category) => [category, []]));
    /** per category under its goal, the audits that cost it points (in any run) */
    const failing = new Map<string, Set<string>>();
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
        desktopConfig,
      );
      for (const category of categories) {
        const scored = result?.lhr.categories[category];
        scores.get(category)?.push(scored?.score ?? 0);
        for (const ref of scored?.auditRefs ?? []) {
          const audit = result?.lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            // what the audit found (a console error's text and source, a request's address), as far as it says
            const items = ((audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])
              .map((item) =>
                String(
                  item.description ?? item.url ?? item.source ?? (item.node as { snippet?: string })?.snippet ?? '',
                ),
              )
              .filter(Boolean);
            const found = items.length ? `: ${items.slice(0, 3).join(' | ')}` : '';
            failing.set(category, (failing.get(category) ?? new Set()).add(`${ref.id} (${audit.title}${found})`));
          }
        }
      }
    }
    const cells = categories.map((category) => {
      const score = median(scores.get(category) ?? []);
      if (score < goals[category]) off += 1;
      return `${score.toFixed(2)}${score < goals[category] ? ' LOW' : '    '}`.padStart(15);
    });
    console.log(`  ${path.padEnd(10)} ${cells.join(' ')}`);
    for (const category of categories) {
      if (median(scores.get(category) ?? []) >= goals[category]) continue;
      console.log(`    ${category} loses points on: ${[...(failing.get(category) ?? [])].join('; ')}`);
    }
  }
} finally {
  chrome.kill();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
if (off > 0) console.log(`  ${off} score(s) under their goal`);
