import { builtinModules } from 'node:module';
import type { Plugin } from 'esbuild';

const builtins = new Set(builtinModules);
const namespace = 'node-builtin';

/**
 * Node's own modules imported with `require` in the bundle, not with `import` (an esbuild plugin of the house bundling,
 * bundling.ts).
 *
 * Why: an ESM `import` of a built-in module makes Node build the module's ESM facade, which reads every export of the
 * module once, getters included, and some getters load whole subsystems: importing `node:http` so loads undici, HTTP/2,
 * TLS, zlib and worker threads (47 ms on the bench machine, against 7 ms for `require('node:http')`); `node:crypto`'s
 * facade loads WebCrypto, `node:fs`'s the promises API (7 ms and 5 ms more than their `require`). A bundle is one ESM
 * file, so every built-in the functions and their packages import paid this at cold start. `require` (the bundle's
 * own, made with `createRequire` in its banner) returns the same module object without the facade, and esbuild reads
 * the named imports off it where they are used.
 *
 * Each import of `node:X` (or `X`) of a module in the bundle is resolved to a module of this plugin whose whole text is
 * `module.exports = require('node:X')`, which esbuild leaves as a `require` of the built-in.
 */
export const builtinRequires = (): Plugin => ({
  name: 'builtin-requires',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_][a-z0-9_/]*$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!builtins.has(name)) return undefined;
      // the `require` of the plugin's own module: the built-in itself, left to Node
      if (args.namespace === namespace) return { path: args.path, external: true };
      if (args.kind !== 'import-statement' && args.kind !== 'dynamic-import') return undefined;
      return { path: `node:${name}`, namespace };
    });
    build.onLoad({ filter: /.*/, namespace }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
});
