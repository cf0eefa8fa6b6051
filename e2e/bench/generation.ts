import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GetCommand } from '../../lambdas/data/dynamo.js';
import { freeStackPorts, startLocalStack } from '../../infra/local/stack.js';
import { localApi, localUsers } from '../../infra/local/test/local-users.js';
import { createDataClient } from '../../lambdas/data/client.js';
import { quotaKey } from '../../lambdas/data/quota.js';
import { setAttributes } from '../../lambdas/test/raw-items.js';
import { queues } from '../../shared/queues.js';
import type { BatchProgress } from '../../shared/schemas/ai.js';

/**
 * Measured: a batch of AI-written e-mails through the local stack as a person starts it (POST
 * /api/outreach/generate through the gateway, one ai-generation message per contact, the queue runner holding the
 * worker to the queue's maxConcurrency, research and completion against the sandbox, drafts saved in DynamoDB Local),
 * the sandbox model answering each completion after `modelMs`. Timed from the request until GET
 * /api/outreach/batches/{batchId} counts every contact finished. The ideal is one model answer per concurrent slot
 * after another: ceil(contacts / maxConcurrency) x modelMs (100 contacts, 10 at once, 200 ms: 2 s).
 */
export const benchGeneration = async (
  options: { contacts?: number; modelMs?: number; warmUpBatches?: number; measuredBatches?: number } = {},
) => {
  const count = options.contacts ?? 100;
  const modelMs = options.modelMs ?? 200;
  const warmUpBatches = options.warmUpBatches ?? defaultWarmUpBatches;
  const measuredBatches = options.measuredBatches ?? defaultMeasuredBatches;
  const concurrency = queues['ai-generation'].maxConcurrency;
  const localDir = mkdtempSync(join(tmpdir(), 'bench-generation-'));
  const failures: string[] = [];
  /** each ai-generation delivery's time, as the queue runner logs it */
  const deliveries: number[] = [];
  /** told when the queue runner has logged as many finished ai-generation deliveries as the batch has contacts */
  let deliveredAll = () => {};
  let countFrom = Number.POSITIVE_INFINITY;
  let expected = count;
  const stack = await startLocalStack({
    localDir,
    // the product's cost, not this machine's disk: on disk DynamoDB Local waits for an fsync on every write call and
    // serialises writes, which made the batch's ~400 writes the disk's figure (stack.ts `database`)
    database: 'memory',
    web: false,
    ports: await freeStackPorts(),
    log: (line) => {
      const delivery = /^queue ai-generation: .* \((\d+) ms\)$/.exec(line);
      if (delivery) {
        deliveries.push(Number(delivery[1]));
        if (deliveries.length - countFrom >= expected) deliveredAll();
      }
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
    /** A person with a profile and `contacts` contacts, as the batch reads them. */
    const seedPerson = async (name: string, contacts: number) => {
      const person = await users.signUp(name);
      await setAttributes(db, quotaKey(person.sub), { bonusSlotsAvailable: 1_000 });
      await api('PUT', '/api/profiles', {
        token: person.idToken,
        body: { jobTitle: 'Analyst', company: 'Engines Ltd', goals: 'Meet people who build compilers.' },
      });
      const ids: string[] = Array.from({ length: contacts }, () => '');
      // added 5 at a time (the seeding is not measured)
      let next = 0;
      const addNext = async () => {
        for (let index = next++; index < contacts; index = next++) {
          const answer = await api('POST', '/api/contacts', {
            token: person.idToken,
            body: { name: `Bench Person ${index}`, company: 'Contoso', job_title: 'Engineer' },
          });
          if (answer.status !== 201) throw new Error(`seeding answered ${answer.status}: ${answer.text.slice(0, 200)}`);
          ids[index] = (answer.body!.data as { id: string }).id;
        }
      };
      await Promise.all(Array.from({ length: 5 }, addNext));
      return { person, ids };
    };
    // one person per batch (a batch takes tokens of its person's aiGeneration bucket: each starts with a full one):
    // other people's batches of the same size warm the stack up, then each measured batch is another person's
    const warmUps = [];
    for (let index = 0; index < warmUpBatches; index++) {
      warmUps.push(await seedPerson(`bench-generation-warm-up-${index}`, count));
    }
    const measured = [];
    for (let index = 0; index < measuredBatches; index++) {
      measured.push(await seedPerson(`bench-generation-${index}`, count));
    }
    await stack.queues.drained();
    const told = await fetch(`${stack.urls.sandbox}/_sandbox/openai/behaviour`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delayMs: modelMs }),
    });
    if (!told.ok) throw new Error(`the sandbox refused its delay: ${told.status}`);

    // a DynamoDB Local round trip now, the unit of everything around the model's answer
    const probe: number[] = [];
    for (let index = 0; index < 20; index++) {
      const at = performance.now();
      await db.documents.send(new GetCommand({ TableName: db.table, Key: quotaKey(measured[0]!.person.sub) }));
      probe.push(performance.now() - at);
    }
    /** One batch of `ids` as a person starts it, until its progress counts every contact finished. */
    const runBatch = async (token: string, ids: string[]) => {
      countFrom = deliveries.length;
      expected = ids.length;
      const lastDelivered = new Promise<void>((resolve) => (deliveredAll = resolve));
      const started = performance.now();
      const answer = await api('POST', '/api/outreach/generate', {
        token,
        body: { contactIds: ids, includeUnverified: true },
      });
      if (answer.status !== 200) throw new Error(`generate answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      const { batchId } = answer.body!.data as { batchId: string };
      // read as a page does (every 1.5 s without the live channel; here every 500 ms), and at once when the runner
      // has logged the last delivery, so the reads do not add to the load they measure (one every 50 ms did: ~20 a
      // second, each a Query of the batch's 101 items through the gateway)
      let progress: BatchProgress;
      let last = false;
      for (;;) {
        const read = await api('GET', `/api/outreach/batches/${batchId}`, { token });
        progress = read.body!.data as BatchProgress;
        if (progress.completed + progress.failed >= progress.total) break;
        last = await Promise.race([
          lastDelivered.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(last), last ? 20 : 500)),
        ]);
      }
      return { progress: progress!, elapsedMs: performance.now() - started };
    };
    // the first batches of a stack pay the worker's cold start and DynamoDB Local's JIT warm-up: the bench measures
    // the steady cost (a Lambda's cold start has its own budget, measured apart). After one batch the JVM's C2
    // compiler still took ~1.8 s of CPU during the measured batch (as much as DynamoDB Local's own work; on 2 cores
    // beside the stack's Node process), after three ~0.6 s: `jitMs` tells how much it took this time
    const warmUpMs: number[] = [];
    for (const warmUp of warmUps) {
      warmUpMs.push((await runBatch(warmUp.person.idToken, warmUp.ids)).elapsedMs);
      await stack.queues.drained();
      await stack.streams.drained();
    }
    const idealMs = Math.ceil(count / concurrency) * modelMs;
    const batches = [];
    for (const { person, ids } of measured) {
      const loadBefore = loadavg()[0]!;
      const jitBefore = jitCpuMs();
      const databaseBefore = javaCpuMs();
      const nodeBefore = process.cpuUsage();
      const { progress, elapsedMs } = await runBatch(person.idToken, ids);
      const node = process.cpuUsage(nodeBefore);
      batches.push({
        elapsedMs,
        ratio: elapsedMs / idealMs,
        deliveryP50Ms: median(deliveries.slice(countFrom)),
        completed: progress.completed,
        failed: progress.failed,
        load: [loadBefore, loadavg()[0]!],
        jitMs: jitCpuMs() - jitBefore,
        databaseCpuMs: javaCpuMs() - databaseBefore,
        nodeCpuMs: (node.user + node.system) / 1000,
      });
      await stack.queues.drained();
      await stack.streams.drained();
    }
    // the median batch: one batch's figure swings with what else the 2 cores run meanwhile (±15% between runs)
    const typical = [...batches].sort((a, b) => a.elapsedMs - b.elapsedMs)[Math.floor(batches.length / 2)]!;
    return {
      contacts: count,
      modelMs,
      concurrency,
      idealMs,
      ...typical,
      batches,
      dynamoDbP50Ms: median(probe),
      warmUpMs,
      stackFailures: failures,
    };
  } finally {
    users.destroy();
    await stack.stop();
    rmSync(localDir, { recursive: true, force: true });
  }
};

/**
 * The CPU time (ms) the JIT compiler threads of this process's Java children (DynamoDB Local) have used so far, from
 * Linux's /proc (NaN elsewhere): how much of the measure went to compiling DynamoDB Local rather than running it.
 */
const jitCpuMs = () => javaCpuMs((thread) => thread.includes('CompilerThre'));

/** The CPU time (ms) this process's Java children (DynamoDB Local) have used so far, or their `threads`' alone. */
const javaCpuMs = (threads: (name: string) => boolean = () => true) => {
  try {
    let ms = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = readProcStat(`/proc/${pid}/stat`);
      if (stat?.name !== 'java' || stat.fields[1] !== String(process.pid)) continue;
      for (const thread of readdirSync(`/proc/${pid}/task`)) {
        const task = readProcStat(`/proc/${pid}/task/${thread}/stat`);
        // utime and stime, in clock ticks (100 a second on Linux)
        if (task && threads(task.name)) ms += (Number(task.fields[11]) + Number(task.fields[12])) * 10;
      }
    }
    return ms;
  } catch {
    return Number.NaN;
  }
};

/** A /proc stat line: the command's name and the fields after it (state first). */
const readProcStat = (path: string) => {
  try {
    const raw = readFileSync(path, 'utf8');
    return {
      name: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')),
      fields: raw.slice(raw.lastIndexOf(')') + 2).split(' '),
    };
  } catch {
    return null;
  }
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Goal: within 1.3x of the ideal. */
export const generationGoalRatio = 1.3;

/** Batches of other people run before the measured ones (DynamoDB Local's JIT: see `jitMs`). */
const defaultWarmUpBatches = 6;

/** Batches measured, one after another: the figure is their median's. */
const defaultMeasuredBatches = 3;

export const printGeneration = async () => {
  const result = await benchGeneration();
  console.log(
    `\nAI generation batch (local stack): ${result.contacts} contacts, sandbox model answering in ${result.modelMs} ms,` +
      ` ${result.concurrency} at once (ai-generation maxConcurrency; load average` +
      ` ${result.load.map((load) => load.toFixed(1)).join(' -> ')} on 2 cores)`,
  );
  console.log(
    `  finished in ${(result.elapsedMs / 1000).toFixed(2)} s (the median of ${result.batches.length} batches), ideal` +
      ` ${(result.idealMs / 1000).toFixed(2)} s: ratio ${result.ratio.toFixed(2)} (goal <= ${generationGoalRatio})` +
      `${result.ratio > generationGoalRatio ? '   OVER' : ''}; ${result.completed} completed, ${result.failed} failed`,
  );
  console.log(
    `  each batch: ${result.batches.map((batch) => batch.ratio.toFixed(2)).join(', ')}` +
      ` (after ${result.warmUpMs.length} warm-up batches of ${result.warmUpMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s);` +
      ` DynamoDB Local's JIT compiler took ${result.batches.map((batch) => batch.jitMs.toFixed(0)).join(', ')} ms of CPU`,
  );
  console.log(
    `  CPU per batch: DynamoDB Local ${result.batches.map((batch) => batch.databaseCpuMs.toFixed(0)).join(', ')} ms,` +
      ` the stack's Node process ${result.batches.map((batch) => batch.nodeCpuMs.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `  one contact's delivery p50 ${result.deliveryP50Ms.toFixed(0)} ms (the model's ${result.modelMs} ms and the` +
      ` table's round trips around it: a DynamoDB Local GetItem took ${result.dynamoDbP50Ms.toFixed(1)} ms p50 just before)`,
  );
  for (const line of result.stackFailures) console.log(`  stack: ${line}`);
  return result;
};

// alone: npx tsx e2e/bench/generation.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  await printGeneration();
  process.exit(0);
}
