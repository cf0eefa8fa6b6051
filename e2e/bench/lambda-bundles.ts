import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What every Lambda may load at cold start, and how long that may take above an empty module. */
export const lambdaBudget = { coldStartBytes: 500 * 1024, importMs: 60 } as const;

/** A chunk the function loads with `await import()` when a request needs it, and what that first use costs. */
export type LazyChunk = {
  /** its file name without the hash, and the packages (or our own folders) whose code it holds (its source maps) */
  label: string;
  /** the chunk and the chunks it imports statically that cold start did not load */
  bytes: number;
  /** median ms of the `import()` in a process that has already loaded the function */
  firstUseMs: number;
  /** median CPU ms of the main thread over the same */
  firstUseCpuMs: number;
};

export type LambdaBundle = {
  /** construct path without the stack and `/Function/Resource`, e.g. `Api/Contacts` */
  name: string;
  /** the file named by the handler (`index.mjs`) */
  entryBytes: number;
  /** the entry and every file it imports statically (code splitting), as loaded by the cold import */
  coldStartBytes: number;
  /** every file of the asset but source maps */
  assetBytes: number;
  /** median cold import of the entry above the median of an empty module, in a fresh Node process each */
  importMs: number;
  /**
   * median CPU time of the main thread over the same import, above the empty module's: what the import costs the
   * thread that runs it, which other work on the machine inflates far less than the wall time
   */
  importCpuMs: number;
  lazy: LazyChunk[];
  /** over budget: `time` by the wall-time median (the budget's measure), `cpu` by the importing thread's */
  over: ('size' | 'time' | 'cpu')[];
};

export type LambdaBench = {
  functions: LambdaBundle[];
  /** functions of the stack that are not the house construct's (CDK's own custom-resource handlers) */
  skipped: string[];
  /** the machine's 1-minute load average before and after: how busy it was while measuring (2 cores) */
  load: [number, number];
  emptyImportMs: number;
  emptyImportCpuMs: number;
  runs: number;
};

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Node 22 from the `node` devDependency, the runtime the functions get (NOTES.md "Node version"). */
const nodeBin = join(repoRoot, 'node_modules/.bin/node');

type CfnValue = string | number | boolean | { [fn: string]: unknown } | CfnValue[];
type CfnResource = { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> };
type Template = { Resources: Record<string, CfnResource> };
/** A synthesized stack; a nested one with the parameters its parent fills (in the parent's terms). */
type Stack = { stackName: string; template: Template; parent?: Stack; parameters?: Record<string, CfnValue> };

/**
 * `cdk synth` of infra/app.ts with bundling, into `outdir`: the same app, context (cdk.json) and house bundling as a
 * deploy, run the way the CLI runs it (CDK_OUTDIR, CDK_CONTEXT_JSON and CDK_DEFAULT_REGION), minus the CLI's web
 * build (cdk.json `build`), which the functions do not need.
 */
const synthesize = (outdir: string) => {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const context = {
    ...cdkJson.context,
    'aws:cdk:enable-path-metadata': true,
    'aws:cdk:enable-asset-metadata': true,
  };
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CDK_OUTDIR: outdir,
      CDK_CONTEXT_JSON: JSON.stringify(context),
      // the CLI names the region of the caller's profile; the app places the main stack there (infra/app.ts)
      CDK_DEFAULT_REGION: region,
      CDK_DISABLE_VERSION_CHECK: '1',
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`synth failed:\n${result.stdout}\n${result.stderr}`);
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const stacks: Stack[] = Object.entries(manifest.artifacts)
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
    .map(([stackName, artifact]) => ({
      stackName,
      template: JSON.parse(readFileSync(join(outdir, artifact.properties!.templateFile!), 'utf8')) as Template,
    }));
  // nested stacks (infra/stack.ts nests the HTTP functions and the background ones) are assets of their parent, not
  // artifacts of the manifest; the parent's stack resource names the template and fills its parameters
  const all = [...stacks];
  for (let index = 0; index < all.length; index++) {
    const stack = all[index]!;
    for (const resource of Object.values(stack.template.Resources)) {
      const file = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::CloudFormation::Stack' || typeof file !== 'string') continue;
      all.push({
        stackName: file.replace(/\.nested\.template\.json$/, ''),
        template: JSON.parse(readFileSync(join(outdir, file), 'utf8')) as Template,
        parent: stack,
        parameters: (resource.Properties?.Parameters ?? {}) as Record<string, CfnValue>,
      });
    }
  }
  return all;
};

const region = 'eu-west-1';
const account = '123456789012';

/**
 * A template value as a plausible string: the environment holds references to resources (table, bucket, queue URL,
 * user pool, web origin) that exist only once deployed, and the handlers check some of them at import.
 */
const resolveValue = (value: CfnValue, stack: Stack): string => {
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) throw new Error(`A list where a string was expected: ${JSON.stringify(value)}`);
  const [fn, args] = Object.entries(value)[0]! as [string, CfnValue];
  const { template, stackName } = stack;
  const resolve = (inner: CfnValue) => resolveValue(inner, stack);
  switch (fn) {
    case 'Ref': {
      const pseudo: Record<string, string> = {
        'AWS::Region': region,
        'AWS::AccountId': account,
        'AWS::Partition': 'aws',
        'AWS::URLSuffix': 'amazonaws.com',
        'AWS::StackName': stackName,
      };
      const id = String(args);
      if (pseudo[id]) return pseudo[id];
      const type = template.Resources[id]?.Type;
      if (type === 'AWS::SQS::Queue') return `https://sqs.${region}.amazonaws.com/${account}/${id}`;
      if (type === 'AWS::Cognito::UserPool') return `${region}_${id.slice(0, 9)}`;
      if (type === 'AWS::SecretsManager::Secret') {
        // a secret's ARN ends in its name and a random suffix
        const name = template.Resources[id]?.Properties?.Name;
        return `arn:aws:secretsmanager:${region}:${account}:secret:${typeof name === 'string' ? name : id}-AbCdEf`;
      }
      // a nested stack's parameter: what its parent fills it with, in the parent's terms
      const parameter = stack.parameters?.[id];
      if (parameter !== undefined && stack.parent) return resolveValue(parameter, stack.parent);
      return id.toLowerCase();
    }
    case 'Fn::GetAtt': {
      const [id, attribute] = args as [string, string];
      if (attribute === 'DomainName') return `${id.toLowerCase()}.cloudfront.net`;
      if (attribute === 'Arn')
        return `arn:aws:${template.Resources[id]?.Type.split('::')[1]?.toLowerCase()}:${region}:${account}:${id}`;
      return `${id}.${attribute}`;
    }
    case 'Fn::Join': {
      const [separator, parts] = args as [string, CfnValue[]];
      return parts.map(resolve).join(separator);
    }
    case 'Fn::Select': {
      const [index, list] = args as [number, CfnValue];
      // a part of a split value, e.g. a secret's name out of its ARN
      const split = typeof list === 'object' && !Array.isArray(list) ? (list['Fn::Split'] as CfnValue) : undefined;
      const items = Array.isArray(split)
        ? resolve(split[1] as CfnValue).split(String(split[0]))
        : Array.isArray(list)
          ? list.map(resolve)
          : undefined;
      if (!items?.[index]) throw new Error(`The bench cannot stand in for Fn::Select of ${JSON.stringify(list)}`);
      return items[index];
    }
    default:
      throw new Error(`The bench cannot stand in for ${fn} in a function's environment: teach resolveValue`);
  }
};

/** What the Lambda runtime adds to every function's environment (credentials are dummies: nothing is called). */
const runtimeEnvironment = (functionName: string, handler: string, memory: unknown) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'en_US.UTF-8',
  TZ: ':UTC',
  AWS_REGION: region,
  AWS_DEFAULT_REGION: region,
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  AWS_LAMBDA_FUNCTION_NAME: functionName,
  AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(memory ?? 128),
  AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${functionName}`,
  AWS_LAMBDA_LOG_STREAM_NAME: 'bench',
  AWS_ACCESS_KEY_ID: 'ASIABENCHBENCHBENCH0',
  AWS_SECRET_ACCESS_KEY: 'bench-secret-access-key',
  AWS_SESSION_TOKEN: 'bench-session-token',
  LAMBDA_TASK_ROOT: '/var/task',
  LAMBDA_RUNTIME_DIR: '/var/runtime',
  _HANDLER: handler,
});

/**
 * What Lambda's Node runtime has loaded before it imports the handler, so that a cold import here costs what it costs
 * there: its Runtime API client (aws/aws-lambda-nodejs-runtime-interface-client, src/client/rapid-client.ts; the older
 * RAPIDClient.js alike) requires `node:http` when it loads, and the runtime builds that client before it loads the
 * function. Charging each function for `node:http` (about 6 ms here) would measure a process Lambda never runs.
 */
const runtimePreloads = ['node:http'] as const;

/**
 * The child's script: with `record`, the files the imports load (a module hook); otherwise the ms of importing
 * argv[1] (and checking its handler export), then of importing argv[3] on top when given: a lazy chunk's first use.
 */
const childScript = `
const [entry, exportName, chunk, record] = process.argv.slice(1);
const { createRequire } = await import('node:module');
const runtimeRequire = createRequire(import.meta.url);
for (const name of ${JSON.stringify(runtimePreloads)}) runtimeRequire(name);
const loaded = [];
if (record === 'record') {
  const { registerHooks } = await import('node:module');
  registerHooks({ load: (url, context, next) => { if (url.startsWith('file:')) loaded.push(url); return next(url, context); } });
}
const cpuMs = (since) => { const { user, system } = process.threadCpuUsage(since); return (user + system) / 1000; };
let cpu = process.threadCpuUsage();
let started = performance.now();
const module = await import(entry);
const entryMs = performance.now() - started;
const entryCpuMs = cpuMs(cpu);
if (exportName && typeof module[exportName] !== 'function') throw new Error('no function export ' + exportName);
const coldFiles = loaded.splice(0);
let chunkMs = 0;
let chunkCpuMs = 0;
if (chunk) {
  cpu = process.threadCpuUsage();
  started = performance.now();
  await import(chunk);
  chunkMs = performance.now() - started;
  chunkCpuMs = cpuMs(cpu);
}
process.stdout.write(JSON.stringify({ entryMs, entryCpuMs, chunkMs, chunkCpuMs, coldFiles, chunkFiles: loaded }));
`;

type ChildResult = {
  entryMs: number;
  entryCpuMs: number;
  chunkMs: number;
  chunkCpuMs: number;
  coldFiles: string[];
  chunkFiles: string[];
};

const runChild = (
  env: Record<string, string>,
  entry: string,
  exportName = '',
  chunk = '',
  record = false,
): ChildResult =>
  JSON.parse(
    execFileSync(
      nodeBin,
      ['--input-type=module', '-e', childScript, entry, exportName, chunk, record ? 'record' : ''],
      {
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  ) as ChildResult;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const sizeOf = (url: string) => statSync(fileURLToPath(url)).size;

/** Every file of a folder, recursively. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** `import("./chunk.mjs")` in esbuild's output: the chunks a file loads only when the code path runs. */
const dynamicImports = (url: string) =>
  [...readFileSync(fileURLToPath(url), 'utf8').matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map(
    (match) => new URL(match[1]!, url).href,
  );

/** What code a chunk holds: its file name without the hash, then package names (or our folders) from its maps. */
const labelOf = (target: string, urls: string[]) => {
  const names = new Set<string>();
  for (const url of urls) {
    let sources: string[] = [];
    try {
      sources = (JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')) as { sources: string[] }).sources;
    } catch {
      continue;
    }
    for (const source of sources) {
      const modules = source.split('node_modules/');
      const name =
        modules.length > 1
          ? modules
              .at(-1)!
              .split('/')
              .slice(0, modules.at(-1)!.startsWith('@') ? 2 : 1)
              .join('/')
          : (/(?:^|\/)((?:lambdas|shared)\/.*)\/[^/]+$/.exec(source)?.[1] ?? '');
      if (name) names.add(name);
    }
  }
  const list = [...names];
  const file = fileURLToPath(target)
    .split('/')
    .at(-1)!
    .replace(/-[A-Z0-9]{8}\.m?js$/, '');
  return `${file}: ${list.length > 4 ? `${list.slice(0, 4).join(', ')} +${list.length - 4}` : list.join(', ')}`;
};

/**
 * Every function of the stack as the deploy ships it: synthesizes the app with bundling into a temporary folder,
 * then, for each function the house construct made, imports its asset's handler file in a fresh Node 22 process with
 * the environment the template gives it (references stood in for) plus the Lambda runtime's, `runs` times,
 * interleaved with an empty module's imports so that a busy machine slows both alike. Also measures, for every chunk
 * a cold-start file loads with `await import()`, what that chunk's first use adds. Medians: other work on the machine
 * makes single runs noisy.
 */
export const measureLambdaBundles = async (
  options: {
    runs?: number;
    /** only the functions whose name this accepts (default: every one) */
    only?: (name: string) => boolean;
    /** measure the lazy chunks' first use too (default: true) */
    firstUse?: boolean;
    /** synthesize into this folder and keep it (to profile an asset afterwards); default: a temporary one, removed */
    outdir?: string;
  } = {},
): Promise<LambdaBench> => {
  const runs = options.runs ?? 7;
  const firstUse = options.firstUse ?? true;
  const loadBefore = loadavg()[0]!;
  const outdir = options.outdir ?? mkdtempSync(join(tmpdir(), 'lambda-bench-'));
  try {
    const stacks = synthesize(outdir);
    const emptyModule = pathToFileURL(join(outdir, 'empty.mjs')).href;
    writeFileSync(fileURLToPath(emptyModule), '');

    type Subject = { name: string; env: Record<string, string>; entry: string; exportName: string; assetDir: string };
    const subjects: Subject[] = [];
    const skipped: string[] = [];
    for (const stack of stacks) {
      const { template } = stack;
      for (const [id, resource] of Object.entries(template.Resources)) {
        if (resource.Type !== 'AWS::Lambda::Function') continue;
        const properties = resource.Properties ?? {};
        const path = String(resource.Metadata?.['aws:cdk:path'] ?? id);
        const variables = ((properties.Environment as { Variables?: Record<string, CfnValue> } | undefined)
          ?.Variables ?? {}) as Record<string, CfnValue>;
        const assetPath = resource.Metadata?.['aws:asset:path'];
        // every house function names its service for Powertools (infra/constructs/function.ts)
        if (!('POWERTOOLS_SERVICE_NAME' in variables) || typeof assetPath !== 'string') {
          skipped.push(`${path} (${String(properties.Runtime)})`);
          continue;
        }
        const handler = String(properties.Handler);
        const [file, exportName] = [
          handler.slice(0, handler.lastIndexOf('.')),
          handler.slice(handler.lastIndexOf('.') + 1),
        ];
        const assetDir = join(outdir, assetPath);
        const entryFile = ['mjs', 'js', 'cjs']
          .map((ext) => join(assetDir, `${file}.${ext}`))
          .find((candidate) => {
            try {
              return statSync(candidate).isFile();
            } catch {
              return false;
            }
          });
        if (!entryFile) throw new Error(`${path}: no ${file}.mjs in its asset`);
        // the path within the app's stack (a nested stack's path starts with its parent's name)
        const name = path
          .replace(/^[^/]+\//, '')
          .replace(/\/Function\/Resource$/, '')
          .replace(/\/Resource$/, '');
        if (options.only && !options.only(name)) continue;
        const env = Object.fromEntries(
          Object.entries(variables).map(([name, value]) => [name, resolveValue(value, stack)]),
        );
        subjects.push({
          name,
          env: { ...runtimeEnvironment(id, handler, properties.MemorySize), ...env },
          entry: pathToFileURL(entryFile).href,
          exportName,
          assetDir,
        });
      }
    }
    if (subjects.length === 0) throw new Error('The stack has no house function');

    // which files a cold start loads, and which chunks it leaves for later (also those a lazy chunk imports lazily)
    const shapes = subjects.map((subject) => {
      const { coldFiles } = runChild(subject.env, subject.entry, subject.exportName, '', true);
      const cold = new Set(coldFiles);
      const pending = firstUse ? coldFiles.flatMap(dynamicImports) : [];
      const seen = new Set<string>();
      const lazy: { target: string; label: string; bytes: number; ms: number[]; cpuMs: number[] }[] = [];
      for (let target = pending.shift(); target; target = pending.shift()) {
        if (cold.has(target) || seen.has(target)) continue;
        seen.add(target);
        const { chunkFiles } = runChild(subject.env, subject.entry, subject.exportName, target, true);
        const files = chunkFiles.filter((url) => !cold.has(url));
        pending.push(...files.flatMap(dynamicImports));
        const bytes = files.reduce((sum, url) => sum + sizeOf(url), 0);
        lazy.push({ target, label: labelOf(target, files), bytes, ms: [], cpuMs: [] });
      }
      return { coldFiles, lazy, ms: [] as number[], cpuMs: [] as number[] };
    });

    const empty = { ms: [] as number[], cpuMs: [] as number[] };
    // the empty module under the first function's environment (NODE_OPTIONS included), which it does not read
    const baselineEnv = subjects[0]!.env;
    for (let run = 0; run < runs; run++) {
      const baseline = runChild(baselineEnv, emptyModule);
      empty.ms.push(baseline.entryMs);
      empty.cpuMs.push(baseline.entryCpuMs);
      subjects.forEach((subject, index) => {
        const shape = shapes[index]!;
        const result = runChild(subject.env, subject.entry, subject.exportName);
        shape.ms.push(result.entryMs);
        shape.cpuMs.push(result.entryCpuMs);
        for (const chunk of shape.lazy) {
          const firstUse = runChild(subject.env, subject.entry, subject.exportName, chunk.target);
          chunk.ms.push(firstUse.chunkMs);
          chunk.cpuMs.push(firstUse.chunkCpuMs);
        }
      });
    }
    const emptyImportMs = median(empty.ms);
    const emptyImportCpuMs = median(empty.cpuMs);

    const functions = subjects.map((subject, index): LambdaBundle => {
      const shape = shapes[index]!;
      const coldStartBytes = shape.coldFiles.reduce((sum, url) => sum + sizeOf(url), 0);
      const importMs = median(shape.ms) - emptyImportMs;
      const importCpuMs = median(shape.cpuMs) - emptyImportCpuMs;
      const over: LambdaBundle['over'] = [];
      if (coldStartBytes > lambdaBudget.coldStartBytes) over.push('size');
      if (importMs > lambdaBudget.importMs) over.push('time');
      if (importCpuMs > lambdaBudget.importMs) over.push('cpu');
      return {
        name: subject.name,
        entryBytes: sizeOf(subject.entry),
        coldStartBytes,
        assetBytes: filesOf(subject.assetDir)
          .filter((file) => !file.endsWith('.map'))
          .reduce((sum, file) => sum + statSync(file).size, 0),
        importMs,
        importCpuMs,
        lazy: shape.lazy.map((chunk) => ({
          label: chunk.label,
          bytes: chunk.bytes,
          firstUseMs: median(chunk.ms),
          firstUseCpuMs: median(chunk.cpuMs),
        })),
        over,
      };
    });
    return { functions, skipped, emptyImportMs, emptyImportCpuMs, runs, load: [loadBefore, loadavg()[0]!] };
  } finally {
    if (!options.outdir) rmSync(outdir, { recursive: true, force: true });
  }
};

const kib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;

/** The table `npm run bench` (and `npm run bench:lambdas`) prints: one line per function, one per lazy chunk. */
export const printLambdaBundles = async (options: Parameters<typeof measureLambdaBundles>[0] = {}) => {
  const lambdas = await measureLambdaBundles(options);
  console.log(
    `Lambdas as the deploy ships them (CDK assets): each imported in a fresh Node 22 process with its function's` +
      ` environment after what Lambda's runtime loads before the handler (${runtimePreloads.join(', ')}), median of` +
      ` ${lambdas.runs} runs, minus an empty module's ${lambdas.emptyImportMs.toFixed(1)} ms` +
      ` (CPU ${lambdas.emptyImportCpuMs.toFixed(1)} ms). Wall times swell while other work runs on the machine (load` +
      ` average ${lambdas.load.map((load) => load.toFixed(1)).join(' -> ')} on 2 cores); the CPU time of the importing` +
      ` thread swells far less.`,
  );
  console.log(
    `  budget: at most ${kib(lambdaBudget.coldStartBytes)} loaded at cold start and ${lambdaBudget.importMs} ms`,
  );
  // the background functions' names (`Background/Workers/meeting-invitation/Worker`) are longer than the HTTP ones'
  const width = Math.max(28, ...lambdas.functions.map((row) => row.name.length));
  console.log(
    `  ${'function'.padEnd(width)} ${'entry'.padStart(9)} ${'cold start'.padStart(10)} ${'asset'.padStart(9)}` +
      ` ${'import'.padStart(8)} ${'CPU'.padStart(7)}`,
  );
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  for (const row of lambdas.functions) {
    const over = row.over.length ? `   OVER (${row.over.join(', ')})` : '';
    console.log(
      `  ${row.name.padEnd(width)} ${kib(row.entryBytes).padStart(9)} ${kib(row.coldStartBytes).padStart(10)}` +
        ` ${kib(row.assetBytes).padStart(9)} ${ms(row.importMs).padStart(8)} ${ms(row.importCpuMs).padStart(7)}${over}`,
    );
    for (const chunk of row.lazy) {
      console.log(
        `    first use +${kib(chunk.bytes)}, +${ms(chunk.firstUseMs)} (CPU ${ms(chunk.firstUseCpuMs)}): ${chunk.label}`,
      );
    }
  }
  if (lambdas.skipped.length) console.log(`  not measured (CDK's own handlers): ${lambdas.skipped.join('; ')}`);
};
