import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Injected into every Lambda bundle by the house bundling (function.ts), ahead of the function's own code: stack
 * traces point at the TypeScript sources, as Node's `--enable-source-maps` makes them, but a bundle file's source map
 * is read when a stack through that file is first formatted instead of when the file loads. The flag reads and
 * parses the map of every file at load and scans the file for its line lengths: about 8 ms of every cold start on
 * this machine (`npm run bench`), for maps that most cold starts never use.
 * Frames are written as Node writes them with the flag; the int test holds the two to the same text.
 */
const maps = new Map<string, { map: SourceMap; url: URL } | undefined>();

/** The source map beside a bundle file (`index.mjs.map`), read once; none for Node's own and unmapped files. */
const mapOf = (fileName: string) => {
  if (!maps.has(fileName)) {
    let found: { map: SourceMap; url: URL } | undefined;
    try {
      const file = fileName.startsWith('file:') ? fileURLToPath(fileName) : fileName;
      if (/\.[cm]?js$/.test(file) && file.startsWith('/')) {
        const url = pathToFileURL(`${file}.map`);
        found = { map: new SourceMap(JSON.parse(readFileSync(url, 'utf8'))), url };
      }
    } catch {
      // no readable map: the frame stays as the bundle has it
    }
    maps.set(fileName, found);
  }
  return maps.get(fileName);
};

/** Node's naming of a mapped frame: the enclosing function's original name, else the one at the caller's call. */
const originalName = (map: SourceMap, site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined) => {
  const enclosing = map.findEntry((site.getEnclosingLineNumber() ?? 0) - 1, (site.getEnclosingColumnNumber() ?? 0) - 1);
  if ('name' in enclosing && enclosing.name) return enclosing.name as string;
  if (caller && caller.getFileName() === site.getFileName()) {
    const call = map.findEntry((caller.getLineNumber() ?? 0) - 1, (caller.getColumnNumber() ?? 0) - 1);
    if ('name' in call) return call.name as string | undefined;
  }
  return undefined;
};

/** One frame as Node's `serializeJSStackFrame` writes it (lib/internal/source_map/prepare_stack_trace.js). */
const frame = (site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined) => {
  const fileName = site.getFileName();
  const mapped = fileName ? mapOf(fileName) : undefined;
  const entry = mapped?.map.findEntry((site.getLineNumber() ?? 0) - 1, (site.getColumnNumber() ?? 0) - 1);
  if (!mapped || !entry || !('originalSource' in entry)) return `    at ${site}`;
  const source = fileURLToPath(new URL(entry.originalSource, mapped.url));
  const prefix = site.isAsync() ? 'async ' : site.isConstructor() ? 'new ' : '';
  const typeName = site.getTypeName();
  const namePrefix = typeName !== null && typeName !== 'global' ? `${typeName}.` : '';
  const name = `${namePrefix}${originalName(mapped.map, site, caller) || (site.getFunctionName() ?? site.getMethodName()) || '<anonymous>'}`;
  return `    at ${prefix}${name} (${source}:${entry.originalLine + 1}:${entry.originalColumn + 1})`;
};

Error.prepareStackTrace = (error: Error, sites: NodeJS.CallSite[]) => {
  let header: string;
  try {
    header = Error.prototype.toString.call(error);
  } catch {
    header = '<error>';
  }
  return [header, ...sites.map((site, index) => frame(site, sites[index + 1]))].join('\n');
};
