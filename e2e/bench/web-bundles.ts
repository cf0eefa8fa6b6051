import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dashboardJourney } from '../../web/vite/firstScreenChunk.js';

/** One entry of Vite's `.vite/manifest.json`. */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type WebManifest = Record<string, ManifestChunk>;

/**
 * What a first visit needs, as source modules of the router (web/src/app/router.tsx): the entry alone for `/`; for
 * `/dashboard` also the lazy layouts and page on its way (providers, the protected layout, the shell, the page), whose
 * imports the build gathers into one chunk (web/vite/firstScreenChunk.ts). Each journey's files are these chunks and
 * their static imports, transitively; e2e/web-journeys.spec.ts checks that this is exactly what Chromium downloads on
 * a first visit to the built web.
 */
export const webJourneys = {
  '/': [],
  '/dashboard': dashboardJourney,
} as const satisfies Record<string, readonly string[]>;

export type WebJourney = keyof typeof webJourneys;

/** The most JavaScript (gzip) a first visit may download. */
export const webBudgets: Record<WebJourney, number> = { '/': 110 * 1024, '/dashboard': 300 * 1024 };

export type WebJourneySize = { path: WebJourney; files: number; bytes: number; gzipBytes: number; budgetBytes: number };

/** The chunks `keys` load before anything runs: themselves and their static imports, transitively. */
const staticClosure = (manifest: WebManifest, keys: readonly string[]) => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the web build (renamed? update e2e/bench/web-bundles.ts)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
};

/** The JS files (`assets/...js`, as the manifest names them) a first visit to `path` downloads. */
export const journeyFiles = (manifest: WebManifest, path: WebJourney) => {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The web build has no entry chunk');
  return staticClosure(manifest, [entry, ...webJourneys[path]]);
};

/** Builds the web with its own config into `outDir` (web/dist is left alone) and answers the build's manifest. */
export const buildWeb = async (outDir: string): Promise<WebManifest> => {
  const { build } = await import('vite');
  await build({
    configFile: resolve('web/vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as WebManifest;
};

/**
 * Builds the web into a temporary folder and sums the JS each journey of {@link webJourneys} downloads, raw and
 * gzip-compressed (level 9, about what a CDN serves).
 */
export const measureWebBundles = async (): Promise<WebJourneySize[]> => {
  const outDir = await mkdtemp(join(tmpdir(), 'outreach-web-bench-'));
  try {
    const manifest = await buildWeb(outDir);
    const sizes: WebJourneySize[] = [];
    for (const path of Object.keys(webJourneys) as WebJourney[]) {
      const files = journeyFiles(manifest, path);
      let bytes = 0;
      let gzipBytes = 0;
      for (const file of files) {
        const content = await readFile(join(outDir, file));
        bytes += content.length;
        gzipBytes += gzipSync(content, { level: 9 }).length;
      }
      sizes.push({ path, files: files.length, bytes, gzipBytes, budgetBytes: webBudgets[path] });
    }
    return sizes;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Prints {@link measureWebBundles} as `npm run bench` and `npm run bench:web` show it: one line per journey. */
export const printWebBundles = async () => {
  console.log('Web JS for a first visit (vite build, gzip -9)');
  for (const row of await measureWebBundles()) {
    const budget = `${row.gzipBytes > row.budgetBytes ? 'OVER ' : ''}budget ${(row.budgetBytes / 1024).toFixed(0)} KiB`;
    console.log(
      `  ${row.path.padEnd(12)} ${kib(row.gzipBytes).padStart(11)} gzip   ${kib(row.bytes).padStart(11)} raw   ` +
        `${String(row.files).padStart(2)} files   ${budget}`,
    );
  }
};
