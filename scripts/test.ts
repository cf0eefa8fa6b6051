/**
 * `npm test`: every part of the suite (README "Tests"), with each part's time at the end. Every part runs to its end
 * even when another fails, so one run shows every failure; the run fails if any part did.
 *
 *   npm test                       every part
 *   npm test -- unit int           only these parts (in their lanes)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The parts, as package.json's scripts run them one by one. */
const parts = {
  typecheck: 'typecheck',
  lint: 'lint',
  unit: 'test:unit',
  int: 'test:int',
  infra: 'test:infra',
  e2e: 'test:e2e',
} as const;
type Part = keyof typeof parts;

/**
 * Phases one after another, each a set of lanes side by side. On the 2-core machine every part runs alone: beside each
 * other the parts miss their own time limits (measured: with the journeys, the integration tests and the checks in
 * three lanes, 20 of the first 30 journeys waited over 10 s for a page, and 8 unit tests over their 5 s), so a lane
 * side by side is for a machine with the cores for it (`phases` is the one place to say so).
 */
const phases: Part[][][] = [[['typecheck', 'lint', 'unit', 'infra', 'int']], [['e2e']]];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
const wanted = (part: Part) => chosen.length === 0 || chosen.includes(part);

type Result = { part: Part; code: number; seconds: number; failures: string[] };

/**
 * The lines that name a failed test and say why: vitest's `FAIL`/`×` lines and the first line of each error
 * (`AssertionError: expected…`, `Error: Test timed out…`), its unhandled errors (they fail a run whose tests all
 * passed) and Playwright's numbered failures. They are printed again under the table at the end (each at most
 * `maxFailureWidth` characters), because a CI log keeps only its tail, and the integration tests' own report scrolls
 * away behind the journeys'.
 */
const failureLine = /^\s*(FAIL\s|×|✗|✘|\d+\) \[)|Unhandled (Error|Rejection)|Vitest caught|Test Files .*failed/;
/** a failure's heading (vitest's `FAIL` block, Playwright's numbered one), whose first error line says why */
const failureHeading = /^\s*(FAIL\s|\d+\) \[)/;
const errorLine = /^\s*(\w*Error|Unhandled \w+): /;
const maxFailureWidth = 400;
const maxFailureLines = 40;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of coloured output
const colours = /\u001b\[[0-9;]*m/g;
const running = new Set<ReturnType<typeof spawn>>();
const started = performance.now();
const width = Math.max(...Object.keys(parts).map((name) => name.length));

/** `npm run <script>` with every line of its output prefixed by the part's name (the lanes' lines interleave). */
const run = (part: Part) =>
  new Promise<Result>((resolve) => {
    const began = performance.now();
    const child = spawn('npm', ['run', '--silent', parts[part]], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const prefix = `${part.padEnd(width)} |`;
    const failures: string[] = [];
    let awaitingReason = false;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        console.log(`${prefix} ${line}`);
        const plain = line.replace(colours, '');
        const named = plain.trim().slice(0, maxFailureWidth);
        if (failures.length >= maxFailureLines) return;
        if (awaitingReason && errorLine.test(plain)) {
          failures.push(`  ${named}`);
          awaitingReason = false;
        } else if (failureLine.test(plain) && !failures.includes(named)) {
          failures.push(named);
          awaitingReason = failureHeading.test(plain);
        }
      });
    }
    const done = (code: number) => {
      running.delete(child);
      const seconds = Math.round((performance.now() - began) / 1000);
      console.log(`${prefix} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve({ part, code, seconds, failures });
    };
    child.on('error', (error) => {
      console.log(`${prefix} ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });

const runLane = async (lane: Part[]) => {
  const results: Result[] = [];
  for (const part of lane.filter(wanted)) results.push(await run(part));
  return results;
};

// Ctrl-C reaches the parts through the terminal's process group; a SIGTERM from outside is passed on to them.
process.on('SIGTERM', () => {
  for (const child of running) child.kill('SIGTERM');
  process.exit(143);
});

const results: Result[] = [];
for (const lanes of phases) results.push(...(await Promise.all(lanes.map(runLane))).flat());
const total = Math.round((performance.now() - started) / 1000);
console.log('\nPart        Result   Time');
for (const { part, code, seconds } of results) {
  console.log(`${part.padEnd(width + 4)} ${(code === 0 ? 'passed' : 'FAILED').padEnd(8)} ${seconds} s`);
}
console.log(`${'npm test'.padEnd(width + 4)} ${''.padEnd(8)} ${total} s (${(total / 60).toFixed(1)} min)`);
for (const { part, code, failures } of results) {
  if (code === 0) continue;
  console.log(`\n${part} failed:${failures.length === 0 ? ' (no test named; see its output above)' : ''}`);
  for (const line of failures) console.log(`  ${line}`);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
