import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClockOffsetMs } from '../../lambdas/core/clock.js';
import type { QueueSpec } from '../../shared/queues.js';
import { startQueueRunner, type QueueRunner, type QueueWorker } from './queue-runner.js';

// the runner's writes to disk, as they are (counted by the test of how often a busy queue is written)
const renames = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    rename: async (from: string, to: string) => {
      await fs.rename(from, to);
      renames.files.push(to);
    },
  };
});

/** visibility = 6 x workerTimeoutSeconds = 60 s; at speed 300 a failed message comes back after 200 ms */
const speed = 300;
const visibilityMs = (60 * 1000) / speed;
const spec = (overrides: Partial<QueueSpec> = {}): QueueSpec => ({
  domain: 'profiles',
  worker: 'fixture-worker',
  batchSize: 3,
  maxReceiveCount: 3,
  workerTimeoutSeconds: 10,
  summary: 'fixture queue',
  ...overrides,
});

type Delivery = { at: number; records: SQSRecord[] };

const dirs: string[] = [];
const runners: QueueRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop(100)));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A runner over a fixture queue `jobs` whose worker records each batch and answers with `respond`. */
const setup = (options: {
  queue?: Partial<QueueSpec>;
  respond?: (event: SQSEvent, delivery: number) => Promise<SQSBatchResponse | undefined> | SQSBatchResponse | undefined;
  dir?: string;
  concurrency?: number;
}) => {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'queues-'));
  if (!options.dir) dirs.push(dir);
  const deliveries: Delivery[] = [];
  const worker: QueueWorker = {
    handler: async (event) => {
      deliveries.push({ at: Date.now(), records: event.Records });
      return options.respond?.(event, deliveries.length);
    },
  };
  const runner = startQueueRunner({
    dir,
    table: { jobs: spec(options.queue) },
    loadWorker: async () => worker,
    speed,
    concurrency: options.concurrency ?? 1,
    pollMs: 10,
    log: () => {},
  });
  runners.push(runner);
  const bodies = () => deliveries.map((delivery) => delivery.records.map((record) => record.body));
  return { runner, deliveries, bodies, dir };
};

const failing =
  (...bodies: string[]) =>
  (event: SQSEvent): SQSBatchResponse => ({
    batchItemFailures: event.Records.filter((record) => bodies.includes(record.body)).map((record) => ({
      itemIdentifier: record.messageId,
    })),
  });

describe('the local queue runner', () => {
  it('delivers SQS-shaped batches of at most batchSize to the queue worker', async () => {
    const { runner, deliveries, bodies } = setup({});
    for (const body of ['a', 'b', 'c', 'd', 'e']) runner.send('jobs', body);
    runner.send('jobs', 'with attributes', { messageAttributes: { kind: { DataType: 'String', StringValue: 'x' } } });
    await vi.waitFor(() => expect(bodies().flat()).toHaveLength(6));
    expect(bodies()).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'with attributes'],
    ]);
    const record = deliveries[0]!.records[0]!;
    expect(record).toMatchObject({
      messageId: expect.any(String),
      receiptHandle: expect.any(String),
      body: 'a',
      md5OfBody: createHash('md5').update('a').digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
      awsRegion: 'us-east-1',
      messageAttributes: {},
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: expect.stringMatching(/^\d+$/),
        SenderId: expect.any(String),
        ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d+$/),
      },
    });
    expect(deliveries[1]!.records[2]!.messageAttributes).toEqual({
      kind: { dataType: 'String', stringValue: 'x', stringListValues: [], binaryListValues: [] },
    });
    await runner.drained();
    expect(runner.pending('jobs')).toEqual([]);
  });

  it('redelivers only the messages reported in batchItemFailures, after the visibility timeout', async () => {
    const { runner, deliveries, bodies } = setup({
      respond: (event, delivery) => (delivery === 1 ? failing('b')(event) : undefined),
    });
    for (const body of ['a', 'b', 'c']) runner.send('jobs', body);
    await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 5000 });
    expect(bodies()).toEqual([['a', 'b', 'c'], ['b']]);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(visibilityMs - 20);
    expect(deliveries[1]!.records[0]!.attributes.ApproximateReceiveCount).toBe('2');
    expect(deliveries[1]!.records[0]!.messageId).toBe(deliveries[0]!.records[1]!.messageId);
    await vi.waitFor(() => expect(runner.pending('jobs')).toEqual([]));
  });

  it('redelivers the whole batch when the worker throws', async () => {
    const { runner, bodies } = setup({
      respond: (_event, delivery) => {
        if (delivery === 1) throw new Error('worker crashed');
      },
    });
    runner.send('jobs', 'a');
    runner.send('jobs', 'b');
    await vi.waitFor(
      () =>
        expect(bodies()).toEqual([
          ['a', 'b'],
          ['a', 'b'],
        ]),
      { timeout: 5000 },
    );
  });

  it('treats a failure naming no message of the batch as a failure of the whole batch, as Lambda does', async () => {
    const { runner, bodies } = setup({
      respond: (_event, delivery) => (delivery === 1 ? { batchItemFailures: [{ itemIdentifier: '' }] } : undefined),
    });
    runner.send('jobs', 'a');
    runner.send('jobs', 'b');
    await vi.waitFor(
      () =>
        expect(bodies()).toEqual([
          ['a', 'b'],
          ['a', 'b'],
        ]),
      { timeout: 5000 },
    );
  });

  it("works on as many batches at once as the queue's maxConcurrency, as its event source does in AWS", async () => {
    let running = 0;
    let most = 0;
    const { runner } = setup({
      queue: { maxConcurrency: 3, batchSize: 1 },
      respond: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        return undefined;
      },
    });
    for (const body of ['a', 'b', 'c', 'd', 'e', 'f']) runner.send('jobs', body);
    await vi.waitFor(() => expect(runner.pending('jobs')).toEqual([]), { timeout: 5000 });
    expect(most).toBe(3);
  });

  it('never hands a message out again while its worker runs, even once a speed-up ran its visibility out', async () => {
    // visibility 6 x 0.3 s / 300 = 6 ms, far shorter than the worker's 300 ms: in AWS it is at least the timeout
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { runner, deliveries } = setup({
      concurrency: 2,
      queue: { workerTimeoutSeconds: 0.3 },
      respond: async (_event, delivery) => {
        if (delivery === 1) await held;
      },
    });
    runner.send('jobs', 'slow');
    // the first worker times out after 300 ms: only then is the message handed out again
    await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 5000 });
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(290);
    expect(deliveries[1]!.records[0]!.attributes.ApproximateReceiveCount).toBe('2');
    await vi.waitFor(() => expect(runner.pending('jobs')).toEqual([]));
    release();
    expect(runner.deadLetters('jobs')).toEqual([]);
  });

  it('moves a message to the dead-letter list after maxReceiveCount receives', async () => {
    const { runner, deliveries } = setup({ queue: { maxReceiveCount: 2 }, respond: failing('poison') });
    runner.send('jobs', 'poison');
    runner.send('jobs', 'fine');
    await vi.waitFor(() => expect(runner.deadLetters('jobs')).toHaveLength(1), { timeout: 5000 });
    const poison = deliveries.flatMap((delivery) => delivery.records).filter((record) => record.body === 'poison');
    expect(poison.map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    expect(runner.deadLetters('jobs')[0]).toMatchObject({
      body: 'poison',
      receiveCount: 2,
      lastError: 'reported in batchItemFailures',
    });
    expect(runner.pending('jobs')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, visibilityMs * 2));
    expect(poison).toHaveLength(2);
  });

  it('fails the whole batch when the worker outlives its timeout', async () => {
    const { runner, deliveries } = setup({
      queue: { workerTimeoutSeconds: 0.2 },
      respond: async (_event, delivery) => {
        if (delivery === 1) await new Promise((resolve) => setTimeout(resolve, 1000));
      },
    });
    runner.send('jobs', 'a');
    // visibility is 6 x 0.2 s / speed: the second delivery comes right after the timeout
    await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 5000 });
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(190);
    await vi.waitFor(() => expect(runner.pending('jobs')).toEqual([]));
  });

  it('waits out DelaySeconds before the first delivery', async () => {
    const { runner, deliveries } = setup({});
    const sentAt = Date.now();
    runner.send('jobs', 'later', { delaySeconds: 60 });
    await vi.waitFor(() => expect(deliveries).toHaveLength(1), { timeout: 5000 });
    expect(deliveries[0]!.at - sentAt).toBeGreaterThanOrEqual((60 * 1000) / speed - 20);
  });

  it('delivers a delayed message once the local clock has moved past its delay, as drained() tells', async () => {
    const { runner, deliveries } = setup({});
    // 15 minutes: 3 s at this speed, far longer than the rest of the test takes
    runner.send('jobs', 'in a quarter of an hour', { delaySeconds: 900 });
    await runner.drained();
    expect(deliveries).toEqual([]);
    try {
      setClockOffsetMs((900 * 1000) / speed);
      await runner.drained();
      expect(deliveries.map((delivery) => delivery.records[0]!.body)).toEqual(['in a quarter of an hour']);
    } finally {
      setClockOffsetMs(0);
    }
  });

  it('keeps pending messages and dead letters on disk, so a restart loses none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'queues-'));
    dirs.push(dir);
    const first = setup({
      dir,
      queue: { maxReceiveCount: 1 },
      respond: async (event) => {
        if (event.Records.some((record) => record.body === 'poison')) return failing('poison')(event);
        await new Promise(() => {}); // the run stops while this worker holds its batch
      },
    });
    first.runner.send('jobs', 'poison');
    await vi.waitFor(() => expect(first.runner.deadLetters('jobs')).toHaveLength(1), { timeout: 5000 });
    first.runner.send('jobs', 'in flight');
    await vi.waitFor(() => expect(first.bodies().flat()).toContain('in flight'));
    first.runner.send('jobs', 'delayed', { delaySeconds: 30 });
    await first.runner.stop(50);

    const second = setup({ dir });
    await vi.waitFor(() => expect(second.bodies().flat().sort()).toEqual(['delayed', 'in flight']), { timeout: 5000 });
    const inFlight = second.deliveries
      .flatMap((delivery) => delivery.records)
      .find((record) => record.body === 'in flight');
    expect(inFlight?.attributes.ApproximateReceiveCount).toBe('2');
    expect(second.runner.deadLetters('jobs').map((message) => message.body)).toEqual(['poison']);
    await vi.waitFor(() => expect(second.runner.pending('jobs')).toEqual([]));
  });

  it('answers saved once the messages sent are on disk, and writes the changes made meanwhile together', async () => {
    const { runner, dir } = setup({ respond: () => new Promise(() => {}) });
    const file = join(dir, 'jobs.json');
    const onDisk = () =>
      (JSON.parse(readFileSync(file, 'utf8')) as { messages: { body: string }[] }).messages.map(({ body }) => body);
    for (const body of ['a', 'b', 'c']) runner.send('jobs', body);
    const saved = runner.saved('jobs');
    // no write in the sender's turn: the event loop stays free for the workers
    expect(onDisk()).toEqual([]);
    await saved;
    expect(onDisk()).toEqual(['a', 'b', 'c']);
    runner.send('jobs', 'd');
    await runner.saved('jobs');
    expect(onDisk()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes the receives and deletions of a busy queue together, within 100 ms, and its sends at once', async () => {
    // two at a time, 20 ms each: ~400 ms of receives and deletions
    const { runner, dir, bodies } = setup({
      concurrency: 2,
      queue: { batchSize: 1 },
      respond: () => new Promise((resolve) => setTimeout(() => resolve(undefined), 20)),
    });
    const file = join(dir, 'jobs.json');
    const onDisk = () =>
      (JSON.parse(readFileSync(file, 'utf8')) as { messages: { body: string }[] }).messages.map(({ body }) => body);
    const bodiesSent = Array.from({ length: 40 }, (_, index) => `m${index}`);
    for (const body of bodiesSent) runner.send('jobs', body);
    await runner.saved('jobs');
    const writesBefore = renames.files.filter((name) => name === file).length;
    // 40 receives and 40 deletions, one message per delivery
    await vi.waitFor(() => expect(bodies().flat()).toHaveLength(40), { timeout: 5000 });
    await vi.waitFor(() => expect(onDisk()).toEqual([]), { timeout: 1000 });
    const writes = renames.files.filter((name) => name === file).length - writesBefore;
    expect(writes).toBeGreaterThanOrEqual(1);
    // one every 100 ms at most, where each change had its own write while the disk kept up (~80)
    expect(writes).toBeLessThanOrEqual(8);
  });

  it('refuses a message for a queue that is not in the table', () => {
    const { runner } = setup({});
    expect(() => runner.send('nope', 'x')).toThrow('Unknown queue: nope');
  });
});
