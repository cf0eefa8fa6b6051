import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  AttributeValue as LambdaAttributeValue,
} from 'aws-lambda';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  type AttributeValue,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ResourceNotFoundException,
  type Shard,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import { z } from 'zod';
import {
  streamConsumerEntries,
  streamConsumers,
  streamFilterPatterns,
  type StreamConsumerSpec,
} from '../../shared/streams.js';
import { lambdaContext, TimeoutError, withTimeout } from './lambda-context.js';
import { localCredentials, localNames } from './ports.js';

/**
 * The SDK's logger middleware filters every call's input and output for its logger even when that logger logs nothing
 * (the default): a walk over every record of a page of stream records. The stream reader gives the SDK no logger, so
 * the middleware goes.
 */
const withoutSdkLogging = <C extends { middlewareStack: { remove: (name: string) => boolean } }>(client: C) => {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
};

/** A stream consumer module: a DynamoDB stream handler that reports partial batch failures (shared/streams.ts). */
export type StreamConsumer = {
  handler: (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | undefined>;
};

export type StreamRunnerOptions = {
  /** DynamoDB Local, which also serves the table's stream */
  endpoint: string;
  tableName: string;
  /** where each consumer's position in each shard is kept, one JSON file per consumer (`<localDir>/streams`) */
  dir: string;
  /** @default the consumers of shared/streams.ts */
  consumers?: Record<string, StreamConsumerSpec>;
  /** @default imports `lambdas/<domain>/<handler>.ts` */
  loadConsumer?: (name: string, spec: StreamConsumerSpec) => Promise<StreamConsumer>;
  /**
   * how often a shard is read, at most (as Lambda, 4 times a second), or again when idle; a full page or a `drained()`
   * caller reads on at once @default 250 ms
   */
  pollMs?: number;
  /** how often the stream's shards are listed again (`drained()` lists at once) @default 2000 ms */
  shardRefreshMs?: number;
  /** the wait before a failed batch comes back, times its attempt (at most 5 s) @default 200 ms */
  retryDelayMs?: number;
  /** @default console.log */
  log?: (line: string) => void;
};

/** A record given up on after `maxRetryAttempts` retries (in AWS its batch's metadata goes to the consumer's DLQ). */
export type SkippedRecord = {
  shardId: string;
  eventID: string;
  sequenceNumber: string;
  attempts: number;
  reason: string;
};

export type StreamRunner = {
  /** the consumers' names */
  names: () => string[];
  /** the table's stream being read */
  streamArn: string;
  /** records a consumer gave up on since the start */
  skipped: (consumer: string) => SkippedRecord[];
  /**
   * resolves once every record written to the table before the call has been delivered to every consumer whose
   * filter takes it (or skipped after its retries)
   */
  drained: () => Promise<void>;
  /**
   * What keeps the oldest `drained()` call waiting, a line per consumer's shard not done (a delivery or a read in
   * progress and for how long, records waiting, not read to its end since the call, a retry) and the shards' listing
   * when none began since: for the message of a test whose drain does not end
   */
  lagging: () => string[];
  /** stops reading and waits (up to `graceMs`) for deliveries in flight; positions stay on disk */
  stop: (graceMs?: number) => Promise<void>;
};

const checkpointFileSchema = z.object({
  streamArn: z.string(),
  /** per shard: the sequence number of the last record done with (delivered or filtered out), and whether it ended */
  shards: z.record(z.string(), z.object({ after: z.string().optional(), finished: z.boolean().optional() })),
});
type CheckpointFile = z.infer<typeof checkpointFileSchema>;

/**
 * The SDK's attribute value as Lambda's event has it: binary as base64. The streams client reads an empty map
 * (`{"M":{}}`, e.g. a draft's placeholderAlternatives with none) as a value with no member at all, which no reader
 * can take (`unmarshall`: 'No value defined'): it is the empty map again.
 */
const lambdaAttribute = (value: AttributeValue): LambdaAttributeValue => {
  if (Object.values(value).every((member) => member === undefined)) return { M: {} };
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((each) => Buffer.from(each).toString('base64')) };
  if (value.M !== undefined) return { M: lambdaImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(lambdaAttribute) };
  return value as LambdaAttributeValue;
};
const lambdaImage = (image: Record<string, AttributeValue>) =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, lambdaAttribute(value)]));

/** A record of GetRecords as Lambda's event source mapping delivers it (epoch seconds, base64 binary, the ARN). */
export const lambdaStreamRecord = (record: _Record, streamArn: string): DynamoDBRecord => {
  const change = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: localNames.region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(change.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(change.ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
      ...(change.Keys ? { Keys: lambdaImage(change.Keys) } : {}),
      ...(change.NewImage ? { NewImage: lambdaImage(change.NewImage) } : {}),
      ...(change.OldImage ? { OldImage: lambdaImage(change.OldImage) } : {}),
      SequenceNumber: change.SequenceNumber,
      ...(change.SizeBytes !== undefined ? { SizeBytes: change.SizeBytes } : {}),
      StreamViewType: change.StreamViewType,
    },
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
  };
};

/**
 * Lambda's event filtering for the subset the consumers' patterns use (shared/streams.ts `streamFilterPatterns`):
 * nested fields, each leaf a list of the values it may have; a record passes when any pattern matches it.
 */
export const matchesFilter = (record: unknown, patterns: readonly unknown[]) =>
  patterns.some((pattern) => matchesPattern(record, pattern));
const matchesPattern = (value: unknown, pattern: unknown): boolean => {
  if (Array.isArray(pattern)) {
    const candidates = Array.isArray(value) ? value : [value];
    return candidates.some((candidate) => pattern.includes(candidate));
  }
  if (!pattern || typeof pattern !== 'object') return false;
  if (!value || typeof value !== 'object') return false;
  return Object.entries(pattern).every(([key, inner]) =>
    matchesPattern((value as Record<string, unknown>)[key], inner),
  );
};

/** Sequence numbers are decimal strings of any length: compared as numbers. */
const sequenceOf = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';

/**
 * The local twin of Lambda's DynamoDB event source mapping (DESIGN §4): each consumer of shared/streams.ts
 * reads DynamoDB Local's table stream from its start (TRIM_HORIZON), every shard in order (a child after its parent),
 * keeps the records its filter takes (the same patterns as the CDK stack's filter criteria) and delivers them in
 * batches of at most `batchSize`, one batch of a shard at a time. A batch that throws is halved until one record
 * fails alone (bisectBatchOnError); `batchItemFailures` mark where the batch stopped: the records before the first
 * failure are done, the rest comes back from it, and a record that failed `maxRetryAttempts` retries more is logged
 * and skipped. Positions are kept on disk, so a restart resumes where the last run stopped.
 */
export const startStreamRunner = async (options: StreamRunnerOptions): Promise<StreamRunner> => {
  const table = options.consumers ?? streamConsumers;
  const log = options.log ?? ((line: string) => console.log(line));
  const pollMs = options.pollMs ?? 250;
  const shardRefreshMs = options.shardRefreshMs ?? 2000;
  const retryDelayMs = options.retryDelayMs ?? 200;
  /** GetRecords' largest page */
  const readLimit = 1000;
  const loadConsumer =
    options.loadConsumer ??
    ((_name: string, spec: StreamConsumerSpec) =>
      import(
        new URL(`../../lambdas/${spec.domain}/${spec.handler}.ts`, import.meta.url).href
      ) as Promise<StreamConsumer>);
  const config = { endpoint: options.endpoint, region: localNames.region, credentials: localCredentials };
  const dynamodb = new DynamoDBClient(config);
  // a page of stream records is large: the SDK's logger middleware would walk it for a logger that logs nothing
  const streams = withoutSdkLogging(new DynamoDBStreamsClient(config));
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName })).finally(() => {
    dynamodb.destroy();
  });
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn || !Table?.StreamSpecification?.StreamEnabled) {
    streams.destroy();
    throw new Error(`The table ${options.tableName} has no stream (lambdas/data/table.ts turns it on)`);
  }
  mkdirSync(options.dir, { recursive: true });

  /** a logical clock: which reads and listings happened after a `drained()` call */
  let clock = 0;
  const tick = () => ++clock;

  type ShardState = {
    id: string;
    parentId?: string;
    iterator?: string;
    /** the last record done with; the next read starts after it (none: the shard's start) */
    after?: string;
    /** the last record read */
    readUpTo?: string;
    /** read to its end (a closed shard) */
    ended: boolean;
    /** read to its end and everything delivered */
    finished: boolean;
    /** records the filter took, not yet delivered */
    pending: DynamoDBRecord[];
    /** when the last read that found nothing new started (the clock) */
    caughtUpAt: number;
    /** when the next read is due (ms): at once while records come, `pollMs` after one found none */
    readAt: number;
    busy: boolean;
    /** what the work in progress is, and since when (ms) */
    doing?: { what: 'read' | 'delivery'; since: number };
    batchSize: number;
    failing?: { sequence: string; attempts: number };
    retryAt: number;
    lastError?: string;
  };
  type ConsumerState = {
    name: string;
    spec: StreamConsumerSpec;
    patterns: unknown[];
    file: string;
    shards: Map<string, ShardState>;
    saved: CheckpointFile['shards'];
    skipped: SkippedRecord[];
    consumer?: Promise<StreamConsumer>;
    /** the checkpoint write in progress, if any, and the one queued behind it (writes go one at a time, in order) */
    writing?: Promise<void>;
    nextWrite?: Promise<void>;
  };

  const consumers: ConsumerState[] = streamConsumerEntries(table).map(({ name, ...spec }) => {
    const file = join(options.dir, `${name}.json`);
    const saved = existsSync(file) ? checkpointFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
    return {
      name,
      spec,
      patterns: streamFilterPatterns(spec),
      file,
      shards: new Map(),
      // positions in another stream (the table made again, or `npm run reset`) mean nothing in this one
      saved: saved?.streamArn === streamArn ? saved.shards : {},
      skipped: [],
    };
  });

  const persist = (state: ConsumerState) => {
    const shards = { ...state.saved };
    for (const shard of state.shards.values()) {
      shards[shard.id] = {
        ...(shard.after ? { after: shard.after } : {}),
        ...(shard.finished ? { finished: true } : {}),
      };
    }
    state.saved = shards;
    return writeCheckpoint(state);
  };

  /**
   * The consumer's positions to disk (atomically, by rename), off the event loop: one write at a time, in order, the
   * positions moved while one runs sharing the next (a replacing rename waits for the file's data on ext4, which the
   * consumers and workers of this process should not). Positions not yet written when the process dies are read
   * again after a restart, as Lambda's event source may: consumers take a record twice without harm.
   */
  const writeCheckpoint = (state: ConsumerState): Promise<void> => {
    if (state.nextWrite) return state.nextWrite;
    const after = (state.writing ?? Promise.resolve()).catch(() => {});
    const write = after.then(async () => {
      // from here on a change waits for the write after this one
      state.nextWrite = undefined;
      state.writing = write;
      const temporary = `${state.file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify({ streamArn, shards: state.saved } satisfies CheckpointFile));
      await rename(temporary, state.file);
    });
    state.nextWrite = write;
    write
      .catch((error: unknown) =>
        log(`stream ${state.name}: could not write ${state.file}: ${(error as Error).message}`),
      )
      .finally(() => {
        if (state.writing === write) state.writing = undefined;
      });
    return write;
  };

  let listedAt = 0;
  let listing: Promise<void> | undefined;
  let lastListing = 0;
  const listShards = () => {
    listing ??= (async () => {
      const started = tick();
      const found: Shard[] = [];
      let exclusiveStartShardId: string | undefined;
      do {
        const { StreamDescription } = await streams.send(
          new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
        );
        found.push(...(StreamDescription?.Shards ?? []));
        exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
      } while (exclusiveStartShardId);
      const ids = new Set(found.map((shard) => shard.ShardId));
      for (const state of consumers) {
        for (const shard of found) {
          if (!shard.ShardId || state.shards.has(shard.ShardId)) continue;
          const saved = state.saved[shard.ShardId];
          state.shards.set(shard.ShardId, {
            id: shard.ShardId,
            ...(shard.ParentShardId ? { parentId: shard.ParentShardId } : {}),
            ...(saved?.after ? { after: saved.after, readUpTo: saved.after } : {}),
            ended: saved?.finished ?? false,
            finished: saved?.finished ?? false,
            pending: [],
            caughtUpAt: 0,
            readAt: 0,
            busy: false,
            batchSize: state.spec.batchSize,
            retryAt: 0,
          });
        }
        // a shard past the stream's retention is gone, with what it held
        for (const id of state.shards.keys()) {
          if (!ids.has(id) && !state.shards.get(id)!.busy) state.shards.delete(id);
        }
      }
      listedAt = started;
      lastListing = Date.now();
    })()
      .catch((error: unknown) => {
        if (!stopped) log(`streams: listing the shards failed: ${(error as Error).message}`);
      })
      .finally(() => {
        listing = undefined;
        setImmediate(poll);
      });
    return listing;
  };

  const consumerOf = (state: ConsumerState) => {
    if (!state.consumer) {
      state.consumer = loadConsumer(state.name, state.spec);
      state.consumer.catch(() => (state.consumer = undefined));
    }
    return state.consumer;
  };

  /** The position after `shard.pending[0]`'s predecessor: the last delivered record, or all that was read. */
  const advance = (state: ConsumerState, shard: ShardState, lastDone: string | undefined) => {
    const after = shard.pending.length === 0 ? shard.readUpTo : lastDone;
    if (shard.pending.length === 0 && shard.ended) shard.finished = true;
    if (after !== undefined && after !== shard.after) shard.after = after;
    void persist(state);
  };

  const read = async (state: ConsumerState, shard: ShardState) => {
    if (!shard.iterator) {
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.id,
          ...(shard.after
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.after }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      );
      shard.iterator = ShardIterator;
      if (!ShardIterator) {
        shard.ended = true;
        advance(state, shard, undefined);
        return;
      }
    }
    const started = tick();
    const readStartedAt = Date.now();
    const { Records = [], NextShardIterator } = await streams.send(
      new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: readLimit }),
    );
    shard.iterator = NextShardIterator;
    if (!NextShardIterator) shard.ended = true;
    if (Records.length === 0) {
      shard.caughtUpAt = started;
      shard.readAt = Date.now() + pollMs;
      if (shard.ended) advance(state, shard, undefined);
      return;
    }
    // As Lambda polls a shard 4 times a second: the records written meanwhile come in the next read, and in fewer,
    // fuller batches (one read and one invocation per few records kept the stack's CPU busy while a workload wrote).
    // A full page (a backlog) or a `drained()` caller reads on at once.
    if (Records.length >= readLimit || waiters.length > 0) shard.readAt = 0;
    else {
      shard.readAt = readStartedAt + pollMs;
      setTimeout(poll, Math.max(0, shard.readAt - Date.now())).unref();
    }
    shard.readUpTo = Records.at(-1)?.dynamodb?.SequenceNumber ?? shard.readUpTo;
    const taken = Records.map((record) => lambdaStreamRecord(record, streamArn)).filter((record) =>
      matchesFilter(record, state.patterns),
    );
    shard.pending.push(...taken);
    // nothing taken: the position moves past what the filter left out
    if (shard.pending.length === 0) advance(state, shard, undefined);
  };

  const deliver = async (state: ConsumerState, shard: ShardState) => {
    const started = Date.now();
    const batch = shard.pending.slice(0, shard.batchSize);
    const known = new Set(batch.map(sequenceOf));
    const timeoutMs = state.spec.workerTimeoutSeconds * 1000;
    let failedAt = -1;
    let reason = '';
    try {
      const consumer = await consumerOf(state);
      const response = await withTimeout(
        Promise.resolve(
          consumer.handler({ Records: batch }, lambdaContext(`outreach-local-${state.name}-stream`, timeoutMs)),
        ),
        timeoutMs,
        `${state.name} stream consumer`,
      );
      const identifiers = (response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier);
      if (identifiers.some((id) => !id || !known.has(id))) {
        // as Lambda: a failure naming no record of the batch fails all of it
        failedAt = 0;
        reason = 'batchItemFailures named an unknown record';
      } else if (identifiers.length > 0) {
        failedAt = batch.findIndex((record) => identifiers.includes(sequenceOf(record)));
        reason = 'reported in batchItemFailures';
      }
    } catch (error) {
      reason = error instanceof TimeoutError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
      log(`stream ${state.name}: consumer failed: ${(error as Error).stack ?? String(error)}`);
      if (batch.length > 1) {
        // bisectBatchOnError: each half comes back on its own, and a split is no retry
        shard.batchSize = Math.ceil(batch.length / 2);
        log(`stream ${state.name}: ${batch.length} record(s) failed; retrying them in halves`);
        return;
      }
      failedAt = 0;
    }
    const done = failedAt === -1 ? batch.length : failedAt;
    shard.pending.splice(0, done);
    if (failedAt === -1) {
      shard.batchSize = state.spec.batchSize;
      shard.failing = undefined;
      advance(state, shard, sequenceOf(batch.at(-1)!));
      log(`stream ${state.name}: ${batch.length} record(s) done (${Date.now() - started} ms)`);
      return;
    }
    const failed = batch[failedAt]!;
    const sequence = sequenceOf(failed);
    const attempts = shard.failing?.sequence === sequence ? shard.failing.attempts + 1 : 1;
    if (done > 0) advance(state, shard, sequenceOf(batch[done - 1]!));
    if (attempts > state.spec.maxRetryAttempts) {
      // given up on, as the event source mapping does after its retries (its DLQ gets the batch's position)
      shard.pending.shift();
      shard.failing = undefined;
      shard.batchSize = state.spec.batchSize;
      state.skipped.push({
        shardId: shard.id,
        eventID: failed.eventID ?? '',
        sequenceNumber: sequence,
        attempts,
        reason,
      });
      log(`stream ${state.name}: record ${sequence} (${failed.eventID}) skipped after ${attempts} attempts: ${reason}`);
      advance(state, shard, sequence);
      return;
    }
    shard.failing = { sequence, attempts };
    shard.retryAt = Date.now() + Math.min(retryDelayMs * attempts, 5000);
    log(`stream ${state.name}: ${done} of ${batch.length} record(s) done, retrying from ${sequence} (${reason})`);
  };

  const running = new Set<Promise<void>>();
  let stopped = false;
  let waiters: { since: number; resolve: () => void }[] = [];

  const work = (state: ConsumerState, shard: ShardState) => {
    shard.busy = true;
    shard.doing = { what: shard.pending.length > 0 ? 'delivery' : 'read', since: Date.now() };
    const step = (shard.pending.length > 0 ? deliver(state, shard) : read(state, shard))
      .then(() => (shard.lastError = undefined))
      .catch((error: unknown) => {
        if (error instanceof ExpiredIteratorException) {
          shard.iterator = undefined;
          return;
        }
        if (error instanceof TrimmedDataAccessException) {
          // the position is older than the stream keeps: from the oldest record it still has
          log(`stream ${state.name}: shard ${shard.id} was trimmed past ${shard.after}; reading from its start`);
          shard.iterator = undefined;
          shard.after = undefined;
          return;
        }
        if (error instanceof ResourceNotFoundException) {
          shard.iterator = undefined;
          lastListing = 0;
        }
        const message = (error as Error).message;
        if (!stopped && shard.lastError !== message) log(`stream ${state.name}: shard ${shard.id}: ${message}`);
        shard.lastError = message;
        shard.retryAt = Date.now() + pollMs;
      })
      .finally(() => {
        shard.busy = false;
        shard.doing = undefined;
        running.delete(step);
        setImmediate(poll);
      });
    running.add(step);
  };

  /**
   * Whether what was written before `since` is delivered: every shard read to its end by a read begun after `since`,
   * and nothing of what was read still waiting (a delivery in progress keeps its batch in `pending`). A read in
   * progress does not count: it can only bring what was written later, and on a busy machine, where a read takes
   * longer than `pollMs`, one has always begun by the time the waiters are looked at.
   */
  const isDrainedSince = (since: number) =>
    listedAt > since &&
    consumers.every((state) =>
      [...state.shards.values()].every(
        (shard) => shard.finished || (shard.pending.length === 0 && shard.caughtUpAt > since),
      ),
    );

  /** Works on every shard that is due: a batch to deliver, or a read (every `pollMs` at most, see `read`). */
  const poll = () => {
    if (stopped) return;
    const now = Date.now();
    // a `drained()` caller waits for a listing begun after its call: a shard made before it may be new
    if (now - lastListing >= shardRefreshMs || waiters.some((waiter) => waiter.since > listedAt)) void listShards();
    for (const state of consumers) {
      for (const shard of state.shards.values()) {
        if (shard.busy || shard.finished || shard.retryAt > now) continue;
        if (shard.pending.length === 0 && shard.readAt > now) continue;
        // a child shard's records follow its parent's: it waits until the parent is done
        const parent = shard.parentId ? state.shards.get(shard.parentId) : undefined;
        if (parent && !parent.finished) continue;
        work(state, shard);
      }
    }
    if (waiters.length > 0) {
      const ready = waiters.filter((waiter) => isDrainedSince(waiter.since));
      waiters = waiters.filter((waiter) => !ready.includes(waiter));
      for (const waiter of ready) waiter.resolve();
    }
  };

  const timer = setInterval(poll, pollMs);
  timer.unref();
  await listShards();

  return {
    names: () => consumers.map((state) => state.name),
    streamArn,
    skipped: (name) => [...(consumers.find((state) => state.name === name)?.skipped ?? [])],
    lagging: () => {
      const since = waiters[0]?.since ?? clock;
      const shards = consumers.flatMap((state) =>
        [...state.shards.values()]
          .filter((shard) => !shard.finished && (shard.busy || shard.pending.length > 0 || shard.caughtUpAt <= since))
          .map((shard) =>
            [
              `${state.name} ${shard.id}:`,
              shard.doing ? `${shard.doing.what} for ${Date.now() - shard.doing.since} ms` : 'idle',
              `${shard.pending.length} waiting`,
              ...(shard.caughtUpAt <= since ? ['not read to its end since'] : []),
              ...(shard.failing ? [`retry ${shard.failing.attempts}`] : []),
              ...(shard.lastError ? [shard.lastError] : []),
            ].join(' '),
          ),
      );
      return listedAt > since ? shards : [`shards last listed ${Date.now() - lastListing} ms ago`, ...shards];
    },
    drained: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        waiters.push({ since: tick(), resolve });
        // what was written before this call is read now, not after the idle interval
        for (const state of consumers) for (const shard of state.shards.values()) shard.readAt = 0;
        setImmediate(poll);
      }),
    stop: async (graceMs = 5000) => {
      stopped = true;
      clearInterval(timer);
      await Promise.race([
        Promise.allSettled([...running, listing]),
        new Promise((resolve) => setTimeout(resolve, graceMs)),
      ]);
      streams.destroy();
      for (const waiter of waiters) waiter.resolve();
      waiters = [];
      // the positions as they are now, on disk
      await Promise.allSettled(consumers.map(writeCheckpoint));
    },
  };
};
