import { printLambdaBundles } from './lambda-bundles.js';

/**
 * `npm run bench:lambdas [name]`: only the Lambdas' table of `npm run bench` (cold-start bytes and import times), of
 * every function or of those whose name contains `name` (e.g. `Workers`, `Http/Replies`); `LAMBDA_RUNS` sets the
 * runs per function (default 7), `LAMBDA_FIRST_USE=0` skips the lazy chunks' first use.
 */
const [name] = process.argv.slice(2);
const runs = process.env.LAMBDA_RUNS ? Number(process.env.LAMBDA_RUNS) : undefined;
if (runs !== undefined && !(Number.isInteger(runs) && runs > 0))
  throw new Error('LAMBDA_RUNS is a whole number of runs');
await printLambdaBundles({
  ...(runs ? { runs } : {}),
  ...(name ? { only: (functionName: string) => functionName.includes(name) } : {}),
  firstUse: process.env.LAMBDA_FIRST_USE !== '0',
});
