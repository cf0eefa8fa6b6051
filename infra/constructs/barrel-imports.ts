import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';

/** The AWS SDK's packages: their files import the shared ones' barrels. */
const sdkFiles = /[\\/]node_modules[\\/]@(?:aws-sdk|smithy)[\\/].*\.js$/;
/** The shared packages' barrels (`@aws-sdk/core/protocols`, `@smithy/core/serde`...), the ones that matter here. */
const sharedBarrel = /^@(?:aws-sdk|smithy)\/core(?:\/|$)/;
/** `import { a, b as c } from "spec";` (a named import only, on one or more lines) */
const namedImport = /^import\s*\{([^}]*)\}\s*from\s*(["'])([^"']+)\2;?/gm;
/** `export { a, b as c } from "spec";`: what a barrel file is made of */
const reExport = /export\s*\{([^}]*)\}\s*from\s*(["'])([^"']+)\2;?/g;

type Origin = { path: string; name: string };

/** `a`, `a as b` of an import or export list: [the name where it comes from, the name it gets here] */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [from, as = from] = item.split(/\s+as\s+/) as [string, string?];
      return [from, as] as const;
    });

/**
 * Named imports of the AWS SDK's shared barrels made straight from the files that define the names (an esbuild
 * plugin of the house bundling, function.ts).
 *
 * Why: the SDK clients reach the shared packages through barrels (`@aws-sdk/core/protocols`,
 * `@smithy/core/checksum`...) that re-export every protocol's and every checksum's code. esbuild's code splitting
 * gives a file to the chunks of every entry that reaches it through imports, used or not, and keeps a file's code when
 * any entry uses it: so every protocol's code reached by any SDK client of a function lands in a chunk that all its
 * clients share (when the SDK's DynamoDB client still loaded at cold start, the REST-XML serializers that only the
 * lazily imported S3 client uses were 40 KiB of the account Lambda's cold start of 423). Imported from their own
 * files, each protocol's code is reached by its own client's chunk alone and loads with it.
 *
 * Only an `import { ... } from` a shared barrel made of `export { ... } from` statements alone is rewritten (followed
 * through nested barrels to the file defining each name); a name not found is still imported from the barrel, which
 * stays correct. Lines are kept, so the source maps still point at the package's lines.
 */
export const barrelImports = (): Plugin => ({
  name: 'barrel-imports',
  setup(build) {
    const resolved = new Map<string, Promise<string | undefined>>();
    const resolve = (spec: string, from: string) => {
      const key = `${spec}\n${dirname(from)}`;
      let found = resolved.get(key);
      if (!found) {
        found = build
          .resolve(spec, { kind: 'import-statement', resolveDir: dirname(from) })
          .then((result) =>
            result.errors.length > 0 || result.external || result.namespace !== 'file' ? undefined : result.path,
          );
        resolved.set(key, found);
      }
      return found;
    };

    /** a barrel's names and the files defining them; null: the module is not a barrel */
    const barrels = new Map<string, Promise<Map<string, Origin> | null>>();
    const barrelOf = (path: string) => {
      let found = barrels.get(path);
      if (!found) {
        found = (async () => {
          const source = readFileSync(path, 'utf8');
          const statements = [...source.matchAll(reExport)];
          const rest = source
            .replace(reExport, '')
            .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
            .trim();
          if (statements.length === 0 || rest !== '') return null;
          const names = new Map<string, Origin>();
          for (const [, list, , spec] of statements) {
            const target = await resolve(spec!, path);
            if (!target) continue;
            const nested = await barrelOf(target);
            for (const [from, as] of specifiers(list!)) {
              const origin = nested ? nested.get(from) : { path: target, name: from };
              if (origin) names.set(as, origin);
            }
          }
          return names;
        })();
        barrels.set(path, found);
      }
      return found;
    };

    build.onLoad({ filter: sdkFiles }, async ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (!source.includes('/core')) return undefined;
      const rewrites: { start: number; end: number; text: string }[] = [];
      for (const match of source.matchAll(namedImport)) {
        const [statement, list, , spec] = match;
        if (!sharedBarrel.test(spec!)) continue;
        const target = await resolve(spec!, path);
        const names = target ? await barrelOf(target) : null;
        if (!names) continue;
        const byFile = new Map<string, string[]>();
        const kept: string[] = [];
        for (const [from, as] of specifiers(list!)) {
          const origin = names.get(from);
          if (!origin) kept.push(from === as ? from : `${from} as ${as}`);
          else
            byFile.set(origin.path, [
              ...(byFile.get(origin.path) ?? []),
              origin.name === as ? as : `${origin.name} as ${as}`,
            ]);
        }
        const imports = [...byFile].map(
          ([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`,
        );
        if (kept.length > 0) imports.push(`import { ${kept.join(', ')} } from ${JSON.stringify(spec)};`);
        rewrites.push({
          start: match.index,
          end: match.index + statement.length,
          text: imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1),
        });
      }
      if (rewrites.length === 0) return undefined;
      let contents = '';
      let at = 0;
      for (const { start, end, text } of rewrites) {
        contents += source.slice(at, start) + text;
        at = end;
      }
      return { contents: contents + source.slice(at), loader: 'js', resolveDir: dirname(path) };
    });
  },
});
