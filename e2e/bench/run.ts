import { printContactsList } from './contacts.js';
import { measureLambdaBundles } from './lambda-bundles.js';
import { printWebBundles } from './web-bundles.js';

/** `npm run bench`: numbers worth watching as the product grows. */
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('Lambda bundles (esbuild, minified ESM, node22)');
for (const row of await measureLambdaBundles()) {
  console.log(`  ${row.lambda.padEnd(12)} ${kib(row.bytes).padStart(11)}   cold import ${row.importMs} ms`);
}

await printWebBundles();

await printContactsList();
