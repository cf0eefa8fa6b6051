import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { printLambdaBundles } from './lambda-bundles.js';
import { printWebBundles } from './web-bundles.js';

/** `npm run bench`: numbers worth watching as the product grows. */
await printLambdaBundles();

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
  // Lighthouse's four scores of /, /pricing and /signin (production build, desktop preset)
  './lighthouse.ts',
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
