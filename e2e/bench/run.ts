import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { lambdaBudget, measureLambdaBundles } from './lambda-bundles.js';
import { printWebBundles } from './web-bundles.js';

/** `npm run bench`: numbers worth watching as the product grows. */
const kib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;

const lambdas = await measureLambdaBundles();
console.log(
  `Lambdas as the deploy ships them (CDK assets): each imported in a fresh Node 22 process with its function's` +
    ` environment, median of ${lambdas.runs} runs, minus an empty module's ${lambdas.emptyImportMs.toFixed(1)} ms` +
    ` (CPU ${lambdas.emptyImportCpuMs.toFixed(1)} ms). Wall times swell while other work runs on the machine (load` +
    ` average ${lambdas.load.map((load) => load.toFixed(1)).join(' -> ')} on 2 cores); the CPU time of the importing` +
    ` thread swells far less.`,
);
console.log(
  `  budget: at most ${kib(lambdaBudget.coldStartBytes)} loaded at cold start and ${lambdaBudget.importMs} ms`,
);
console.log(
  `  ${'function'.padEnd(28)} ${'entry'.padStart(9)} ${'cold start'.padStart(10)} ${'asset'.padStart(9)}` +
    ` ${'import'.padStart(8)} ${'CPU'.padStart(7)}`,
);
const ms = (value: number) => `${value.toFixed(0)} ms`;
for (const row of lambdas.functions) {
  const over = row.over.length ? `   OVER (${row.over.join(', ')})` : '';
  console.log(
    `  ${row.name.padEnd(28)} ${kib(row.entryBytes).padStart(9)} ${kib(row.coldStartBytes).padStart(10)}` +
      ` ${kib(row.assetBytes).padStart(9)} ${ms(row.importMs).padStart(8)} ${ms(row.importCpuMs).padStart(7)}${over}`,
  );
  for (const chunk of row.lazy) {
    console.log(
      `    first use +${kib(chunk.bytes)}, +${ms(chunk.firstUseMs)} (CPU ${ms(chunk.firstUseCpuMs)}): ${chunk.label}`,
    );
  }
}
if (lambdas.skipped.length) console.log(`  not measured (CDK's own handlers): ${lambdas.skipped.join('; ')}`);

await printWebBundles();

/**
 * Runs a bench that starts Lambdas of its own (a gateway, a local stack) in a Node process of its own, as the bench
 * runs alone, and answers whether it succeeded. A Lambda's module makes its clients at import with the environment of
 * that moment, as in AWS, where a container serves one deployment; Node keeps a module once per process, so a second
 * stack in the same process would be served by Lambdas still pointing at the first one's (stopped) DynamoDB Local.
 */
const runAlone = (script: string) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
      stdio: 'inherit',
    });
    child.on('error', (error) => {
      console.error(`${script}: ${error.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });

const failed: string[] = [];
for (const script of [
  // GET /api/contacts of 5,000 contacts in every order and a search
  './contacts.ts',
  // A batch of 100 AI-written e-mails against the ideal of the queue's concurrency
  './generation.ts',
  // Reply latency by push, the Gmail quota of an idle safety-net check, the reply-check fan-out
  './replies.ts',
  // The stats aggregator catching up with 20,000 sent e-mails; summary and analytics against health
  './dashboard.ts',
  // about a minute of mixed requests from several users (LOAD_USERS, LOAD_SECONDS, LOAD_MAX_REQUESTS)
  './load.ts',
]) {
  if (!(await runAlone(script))) failed.push(script);
}
if (failed.length) {
  console.error(`\nbench failed: ${failed.join(', ')}`);
  process.exit(1);
}
