import { build } from 'esbuild';
import { bundlingOptions } from './bundling.js';

/**
 * `node --import tsx infra/constructs/bundle-function.ts <entry> <outdir>`: the house bundling of one function, in a
 * process of its own. The CDK asks for an asset's bundle synchronously (function.ts `bundleFunction`) and esbuild runs
 * plugins in its asynchronous API only.
 */
const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('usage: bundle-function.ts <entry> <outdir>');
await build(bundlingOptions(entry, outdir));
