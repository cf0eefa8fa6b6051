import type { Context, SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { nowMs } from '../../lambdas/core/clock.js';
import { queueEntries, queues as queueTable, visibilityTimeoutSeconds, type QueueSpec } from '../../shared/queues.js';
import { lambdaContext, localAccountId, TimeoutError, withTimeout } from './lambda-context.js';
import { localNames } from './ports.js';

/** A queue worker module: an SQS handler that reports partial batch failures (STYLE §9). */
export type QueueWorker = {
  handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;
};

/** SQS `MessageAttributeValue` as SendMessage takes it (binary as base64). */
export type MessageAttribute = { DataType: string; StringValue?: string; BinaryValue?: string };

const storedMessageSchema = z.object({
  messageId: z.string(),
  body: z.string(),
  md5OfBody: z.string(),
  messageAttributes: z.record(
    z.string(),
    z.object({ DataType: z.string(), StringValue: z.string().optional(), BinaryValue: z.string().optional() }),
  ),
  sentAt: z.number(),
  /** epoch ms from which the message may be received (delay, or the end of its visibility timeout) */
  visibleAt: z.number(),
  receiveCount: z.number(),
  firstReceivedAt: z.number().optional(),
  /** the receipt of the latest receive, while a worker holds the message */
  receiptHandle: z.string().optional(),
  /** why the last delivery failed, for the dead-letter list */
  lastError: z.string().optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;
export type DeadLetter = StoredMessage & { deadAt: number };

const queueFileSchema = z.object({
  messages: z.array(storedMessageSchema),
  deadLetters: z.array(storedMessageSchema.extend({ deadAt: z.number() })),
});

export type QueueRunnerOptions = {
  /** where pending messages and dead letters are kept, one JSON file per queue (`<localDir>/queues`) */
  dir: string;
  /** @default the queue table of shared/queues.ts */
  table?: Record<string, QueueSpec>;
  /** @default imports `lambdas/<domain>/<worker>.ts` */
  loadWorker?: (name: string, spec: QueueSpec) => Promise<QueueWorker>;
  /**
   * Divides the visibility timeout and delays so retries come quickly (the worker timeout stays as it is).
   * @default env LOCAL_QUEUE_SPEED, else 1
   */
  speed?: number;
  /**
   * batches a queue delivers at once, as Lambda's concurrent pollers, for a queue whose spec sets no `maxConcurrency`
   * (one that does is held to it, as its event source is in AWS) @default 4
   */
  concurrency?: number;
  /** @default 50 ms */
  pollMs?: number;
  /** @default console.log */
  log?: (line: string) => void;
};

export type SendOptions = { delaySeconds?: number; messageAttributes?: Record<string, MessageAttribute> };
export type SentMessage = { messageId: string; md5OfBody: string; md5OfMessageAttributes?: string };

export type QueueRunner = {
  /** the queue names of the table */
  names: () => string[];
  /** SQS SendMessage: queued at once; on disk when `saved` resolves (the local SQS API answers after it) */
  send: (queue: string, body: string, options?: SendOptions) => SentMessage;
  /** resolves once the queue's state as it is now (every message sent so far) is on disk */
  saved: (queue: string) => Promise<void>;
  /** messages not yet deleted (waiting, delayed or in flight) */
  pending: (queue: string) => StoredMessage[];
  deadLetters: (queue: string) => DeadLetter[];
  /** resolves once no queue has a message that is visible or in flight (delayed and retrying ones wait) */
  drained: () => Promise<void>;
  /** stops polling and waits (up to `graceMs`) for batches in flight; what is left stays on disk */
  stop: (graceMs?: number) => Promise<void>;
};

export class UnknownQueueError extends Error {
  constructor(readonly queue: string) {
    super(`Unknown queue: ${queue}`);
    this.name = 'UnknownQueueError';
  }
}

/** How long a receive or a deletion may wait for its write to disk (a send is written at once). */
const lazyWriteMs = 100;

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');

/** SQS's MD5 of message attributes: name, type and value, length-prefixed, in name order. */
export const md5OfMessageAttributes = (attributes: Record<string, MessageAttribute>) => {
  const parts: Buffer[] = [];
  const withLength = (data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    parts.push(length, data);
  };
  for (const name of Object.keys(attributes).sort()) {
    const attribute = attributes[name]!;
    withLength(Buffer.from(name, 'utf8'));
    withLength(Buffer.from(attribute.DataType, 'utf8'));
    if (attribute.BinaryValue !== undefined) {
      parts.push(Buffer.from([2]));
      withLength(Buffer.from(attribute.BinaryValue, 'base64'));
    } else {
      parts.push(Buffer.from([1]));
      withLength(Buffer.from(attribute.StringValue ?? '', 'utf8'));
    }
  }
  return md5(Buffer.concat(parts));
};

/** Lambda's shape of message attributes in an SQS event record. */
const recordAttributes = (attributes: Record<string, MessageAttribute>): SQSMessageAttributes =>
  Object.fromEntries(
    Object.entries(attributes).map(([name, attribute]) => [
      name,
      {
        dataType: attribute.DataType,
        ...(attribute.StringValue !== undefined ? { stringValue: attribute.StringValue } : {}),
        ...(attribute.BinaryValue !== undefined ? { binaryValue: attribute.BinaryValue } : {}),
        stringListValues: [],
        binaryListValues: [],
      },
    ]),
  );

export const queueArn = (name: string) => `arn:aws:sqs:${localNames.region}:${localAccountId}:${name}`;

/**
 * The local SQS + Lambda event source mapping (DESIGN §4): each queue of the table delivers SQS-shaped batches of up
 * to `batchSize` to its worker. A received message stays invisible for the queue's visibility timeout; the worker's
 * `batchItemFailures` (all of the batch when it throws or times out) are not deleted and come back after it, with a
 * higher `ApproximateReceiveCount`; a message received `maxReceiveCount` times moves to the dead-letter list instead of
 * a further delivery. Pending messages are written through to disk (atomically, by rename), so a restart loses none;
 * messages a stopped run held come back at once. Delays and visibility run on the product's clock
 * (`lambdas/core/clock.ts`): a message delayed 15 minutes is received once the local clock has moved 15 minutes on.
 */
export const startQueueRunner = (options: QueueRunnerOptions): QueueRunner => {
  const table = options.table ?? queueTable;
  const speed = options.speed ?? Number(process.env.LOCAL_QUEUE_SPEED ?? 1);
  const concurrency = options.concurrency ?? 4;
  const log = options.log ?? ((line: string) => console.log(line));
  const loadWorker =
    options.loadWorker ??
    ((_name: string, spec: QueueSpec) =>
      import(new URL(`../../lambdas/${spec.domain}/${spec.worker}.ts`, import.meta.url).href) as Promise<QueueWorker>);
  mkdirSync(options.dir, { recursive: true });

  type QueueState = {
    name: string;
    spec: QueueSpec;
    file: string;
    messages: StoredMessage[];
    deadLetters: DeadLetter[];
    inFlight: number;
    worker?: Promise<QueueWorker>;
    /** the write in progress, if any (one at a time, in order, so an older state never lands after a newer one) */
    writing?: Promise<void>;
    /** the write queued behind it, which will take the state as it is when it starts */
    nextWrite?: Promise<void>;
    /** a write due within {@link lazyWriteMs} (`persistSoon`) */
    soon?: NodeJS.Timeout;
  };

  const states = new Map<string, QueueState>();
  for (const { name, ...spec } of queueEntries(table)) {
    const file = join(options.dir, `${name}.json`);
    const saved = existsSync(file)
      ? queueFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
      : { messages: [], deadLetters: [] };
    const now = nowMs();
    // A message an earlier run was working on is visible again: that worker is gone.
    const messages = saved.messages.map(({ receiptHandle, ...message }) =>
      receiptHandle ? { ...message, visibleAt: now } : message,
    );
    states.set(name, { name, spec, file, messages, deadLetters: saved.deadLetters, inFlight: 0 });
  }

  const temporaryOf = (state: QueueState) => `${state.file}.${process.pid}.tmp`;
  const contentOf = (state: QueueState) => JSON.stringify({ messages: state.messages, deadLetters: state.deadLetters });
  for (const state of states.values()) {
    writeFileSync(temporaryOf(state), contentOf(state));
    renameSync(temporaryOf(state), state.file);
  }

  /**
   * Writes the queue's state to disk (atomically, by rename) off the event loop, and answers when a write that
   * started after the call has landed. Writes of a queue go one at a time, in order, and the changes made while one
   * runs share the next one: a batch of 100 messages costs far fewer writes than changes, and the workers running in this
   * process never wait for the disk (a replacing rename waits for the file's data on ext4: ~2 ms each, and far more
   * while the disk is busy). A change not yet written when the process dies is one SQS may lose too: a deletion
   * (the message comes back: deliveries are at least once) or a receive (a restart makes held messages visible again
   * anyway); a send is answered only once written (`saved`).
   */
  const persist = (state: QueueState): Promise<void> => {
    if (state.nextWrite) return state.nextWrite;
    clearTimeout(state.soon);
    state.soon = undefined;
    const after = (state.writing ?? Promise.resolve()).catch(() => {});
    const write = after.then(async () => {
      // from here on a change waits for the write after this one
      state.nextWrite = undefined;
      state.writing = write;
      const temporary = temporaryOf(state);
      await writeFile(temporary, contentOf(state));
      await rename(temporary, state.file);
    });
    state.nextWrite = write;
    write
      .catch((error: unknown) => log(`queue ${state.name}: could not write ${state.file}: ${(error as Error).message}`))
      .finally(() => {
        if (state.writing === write) state.writing = undefined;
      });
    return write;
  };

  /**
   * Writes the queue's state within {@link lazyWriteMs}, for the changes a crash may lose (receives and deletions,
   * see `persist`): the changes of that time share one write. A batch of 100 messages was ~120 writes of the whole
   * queue (~9 MB and ~40 ms of JSON on the event loop the workers share); sends are written at once (`saved`).
   */
  const persistSoon = (state: QueueState) => {
    if (state.soon || state.nextWrite) return;
    state.soon = setTimeout(() => {
      state.soon = undefined;
      void persist(state);
    }, lazyWriteMs);
    state.soon.unref();
  };

  const stateOf = (queue: string) => {
    const state = states.get(queue);
    if (!state) throw new UnknownQueueError(queue);
    return state;
  };

  const running = new Set<Promise<void>>();
  /**
   * Receipts of the messages a worker holds right now. Such a message is not handed out again before its worker
   * returns (or times out), whatever its visibility timeout: in AWS a queue's visibility timeout is at least its
   * function's timeout (here 6 times it), so only `speed` could make it run out under a running worker, and a copy
   * delivered beside the running one would test a case that cannot happen there.
   */
  const held = new Set<string>();
  const isVisible = (message: StoredMessage, now: number) =>
    message.visibleAt <= now && !(message.receiptHandle && held.has(message.receiptHandle));
  let stopped = false;
  let drainWaiters: (() => void)[] = [];

  const workerOf = (state: QueueState) => {
    if (!state.worker) {
      state.worker = loadWorker(state.name, state.spec);
      state.worker.catch(() => (state.worker = undefined));
    }
    return state.worker;
  };

  const deliver = async (state: QueueState, batch: StoredMessage[]) => {
    const started = Date.now();
    // captured now: a later receive of the same message gives it a new receipt
    const receipts = new Set(batch.map((message) => message.receiptHandle));
    const records: SQSRecord[] = batch.map((message) => ({
      messageId: message.messageId,
      receiptHandle: message.receiptHandle!,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: localAccountId,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? nowMs()),
      },
      messageAttributes: recordAttributes(message.messageAttributes),
      md5OfBody: message.md5OfBody,
      ...(Object.keys(message.messageAttributes).length > 0
        ? { md5OfMessageAttributes: md5OfMessageAttributes(message.messageAttributes) }
        : {}),
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn(state.name),
      awsRegion: localNames.region,
    }));
    // not divided by speed: a worker takes as long as it takes
    const timeoutMs = state.spec.workerTimeoutSeconds * 1000;
    let failed: Set<string>;
    let reason: string | undefined;
    try {
      const worker = await workerOf(state);
      const response = await withTimeout(
        worker.handler({ Records: records }, lambdaContext(`outreach-local-${state.name}-worker`, timeoutMs)),
        timeoutMs,
        `${state.name} worker`,
      );
      const identifiers = (response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier);
      const known = new Set(batch.map((message) => message.messageId));
      // As Lambda: a failure naming no message of the batch fails the whole batch.
      if (identifiers.some((id) => !id || !known.has(id))) {
        failed = known;
        reason = 'batchItemFailures named an unknown message';
      } else {
        failed = new Set(identifiers);
        if (failed.size > 0) reason = 'reported in batchItemFailures';
      }
    } catch (error) {
      failed = new Set(batch.map((message) => message.messageId));
      reason = error instanceof TimeoutError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
      log(`queue ${state.name}: worker failed: ${(error as Error).stack ?? String(error)}`);
    }
    // Successes are deleted; failures keep their visibility timeout and come back after it.
    state.messages = state.messages.flatMap((message) => {
      if (!message.receiptHandle || !receipts.has(message.receiptHandle)) return [message];
      if (!failed.has(message.messageId)) return [];
      const { receiptHandle: _handle, ...rest } = message;
      return [{ ...rest, ...(reason ? { lastError: reason } : {}) }];
    });
    persistSoon(state);
    log(
      `queue ${state.name}: ${batch.length} message(s), ${batch.length - failed.size} done` +
        `${failed.size > 0 ? `, ${failed.size} to retry` : ''} (${Date.now() - started} ms)`,
    );
  };

  const poll = () => {
    if (stopped) return;
    const now = nowMs();
    for (const state of states.values()) {
      // SQS moves a message to the dead-letter queue when a receive would exceed maxReceiveCount.
      const dead = state.messages.filter(
        (message) => isVisible(message, now) && message.receiveCount >= state.spec.maxReceiveCount,
      );
      if (dead.length > 0) {
        state.messages = state.messages.filter((message) => !dead.includes(message));
        state.deadLetters.push(...dead.map((message) => ({ ...message, deadAt: now })));
        void persist(state);
        for (const message of dead) {
          log(
            `queue ${state.name}: ${message.messageId} moved to the dead letters after ${message.receiveCount} receives`,
          );
        }
      }
      while (state.inFlight < (state.spec.maxConcurrency ?? concurrency)) {
        // Visible: never received, or failed (or its worker timed out) and its visibility timeout over.
        const batch = state.messages.filter((message) => isVisible(message, now)).slice(0, state.spec.batchSize);
        if (batch.length === 0) break;
        const visibleAt = now + (visibilityTimeoutSeconds(state.spec) * 1000) / speed;
        for (const message of batch) {
          message.receiptHandle = randomUUID();
          held.add(message.receiptHandle);
          message.receiveCount += 1;
          message.firstReceivedAt ??= now;
          message.visibleAt = visibleAt;
        }
        persistSoon(state);
        const receipts = batch.map((message) => message.receiptHandle!);
        state.inFlight += 1;
        const delivery = deliver(state, batch)
          .catch((error: unknown) => log(`queue ${state.name}: ${(error as Error).stack ?? String(error)}`))
          .finally(() => {
            for (const receipt of receipts) held.delete(receipt);
            state.inFlight -= 1;
            running.delete(delivery);
            setImmediate(poll);
          });
        running.add(delivery);
      }
    }
    if (drainWaiters.length > 0 && isDrained()) {
      const waiters = drainWaiters;
      drainWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  const isDrained = () => {
    const now = nowMs();
    return [...states.values()].every(
      (state) => state.inFlight === 0 && !state.messages.some((message) => isVisible(message, now)),
    );
  };

  const timer = setInterval(poll, options.pollMs ?? 50);
  timer.unref();

  return {
    names: () => [...states.keys()],
    send: (queue, body, sendOptions = {}) => {
      const state = stateOf(queue);
      const now = nowMs();
      const attributes = sendOptions.messageAttributes ?? {};
      const message: StoredMessage = {
        messageId: randomUUID(),
        body,
        md5OfBody: md5(body),
        messageAttributes: attributes,
        sentAt: now,
        visibleAt: now + ((sendOptions.delaySeconds ?? 0) * 1000) / speed,
        receiveCount: 0,
      };
      state.messages.push(message);
      void persist(state);
      setImmediate(poll);
      return {
        messageId: message.messageId,
        md5OfBody: message.md5OfBody,
        ...(Object.keys(attributes).length > 0 ? { md5OfMessageAttributes: md5OfMessageAttributes(attributes) } : {}),
      };
    },
    pending: (queue) => stateOf(queue).messages.map((message) => ({ ...message })),
    saved: async (queue) => {
      const state = stateOf(queue);
      await persist(state);
    },
    deadLetters: (queue) => stateOf(queue).deadLetters.map((message) => ({ ...message })),
    drained: () => (isDrained() ? Promise.resolve() : new Promise<void>((resolve) => drainWaiters.push(resolve))),
    stop: async (graceMs = 5000) => {
      stopped = true;
      clearInterval(timer);
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, graceMs))]);
      for (const resolve of drainWaiters) resolve();
      drainWaiters = [];
      // what is left, as it is now, on disk
      await Promise.allSettled([...states.values()].map(persist));
    },
  };
};
