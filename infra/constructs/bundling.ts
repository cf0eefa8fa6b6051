import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { barrelImports } from './barrel-imports.js';
import { builtinRequires } from './builtin-requires.js';

/** ESM bundles have no `require`; a few CommonJS dependencies still call it (NOTES.md "CDK"). */
const requireBanner = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** The SDK's default credential chain, reduced to its environment link (why: env-credentials.ts). */
const envCredentials = fileURLToPath(new URL('./env-credentials.ts', import.meta.url));

/** Stack traces through the source maps, read when first needed (why: stack-traces.ts). */
const stackTraces = fileURLToPath(new URL('./stack-traces.ts', import.meta.url));

/**
 * The `<name>.process.ts` modules beside an entry: what the function runs in a child process of its own (the documents
 * Lambda's text extraction, lambdas/documents/isolated-extraction.ts), each bundled as `<name>.process.mjs` beside
 * `index.mjs`, where the function finds it. Nothing loads them at cold start.
 */
const processEntries = (entry: string) =>
  Object.fromEntries(
    readdirSync(dirname(entry))
      .filter((file) => file.endsWith('.process.ts'))
      .map((file) => [basename(file, '.ts'), join(dirname(entry), file)]),
  );

/**
 * How every Lambda is bundled: minified ESM for Node 22 with source maps (without the sources: the stack traces
 * point at them, the asset need not carry them), `index.mjs` exporting the handler.
 *
 * Code splitting: what a module imports with `await import()` becomes a chunk of its own, read and evaluated only
 * when a request runs that code (the documents Lambda's PDF, DOCX and DOC readers), so it costs no cold start.
 * Chunks that several such paths share, and anything imported statically, load with `index.mjs` as before. Modules
 * run as child processes (`processEntries`) are entries of their own.
 * (NodejsFunction cannot split: it bundles to one `--outfile`.)
 * With a plugin (`barrelImports`), so only esbuild's asynchronous API runs these options (`build`, not `buildSync`).
 */
export const bundlingOptions = (entry: string, outdir: string): BuildOptions => ({
  entryPoints: { index: entry, ...processEntries(entry) },
  entryNames: '[name]',
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  banner: { js: requireBanner },
  alias: { '@aws-sdk/credential-provider-node': envCredentials },
  // evaluated before the function's own code, in place of NODE_OPTIONS=--enable-source-maps
  inject: [stackTraces],
  // the lazily imported SDK clients' protocol code stays in their chunks (why: barrel-imports.ts); Node's own modules
  // come with `require`, not with the ESM facade an `import` of them builds (why: builtin-requires.ts)
  plugins: [barrelImports(), builtinRequires()],
  logLevel: 'warning',
});
