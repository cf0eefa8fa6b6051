import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { queues, type QueueName } from '../../shared/queues.js';
import type { IdempotencyStore } from '../data/idempotency.js';
import { nowMs } from './clock.js';

/** Fields a record handler adds to its record's log line. */
export type LogFields = Record<string, unknown>;

/** What a record handler gets besides its message. */
export type RecordContext = {
  messageId: string;
  receiveCount: number;
  logger: Logger;
  /**
   * Says this run changed nothing that a repeat could duplicate (e.g. it refused the work for now), so its business key
   * is given back instead of marked done: a later message with the same key runs.
   */
  forgetKey: () => void;
};

export type SqsWorkerOptions<S extends z.ZodMiniType> = {
  /** the queue of shared/queues.ts this worker consumes; its `workerTimeoutSeconds` bounds a claim's lock */
  queue: QueueName;
  /** the message schema (shared/schemas/<domain>.ts); a record it refuses is poison */
  schema: S;
  /**
   * The message's business id (STYLE §9), e.g. `[uid, contactId, attempt]`: the kit keys idempotency on
   * `<queue>:<parts>`, so a redelivered message, or a second message for the same work, does not run twice.
   */
  key: (message: z.infer<S>) => readonly (string | number)[];
  /** Does the work of one message; throws to have it retried. What it answers is logged with the outcome. */
  handle: (message: z.infer<S>, record: RecordContext) => Promise<LogFields> | Promise<void>;
  /**
   * The claims on business keys (lambdas/data/idempotency.ts), or `'handler'` for a worker whose handler claims its
   * work in the work's own state with the same conditional write that starts it (the ai-generation batch's
   * per-contact items): the kit then writes no claim of its own, and the handler answers a repeat without redoing it.
   */
  idempotency: IdempotencyStore | 'handler';
  logger: Logger;
  /** @default the product's clock (core/clock.ts) */
  now?: () => Date;
};

/** `email-lookup:<uid>:<contactId>:<attempt>`; each part URI-encoded so a `:` inside one cannot forge another key. */
export const idempotencyKey = (queue: string, parts: readonly (string | number)[]) =>
  [queue, ...parts.map((part) => encodeURIComponent(String(part)))].join(':');

type Parsed<T> = { ok: true; message: T } | { ok: false; issues: string[] };

const parseRecord = <S extends z.ZodMiniType>(schema: S, record: SQSRecord): Parsed<z.infer<S>> => {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    return { ok: false, issues: ['not JSON'] };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, message: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`),
  };
};

/**
 * The SQS worker every queue uses (DESIGN §4, STYLE §9): each record of the batch, side by side, is parsed with the
 * queue's zod schema, claimed by its business key, handled, and logged in one structured line with its outcome:
 * - `poison`: not JSON or refused by the schema; no retry can fix it, but it is reported in `batchItemFailures`
 *   (logged as an error with its issues), so it is kept: after `maxReceiveCount` receives it waits in the dead-letter
 *   queue, where its alarm fires and a person can read it, rather than vanishing;
 * - `duplicate`: a run with the same business key already finished; nothing runs;
 * - `busy`: another delivery holds the key right now; reported in `batchItemFailures`, so it comes back later;
 * - `done`: handled and its key marked done (or given back, when the handler called `forgetKey`);
 * - `failed`: the handler (or the claim) threw; the claim is given back and the record reported in
 *   `batchItemFailures`, so only it comes back (after `maxReceiveCount` receives: the dead-letter queue).
 * A claim is locked until the invocation's time runs out (`context`), @default the queue's `workerTimeoutSeconds`.
 */
export const sqsWorker = <S extends z.ZodMiniType>(options: SqsWorkerOptions<S>) => {
  const { queue, schema, idempotency, logger } = options;
  const now = options.now ?? (() => new Date(nowMs()));
  const lockMs = (context: Context | undefined) =>
    context ? context.getRemainingTimeInMillis() : queues[queue].workerTimeoutSeconds * 1000;

  /** Runs one record; true when it must come back. */
  const run = async (record: SQSRecord, context: Context | undefined): Promise<boolean> => {
    const startedAt = Date.now();
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    const line = { queue, messageId: record.messageId, receiveCount };
    const parsed = parseRecord(schema, record);
    if (!parsed.ok) {
      const { maxReceiveCount } = queues[queue];
      // SQS moves it to the dead-letter queue when a receive would exceed maxReceiveCount
      logger.error('a poison message: not a message of this queue; it goes to the dead-letter queue', {
        ...line,
        maxReceiveCount,
        lastReceive: receiveCount >= maxReceiveCount,
        outcome: 'poison',
        issues: parsed.issues,
      });
      return true;
    }

    const key = idempotencyKey(queue, options.key(parsed.message));
    let token: string | undefined;
    try {
      if (idempotency === 'handler') {
        const fields = await options.handle(parsed.message, {
          messageId: record.messageId,
          receiveCount,
          logger,
          forgetKey: () => {},
        });
        logger.info('handled a message', { ...line, key, outcome: 'done', ms: Date.now() - startedAt, ...fields });
        return false;
      }
      const claimedAt = now();
      const claim = await idempotency.claim(key, new Date(claimedAt.getTime() + lockMs(context)), claimedAt);
      if (claim.outcome !== 'claimed') {
        if (claim.outcome === 'done') {
          logger.info('skipped a message whose work is done', { ...line, key, outcome: 'duplicate' });
          return false;
        }
        logger.warn('another delivery is running this message; it will come back', { ...line, key, outcome: 'busy' });
        return true;
      }
      token = claim.token;
      let forgotten = false;
      const fields = await options.handle(parsed.message, {
        messageId: record.messageId,
        receiveCount,
        logger,
        forgetKey: () => {
          forgotten = true;
        },
      });
      if (forgotten) await idempotency.release(key, token);
      else await idempotency.complete(key, token, now());
      logger.info('handled a message', {
        ...line,
        key,
        outcome: 'done',
        ...(forgotten ? { keyForgotten: true } : {}),
        ms: Date.now() - startedAt,
        ...fields,
      });
      return false;
    } catch (error) {
      if (token && idempotency !== 'handler') {
        await idempotency.release(key, token).catch((releaseError: unknown) =>
          // the lock runs out with the invocation anyway; the retry waits for it
          logger.warn('could not give a claim back', { ...line, key, error: releaseError as Error }),
        );
      }
      logger.error('a message failed; it will be retried', {
        ...line,
        key,
        outcome: 'failed',
        ms: Date.now() - startedAt,
        error: error as Error,
      });
      return true;
    }
  };

  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    if (context) logger.addContext(context);
    const retry = await Promise.all(event.Records.map((record) => run(record, context)));
    const batchItemFailures: SQSBatchItemFailure[] = event.Records.filter((_, index) => retry[index]).map((record) => ({
      itemIdentifier: record.messageId,
    }));
    return { batchItemFailures };
  };
};
