/**
 * Counts of "one way per thing" in the product code (STYLE §1): how many ways the code has to do what should be done
 * one way, each with the places that make it more than one, so a clean-up can be planned and checked. Reads the tree as
 * text (and its imports with TypeScript's own pre-processor); runs nothing, writes nothing.
 *
 *   npm run report:one-way            the counts and their places
 *   npm run report:one-way -- --json  the same as JSON
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { circles, groupGraph, lambdaDomain, webModule } from './one-way/circles.js';
import { valueImports } from './one-way/imports.js';

const root = resolve(import.meta.dirname, '..');
const productRoots = ['lambdas', 'shared', 'web/src', 'infra'];
const sourceFile = /\.(ts|tsx)$/;
const testFile = /(\.test\.tsx?$|\/test\/|\/e2e\/|\.d\.ts$)/;

const walk = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'cdk.out' || name.startsWith('.')) return [];
    return statSync(join(root, path)).isDirectory() ? walk(path) : sourceFile.test(name) ? [path] : [];
  });

const allFiles = productRoots.flatMap(walk);
const productFiles = allFiles.filter((file) => !testFile.test(file));
const testFiles = allFiles.filter((file) => testFile.test(file) && !file.endsWith('.d.ts'));
const text = new Map(allFiles.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
const read = (file: string) => text.get(file) ?? '';

interface Count {
  name: string;
  goal: number;
  count: number;
  places: string[];
}

const linesMatching = (files: string[], pattern: RegExp) =>
  files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
  );

/** Where the entity layer lives: the only files that may speak DynamoDB's transaction and condition vocabulary. */
const entityLayer = (file: string) => file.startsWith('lambdas/data/entity/');
/** A way is a file, except the entity layer's, which are one way together. */
const wayOf = (place: string) => (entityLayer(place) ? 'lambdas/data/entity/' : place.split(':')[0]);

const failedConditionReaders = (): Count => {
  const helpers = linesMatching(
    productFiles,
    /(export )?(const|function) (isConditionFailed|isConditionFailure|writtenIf|transact|conditionFailed\w*)\b/,
  );
  // the DynamoDB client (lambdas/data/dynamo.ts) builds the errors these read: it carries the fields, reads none
  const rawReads = linesMatching(
    productFiles.filter((file) => !entityLayer(file) && file !== 'lambdas/data/dynamo.ts'),
    /ConditionalCheckFailed|[Cc]ancellationReasons|reasons\[\d\]/,
  );
  const ways = new Set(helpers.map(wayOf));
  return {
    name: 'ways to read a failed condition',
    goal: 1,
    count: ways.size + (rawReads.length > 0 ? 1 : 0),
    places: [...helpers, ...rawReads.map((place) => `${place} (raw)`)],
  };
};

const rawTransactions = (): Count => {
  const places = linesMatching(
    productFiles.filter((file) => !entityLayer(file)),
    /new TransactWriteCommand\b/,
  );
  return { name: 'raw TransactWriteCommand outside the entity layer', goal: 0, count: places.length, places };
};

const tenantKeyBuilders = (): Count => {
  const definitions = linesMatching(productFiles, /(const|function) (userKey|userPartitionKey|tenantKey)\b/);
  // the builder itself spells the key once
  const inline = linesMatching(
    productFiles.filter((file) => file !== 'lambdas/data/entity/keys.ts'),
    /`USER#\$\{/,
  );
  return {
    name: 'tenant-key builders',
    goal: 1,
    count: definitions.length + inline.length,
    places: [...definitions, ...inline.map((place) => `${place} (inline)`)],
  };
};

/** Every product file's imports of other product files (relative and the repo's path aliases). */
const importGraph = () => {
  const known = new Set(allFiles);
  const resolveImport = (from: string, specifier: string) => {
    const base = specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : specifier.startsWith('@shared/')
        ? `shared/${specifier.slice('@shared/'.length)}`
        : specifier.startsWith('@/')
          ? `web/src/${specifier.slice(2)}`
          : undefined;
    if (!base) return undefined;
    const stem = base.replace(/\.js$/, '');
    return [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find((candidate) =>
      known.has(candidate),
    );
  };
  const graph = new Map<string, string[]>();
  for (const file of productFiles) {
    graph.set(
      file,
      valueImports(file, read(file))
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => target !== undefined && !testFile.test(target)),
    );
  }
  return graph;
};

/** Blocks of `size` lines (trimmed, blank and comment lines left out) that stand in two places of product code. */
const repeatedBlocks = (size: number): Count => {
  const seen = new Map<string, string>();
  const pairs = new Set<string>();
  for (const file of productFiles) {
    const lines = read(file)
      .split('\n')
      .map((line, index) => ({ line: line.trim(), at: index + 1 }))
      .filter(({ line }) => line.length > 2 && !/^(\/\/|\*|\/\*\*|\*\/|import |\}|\)|\]|\};|\);|\]\);)/.test(line));
    let lastPairedAt = -1;
    for (let start = 0; start + size <= lines.length; start += 1) {
      const key = lines
        .slice(start, start + size)
        .map(({ line }) => line)
        .join('\n');
      const here = `${file}:${lines[start]?.at}`;
      const there = seen.get(key);
      if (there === undefined) seen.set(key, here);
      else if (start > lastPairedAt && there.split(':')[0] !== file) {
        pairs.add(`${there} = ${here}`);
        lastPairedAt = start + size - 1;
      }
    }
  }
  return { name: `repeated blocks of ${size}+ lines in product code`, goal: 0, count: pairs.size, places: [...pairs] };
};

const apiTestSetups = (): Count => {
  const places = linesMatching(
    testFiles.filter((file) => file.startsWith('lambdas/')),
    /^(export )?(const|async function|function) (call|callRoute|invoke|request|api)\b/,
  );
  return { name: 'API test set-ups', goal: 1, count: places.length, places };
};

/**
 * The web's colour literals stand in its theme only (ui/appTheme.ts for antd, index.css for the page under it,
 * ui/theme/ for the public palette and the providers' marks): everything else paints with their tokens, so a colour
 * is chosen once, for both schemes, at a contrast that reads (WCAG 2.2 AA, ui/appTheme.test.ts).
 */
const themeFile = (file: string) =>
  file === 'web/src/ui/appTheme.ts' || file === 'web/src/index.css' || file.startsWith('web/src/ui/theme/');
const colourLiterals = (): Count => {
  const styles = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      return statSync(join(root, path)).isDirectory() ? styles(path) : name.endsWith('.css') ? [path] : [];
    });
  const webFiles = [...productFiles.filter((file) => file.startsWith('web/src/')), ...styles('web/src')].filter(
    (file) => !themeFile(file),
  );
  for (const file of webFiles) if (!text.has(file)) text.set(file, readFileSync(join(root, file), 'utf8'));
  const places = linesMatching(webFiles, /#[0-9a-fA-F]{3,8}\b(?![-\w])/);
  return { name: 'colour literals outside the web theme', goal: 0, count: places.length, places };
};

const trackerReferences = (): Count => {
  const places = linesMatching(productFiles, /\bissues? #?\d+\b/i);
  return { name: '"issue N" references in product code', goal: 0, count: places.length, places };
};

const graph = importGraph();
const fileCircles = circles(graph);
/**
 * The Lambdas' groups import one way (value imports; a type-only import leaves no arrow), held so by lint:
 *   a domain's handlers (http.ts, workers, jobs, stream consumers) -> its services -> lower domains' index.ts,
 *     today in this order: account, ai, documents > replies, dashboard > billing, profiles, drafts, meetings >
 *     templates, conversations > contacts, mailboxes (which starts a sent-from mailbox's reply checks)
 *   -> providers (the vendors' adapters)
 *   -> core (config and secrets, logger, errors, the HTTP and SQS kits)
 *   -> data (the table: entities, and read models more than one domain reads, such as a contact's primary draft
 *      and its analytics dimensions)
 *   -> shared.
 * A piece two domains need goes down to the lowest group that owns it rather than making an arrow point up.
 */
const domainCircles = circles(groupGraph(graph, lambdaDomain));
const moduleCircles = circles(groupGraph(graph, webModule));
const counts: Count[] = [
  failedConditionReaders(),
  rawTransactions(),
  tenantKeyBuilders(),
  {
    name: 'file circles',
    goal: 0,
    count: fileCircles.length,
    places: fileCircles.map((circle) => circle.join(' <-> ')),
  },
  {
    name: 'lambdas domain circles',
    goal: 0,
    count: domainCircles.length,
    places: domainCircles.map((circle) => circle.join(' <-> ')),
  },
  {
    name: 'web module circles',
    goal: 0,
    count: moduleCircles.length,
    places: moduleCircles.map((circle) => circle.join(' <-> ')),
  },
  repeatedBlocks(10),
  apiTestSetups(),
  trackerReferences(),
  colourLiterals(),
];

/**
 * The counts `npm run lint` holds at their goal (`--enforce`): each joins once it reaches its goal, so what was cleaned
 * up stays clean.
 */
const enforced = new Set([
  'ways to read a failed condition',
  'raw TransactWriteCommand outside the entity layer',
  'tenant-key builders',
  'API test set-ups',
  'file circles',
  'lambdas domain circles',
  'web module circles',
  'repeated blocks of 10+ lines in product code',
  '"issue N" references in product code',
  'colour literals outside the web theme',
]);

if (process.argv.includes('--enforce')) {
  const off = counts.filter(({ name, goal, count }) => enforced.has(name) && count !== goal);
  for (const { name, goal, count, places } of off) {
    console.error(`${name}: ${count}, must be ${goal}`);
    for (const place of places) console.error(`  ${place}`);
  }
  process.exitCode = off.length > 0 ? 1 : 0;
} else if (process.argv.includes('--json')) console.log(JSON.stringify(counts, null, 2));
else {
  for (const { name, goal, count, places } of counts) {
    console.log(`${count === goal || (goal === 1 && count <= 1) ? 'ok  ' : 'TODO'} ${name}: ${count} (goal ${goal})`);
    for (const place of places.slice(0, 12)) console.log(`       ${relative('.', place)}`);
    if (places.length > 12) console.log(`       ... and ${places.length - 12} more`);
  }
}
