import { build } from 'esbuild';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { routeEntries } from '../../shared/routes.js';

/**
 * Bundles every domain Lambda the way the CDK stack does (esbuild, minified ESM for node22) and measures each
 * bundle's size and how long a cold import of it takes.
 */
export const measureLambdaBundles = async () => {
  const outdir = mkdtempSync(join(tmpdir(), 'lambda-bench-'));
  const domains = [...new Set(routeEntries().map((route) => route.domain))];
  const rows: { lambda: string; bytes: number; importMs: number }[] = [];
  try {
    for (const domain of domains) {
      const outfile = join(outdir, domain, 'index.mjs');
      await build({
        entryPoints: [`lambdas/${domain}/http.ts`],
        outfile,
        bundle: true,
        minify: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
        logLevel: 'silent',
      });
      process.env.TABLE_NAME ??= 'bench';
      process.env.BUCKET_NAME ??= 'bench';
      const started = performance.now();
      await import(pathToFileURL(outfile).href);
      rows.push({ lambda: domain, bytes: statSync(outfile).size, importMs: Math.round(performance.now() - started) });
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  return rows;
};
