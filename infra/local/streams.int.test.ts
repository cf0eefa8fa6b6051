import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTableInput, table } from '../../lambdas/data/table.js';
import type { StreamConsumerSpec } from '../../shared/streams.js';
import { upgradeTable } from './dynamodb.js';
import { localCredentials, localNames } from './ports.js';
import { freeStackPorts, startLocalStack } from './stack.js';
import { type StreamConsumer, type StreamRunner, startStreamRunner } from './streams.js';
import { streamProbe } from './test/stream-consumer.js';

/**
 * The local twin of Lambda's DynamoDB event source mapping, on DynamoDB Local's stream of a table of each test's own:
 * filtered, ordered batches of at most batchSize; partial failures come back from the first failed record; a record
 * failing past maxRetryAttempts is skipped; a batch that throws is halved; positions survive a restart; `drained()`
 * waits for what was written before it.
 */
const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
const db = new DynamoDBClient({ endpoint, region: localNames.region, credentials: localCredentials });
const tables: string[] = [];
const dirs: string[] = [];
const runners: StreamRunner[] = [];

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop(1000)));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await Promise.all(tables.splice(0).map((TableName) => db.send(new DeleteTableCommand({ TableName }))));
});
afterAll(() => db.destroy());

const newTable = async () => {
  const name = `streams-${randomUUID().slice(0, 8)}`;
  await db.send(new CreateTableCommand(createTableInput(name)));
  tables.push(name);
  return name;
};

const spec = (overrides: Partial<StreamConsumerSpec> = {}): StreamConsumerSpec => ({
  domain: 'profiles',
  handler: 'fixture-stream',
  entities: ['contact', 'draft'],
  batchSize: 3,
  maxRetryAttempts: 2,
  workerTimeoutSeconds: 10,
  summary: 'fixture consumer',
  ...overrides,
});

type Respond = (
  event: DynamoDBStreamEvent,
  delivery: number,
) => DynamoDBBatchResponse | undefined | Promise<DynamoDBBatchResponse | undefined>;

/**
 * A new table and `start` for a runner over it whose one consumer `probe` keeps each batch and answers with `respond`.
 * Tests write first and start the runner after, so batches do not depend on how reads and writes interleave.
 */
const setup = async (
  options: { consumer?: Partial<StreamConsumerSpec>; respond?: Respond; dir?: string; pollMs?: number } = {},
) => {
  const tableName = await newTable();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'streams-'));
  if (!options.dir) dirs.push(dir);
  const batches: DynamoDBRecord[][] = [];
  const consumer: StreamConsumer = {
    handler: async (event) => {
      batches.push(event.Records);
      return options.respond?.(event, batches.length);
    },
  };
  const start = (at = dir) =>
    startStreamRunner({
      endpoint,
      tableName,
      dir: at,
      consumers: { probe: spec(options.consumer) },
      loadConsumer: async () => consumer,
      pollMs: options.pollMs ?? 20,
      retryDelayMs: 5,
      log: () => {},
    }).then((runner) => {
      runners.push(runner);
      return runner;
    });
  const put = (sk: string, entity: string, extra: Record<string, { S: string }> = {}) =>
    db.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: 'USER#u' }, sk: { S: sk }, entity: { S: entity }, ...extra },
      }),
    );
  /** the sort keys of each batch, in order */
  const keys = () => batches.map((batch) => batch.map((record) => record.dynamodb?.Keys?.sk?.S));
  return { tableName, dir, start, batches, keys, put };
};

/** Records with these sort keys fail (by their sequence numbers). */
const failing =
  (...sks: string[]) =>
  (event: DynamoDBStreamEvent): DynamoDBBatchResponse => ({
    batchItemFailures: event.Records.filter((record) => sks.includes(record.dynamodb?.Keys?.sk?.S ?? '')).map(
      (record) => ({ itemIdentifier: record.dynamodb!.SequenceNumber! }),
    ),
  });

describe('the local stream runner', () => {
  it("delivers the filter's records in order, as Lambda shapes them, in batches of at most batchSize", async () => {
    const { tableName, start, batches, keys, put } = await setup();
    for (const sk of ['a', 'b', 'c', 'd']) await put(sk, 'contact');
    await put('quota', 'quota');
    await db.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { pk: { S: 'USER#u' }, sk: { S: 'a' } },
        UpdateExpression: 'SET #n = :n',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': { S: 'Ada' } },
      }),
    );
    await db.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: 'USER#u' }, sk: { S: 'b' } } }));
    const runner = await start();
    await runner.drained();

    expect(keys()).toEqual([
      ['a', 'b', 'c'],
      ['d', 'a', 'b'],
    ]);
    const records = batches.flat();
    expect(records.map((record) => record.eventName)).toEqual([
      'INSERT',
      'INSERT',
      'INSERT',
      'INSERT',
      'MODIFY',
      'REMOVE',
    ]);
    const sequences = records.map((record) => BigInt(record.dynamodb!.SequenceNumber!));
    expect(sequences).toEqual([...sequences].sort((x, y) => (x < y ? -1 : 1)));
    const modify = records[4]!;
    expect(modify).toMatchObject({
      eventSource: 'aws:dynamodb',
      eventSourceARN: runner.streamArn,
      awsRegion: localNames.region,
      dynamodb: {
        Keys: { pk: { S: 'USER#u' }, sk: { S: 'a' } },
        NewImage: { pk: { S: 'USER#u' }, sk: { S: 'a' }, entity: { S: 'contact' }, name: { S: 'Ada' } },
        OldImage: { pk: { S: 'USER#u' }, sk: { S: 'a' }, entity: { S: 'contact' } },
        StreamViewType: table.streamViewType,
      },
    });
    expect(typeof modify.eventID).toBe('string');
    expect(Math.abs(modify.dynamodb!.ApproximateCreationDateTime! - Date.now() / 1000)).toBeLessThan(120);
    // a removal has the item before it only, and still passes the filter by it
    expect(records[5]!.dynamodb).toMatchObject({ OldImage: { entity: { S: 'contact' } } });
    expect(records[5]!.dynamodb!.NewImage).toBeUndefined();
  });

  it('reads a shard at most every pollMs while records keep coming, as Lambda polls 4 times a second, so they come in fuller batches', async () => {
    const { start, batches, put } = await setup({ consumer: { batchSize: 100 }, pollMs: 300 });
    const runner = await start();
    // records one after another (a few ms each), for about 600 ms
    const started = Date.now();
    let written = 0;
    while (Date.now() - started < 600) await put(`k${written++}`, 'contact');
    await runner.drained();
    expect(batches.flat()).toHaveLength(written);
    // a read at the start, then one every 300 ms at most (and the one drained() asks for): not a read and a batch for
    // every few records. A read of more than 100 records (a fast machine) hands them in batches of 100
    expect(batches.length).toBeLessThanOrEqual(5 + Math.floor(written / 100));
  });

  it('resolves drained() only once what was written before the call is delivered', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { start, keys, put } = await setup({
      respond: async () => {
        await held;
        return undefined;
      },
    });
    const runner = await start();
    await put('x', 'draft');
    let drained = false;
    const waiting = runner.drained().then(() => (drained = true));
    // handed to the consumer, which has not answered yet
    await vi.waitFor(() => expect(keys()).toEqual([['x']]), { timeout: 10_000 });
    expect(drained).toBe(false);
    release();
    await waiting;
    await put('y', 'draft');
    await runner.drained();
    expect(keys()).toEqual([['x'], ['y']]);
  });

  it('resolves drained() while a read of the shard is always in progress (a busy machine: reads take longer than pollMs)', async () => {
    // with no pause between reads, a new read has begun whenever the runner looks at its waiters
    const { start, keys, put } = await setup({ pollMs: 0 });
    const runner = await start();
    await put('x', 'draft');
    await runner.drained();
    expect(keys()).toEqual([['x']]);
    await runner.stop();
  });

  it('redelivers from the first failed record of batchItemFailures; the records before it are done', async () => {
    let failOnce = true;
    const { start, keys, put } = await setup({
      consumer: { batchSize: 4 },
      respond: (event) => {
        if (!failOnce) return undefined;
        failOnce = false;
        return failing('b', 'd')(event);
      },
    });
    for (const sk of ['a', 'b', 'c', 'd']) await put(sk, 'contact');
    const runner = await start();
    await runner.drained();
    expect(keys()).toEqual([
      ['a', 'b', 'c', 'd'],
      ['b', 'c', 'd'],
    ]);
    expect(runner.skipped('probe')).toEqual([]);
  });

  it('skips a record after maxRetryAttempts retries and goes on with the next ones', async () => {
    const { start, keys, put } = await setup({
      consumer: { batchSize: 2, maxRetryAttempts: 2 },
      respond: failing('poison'),
    });
    for (const sk of ['a', 'poison', 'c']) await put(sk, 'contact');
    const runner = await start();
    await runner.drained();
    // the first delivery and two retries, then the rest
    expect(keys()).toEqual([['a', 'poison'], ['poison', 'c'], ['poison', 'c'], ['c']]);
    expect(runner.skipped('probe')).toEqual([
      expect.objectContaining({ attempts: 3, reason: 'reported in batchItemFailures' }),
    ]);
  });

  it('fails a whole batch whose batchItemFailures name a record it does not have', async () => {
    let calls = 0;
    const { start, keys, put } = await setup({
      consumer: { batchSize: 2 },
      respond: () => (++calls === 1 ? { batchItemFailures: [{ itemIdentifier: '1' }] } : undefined),
    });
    for (const sk of ['a', 'b']) await put(sk, 'contact');
    const runner = await start();
    await runner.drained();
    expect(keys()).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });

  it('halves a batch that throws until the record that throws is alone, and retries only it', async () => {
    const { start, keys, put } = await setup({
      consumer: { batchSize: 4, maxRetryAttempts: 1 },
      respond: (event) => {
        if (event.Records.some((record) => record.dynamodb?.Keys?.sk?.S === 'c')) throw new Error('boom');
        return undefined;
      },
    });
    for (const sk of ['a', 'b', 'c', 'd']) await put(sk, 'contact');
    const runner = await start();
    await runner.drained();
    expect(keys()).toEqual([['a', 'b', 'c', 'd'], ['a', 'b'], ['c', 'd'], ['c'], ['c'], ['d']]);
    expect(runner.skipped('probe')).toEqual([expect.objectContaining({ attempts: 2, reason: 'Error: boom' })]);
  });

  it('resumes after a restart where it stopped, and a new position folder starts from the stream’s start', async () => {
    const { keys, put, start, dir } = await setup();
    await put('before', 'contact');
    const runner = await start();
    await runner.drained();
    await runner.stop();
    await put('while-stopped', 'contact');
    const again = await start(dir);
    await again.drained();
    expect(keys()).toEqual([['before'], ['while-stopped']]);

    const fresh = mkdtempSync(join(tmpdir(), 'streams-'));
    dirs.push(fresh);
    const fromStart = await start(fresh);
    await fromStart.drained();
    expect(keys().slice(2)).toEqual([['before', 'while-stopped']]);
  });

  it('imports a consumer module and delivers to its handler', async () => {
    const tableName = await newTable();
    const dir = mkdtempSync(join(tmpdir(), 'streams-'));
    dirs.push(dir);
    const runner = await startStreamRunner({
      endpoint,
      tableName,
      dir,
      consumers: { probe: spec() },
      loadConsumer: () => import('./test/stream-consumer.js'),
      pollMs: 20,
      log: () => {},
    });
    runners.push(runner);
    await db.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: 'USER#m' }, sk: { S: 'm' }, entity: { S: 'draft' } },
      }),
    );
    await runner.drained();
    const delivered = streamProbe().events.flatMap((event) => event.Records);
    expect(delivered.filter((record) => record.eventSourceARN === runner.streamArn)).toHaveLength(1);
  });

  it('refuses a table without a stream', async () => {
    const name = `streams-${randomUUID().slice(0, 8)}`;
    const { StreamSpecification: _none, ...input } = createTableInput(name);
    await db.send(new CreateTableCommand(input));
    tables.push(name);
    const dir = mkdtempSync(join(tmpdir(), 'streams-'));
    dirs.push(dir);
    await expect(startStreamRunner({ endpoint, tableName: name, dir, log: () => {} })).rejects.toThrow('no stream');
  });
});

describe("DynamoDB Local's table", () => {
  it('gets the stream when it was made before the table had one', async () => {
    const name = `streams-${randomUUID().slice(0, 8)}`;
    const { StreamSpecification: _none, ...input } = createTableInput(name);
    await db.send(new CreateTableCommand(input));
    tables.push(name);
    await upgradeTable(db, name);
    const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: table.streamViewType });
    expect(Table?.LatestStreamArn).toBeTruthy();
    // a second start changes nothing: the same stream
    await upgradeTable(db, name);
    const after = await db.send(new DescribeTableCommand({ TableName: name }));
    expect(after.Table?.LatestStreamArn).toBe(Table?.LatestStreamArn);
  });
});

describe('the local stack', () => {
  it("delivers its table's stream to the consumers it is given, in the Lambda environment, and waits with streams.drained()", async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'streams-stack-'));
    dirs.push(localDir);
    const stack = await startLocalStack({
      localDir,
      web: false,
      ports: await freeStackPorts(),
      // the runner imports `lambdas/<domain>/<handler>.ts`: this fixture lives beside the tests instead
      streams: { probe: spec({ domain: 'profiles', handler: '../../infra/local/test/stream-consumer' }) },
      log: () => {},
    });
    const stackDb = new DynamoDBClient({
      endpoint: stack.urls.dynamodb,
      region: localNames.region,
      credentials: localCredentials,
    });
    try {
      expect(stack.streams.names()).toEqual(['probe']);
      await stackDb.send(
        new PutItemCommand({
          TableName: stack.env.TABLE_NAME,
          Item: { pk: { S: 'USER#s' }, sk: { S: 'stack' }, entity: { S: 'contact' } },
        }),
      );
      await stack.streams.drained();
      const probe = streamProbe();
      const index = probe.events.findIndex((event) => event.Records[0]?.eventSourceARN === stack.streams.streamArn);
      expect(probe.events[index]?.Records.map((record) => record.dynamodb?.Keys?.sk?.S)).toEqual(['stack']);
      expect(probe.env[index]).toBe(stack.env.TABLE_NAME);
    } finally {
      stackDb.destroy();
      await stack.stop();
    }
  }, 120_000);
});
