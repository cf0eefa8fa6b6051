import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
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
const server = await preview({
  configFile: resolve('web/vite.config.ts'),
  logLevel: 'error',
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1' },
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
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
        desktopConfig,
      );
      for (const category of categories) scores.get(category)?.push(result?.lhr.categories[category]?.score ?? 0);
    }
    const cells = categories.map((category) => {
      const score = median(scores.get(category) ?? []);
      if (score < goals[category]) off += 1;
      return `${score.toFixed(2)}${score < goals[category] ? ' LOW' : '    '}`.padStart(15);
    });
    console.log(`  ${path.padEnd(10)} ${cells.join(' ')}`);
  }
} finally {
  chrome.kill();
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
if (off > 0) console.log(`  ${off} score(s) under their goal`);
