import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freeStackPorts, startLocalStack } from '../../infra/local/stack.js';
import { localApi, localUsers, type ApiAnswer, type LocalUser } from '../../infra/local/test/local-users.js';
import { createDataClient } from '../../lambdas/data/client.js';
import { quotaKey } from '../../lambdas/data/quota.js';
import { setAttributes } from '../../lambdas/test/raw-items.js';

export type LoadOptions = {
  /** signed-up users, each one request at a time @default env LOAD_USERS or 8 */
  users?: number;
  /** how long the mixed requests run @default env LOAD_SECONDS or 60 */
  seconds?: number;
  /** a bound on the requests whatever the time @default env LOAD_MAX_REQUESTS or 50,000 */
  maxRequests?: number;
  /** contacts each user has before the run @default 10 */
  contactsPerUser?: number;
};

type Operation = 'list' | 'get' | 'add' | 'update' | 'delete' | 'profile get' | 'profile put';

/** How often each request comes, out of 100. */
const weights: Record<Operation, number> = {
  list: 25,
  get: 20,
  add: 10,
  update: 15,
  delete: 10,
  'profile get': 10,
  'profile put': 10,
};
const labels: Record<Operation, string> = {
  list: 'GET /api/contacts',
  get: 'GET /api/contacts/{id}',
  add: 'POST /api/contacts',
  update: 'PUT /api/contacts/{id}',
  delete: 'DELETE /api/contacts/{id}',
  'profile get': 'GET /api/profiles',
  'profile put': 'PUT /api/profiles',
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const companies = ['Contoso', 'Northwind Traders', 'Fabrikam', 'Litware', 'Proseware'];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

const chooseOperation = (contacts: number): Operation => {
  let roll = Math.random() * 100;
  for (const [operation, weight] of Object.entries(weights) as [Operation, number][]) {
    roll -= weight;
    if (roll < 0) {
      // a user keeps a few contacts and never grows without bound
      if (operation === 'delete' && contacts <= 3) return 'add';
      if (operation === 'add' && contacts >= 40) return 'delete';
      if ((operation === 'get' || operation === 'update') && contacts === 0) return 'add';
      return operation;
    }
  }
  return 'list';
};

/**
 * A short, bounded load run on this machine only: a local stack on free ports and a temporary folder,
 * several users signed up through cognito-local with real tokens, each doing mixed reads and writes of contacts and
 * of the profile through the local gateway, one request at a time, for `seconds` (or `maxRequests`). Every answer
 * that is not the route's success counts as an error. The users get bonus slots first (straight into the table), so
 * the free plan's 25 additions are not what the run measures.
 */
export const benchLoad = async (options: LoadOptions = {}) => {
  const userCount = options.users ?? Number(process.env.LOAD_USERS ?? 8);
  const seconds = options.seconds ?? Number(process.env.LOAD_SECONDS ?? 60);
  const maxRequests = options.maxRequests ?? Number(process.env.LOAD_MAX_REQUESTS ?? 50_000);
  const contactsPerUser = options.contactsPerUser ?? 10;
  const localDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const failures: string[] = [];
  const stack = await startLocalStack({
    localDir,
    web: false,
    ports: await freeStackPorts(),
    log: (line) => {
      if (/failed|Error/.test(line) && failures.length < 5) failures.push(line.slice(0, 300));
    },
  });
  const users = localUsers({
    endpoint: stack.urls.cognitoEmulator,
    userPoolId: stack.webConfig.userPoolId,
    clientId: stack.webConfig.userPoolClientId,
  });
  const api = localApi(stack.urls.api);
  const db = createDataClient(stack.env.TABLE_NAME!);
  try {
    const people: { user: LocalUser; contacts: string[] }[] = [];
    for (let index = 0; index < userCount; index++) {
      const user = await users.signUp(`load-${index}`);
      await setAttributes(db, quotaKey(user.sub), { bonusSlotsAvailable: 1_000_000 });
      const contacts: string[] = [];
      for (let contact = 0; contact < contactsPerUser; contact++) {
        const answer = await api('POST', '/api/contacts', {
          token: user.idToken,
          body: { name: `Seed Contact ${contact}`, company: pick(companies) },
        });
        if (answer.status !== 201) throw new Error(`seeding answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        contacts.push((answer.body!.data as { id: string }).id);
      }
      people.push({ user, contacts });
    }

    const latencies = new Map<Operation, number[]>();
    const errors = new Map<Operation, number>();
    const errorSamples: string[] = [];
    let requests = 0;
    const loadBefore = loadavg()[0]!;
    const started = performance.now();
    const deadline = started + seconds * 1000;

    const record = (operation: Operation, answer: ApiAnswer, expected: number) => {
      requests += 1;
      const times = latencies.get(operation) ?? [];
      times.push(answer.ms);
      latencies.set(operation, times);
      if (answer.status !== expected) {
        errors.set(operation, (errors.get(operation) ?? 0) + 1);
        if (errorSamples.length < 5)
          errorSamples.push(`${labels[operation]} ${answer.status} ${answer.text.slice(0, 200)}`);
      }
      return answer;
    };

    const run = async ({ user, contacts }: (typeof people)[number]) => {
      const token = user.idToken;
      let serial = 0;
      while (performance.now() < deadline && requests < maxRequests) {
        const operation = chooseOperation(contacts.length);
        serial += 1;
        const id = pick(contacts);
        switch (operation) {
          case 'list':
            record(operation, await api('GET', '/api/contacts', { token, query: { limit: '50' } }), 200);
            break;
          case 'get':
            record(operation, await api('GET', `/api/contacts/${id}`, { token }), 200);
            break;
          case 'add': {
            const answer = record(
              operation,
              await api('POST', '/api/contacts', {
                token,
                body: { name: `Load Contact ${serial}`, company: pick(companies), notes: 'added under load' },
              }),
              201,
            );
            if (answer.status === 201) contacts.push((answer.body!.data as { id: string }).id);
            break;
          }
          case 'update':
            record(
              operation,
              await api('PUT', `/api/contacts/${id}`, {
                token,
                body: { company: pick(companies), notes: `note ${serial}`, relationship_status: 'contacted' },
              }),
              200,
            );
            break;
          case 'delete': {
            contacts.splice(contacts.indexOf(id), 1);
            record(operation, await api('DELETE', `/api/contacts/${id}`, { token }), 200);
            break;
          }
          case 'profile get':
            record(operation, await api('GET', '/api/profiles', { token }), 200);
            break;
          case 'profile put':
            record(
              operation,
              await api('PUT', '/api/profiles', { token, body: { bio: `Bio ${serial}`, jobTitle: 'Engineer' } }),
              200,
            );
            break;
        }
      }
    };

    await Promise.all(people.map(run));
    const elapsedSeconds = (performance.now() - started) / 1000;
    const all = [...latencies.values()].flat().sort((a, b) => a - b);
    return {
      users: userCount,
      seconds: elapsedSeconds,
      requests,
      errors: [...errors.values()].reduce((sum, count) => sum + count, 0),
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      operations: (Object.keys(weights) as Operation[]).map((operation) => {
        const sorted = [...(latencies.get(operation) ?? [])].sort((a, b) => a - b);
        return {
          label: labels[operation],
          requests: sorted.length,
          errors: errors.get(operation) ?? 0,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
        };
      }),
      errorSamples,
      stackFailures: failures,
      load: [loadBefore, loadavg()[0]!],
    };
  } finally {
    users.destroy();
    await stack.stop();
    rmSync(localDir, { recursive: true, force: true });
  }
};

export const printLoad = async (options: LoadOptions = {}) => {
  const result = await benchLoad(options);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(
    `\nLoad (local only): ${result.users} users, one request at a time each, mixed contact and profile reads and` +
      ` writes through the local gateway for ${result.seconds.toFixed(0)} s (load average` +
      ` ${result.load.map((load) => load.toFixed(1)).join(' -> ')} on 2 cores)`,
  );
  console.log(
    `  requests ${result.requests} (${(result.requests / result.seconds).toFixed(1)}/s), errors ${result.errors}` +
      ` (goal 0), p50 ${ms(result.p50).trim()}, p95 ${ms(result.p95).trim()}`,
  );
  for (const operation of result.operations) {
    console.log(
      `  ${operation.label.padEnd(28)} ${String(operation.requests).padStart(6)} requests ${String(operation.errors).padStart(4)} errors  p50 ${ms(operation.p50)}  p95 ${ms(operation.p95)}`,
    );
  }
  for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
  for (const line of result.stackFailures) console.log(`  stack: ${line}`);
  return result;
};
