import { describe, expect, it, vi } from 'vitest';
import { emailLookupMessageSchema, type EmailLookupMessage } from '../../shared/schemas/contacts.js';
import { memoryIdempotencyStore } from '../test/memory-idempotency.js';
import { sqsEvent, sqsRecord } from '../test/sqs-event.js';
import { createLogger } from './logger.js';
import { idempotencyKey, sqsWorker, type RecordContext } from './worker.js';

const lookup = (overrides: Partial<EmailLookupMessage> = {}) =>
  JSON.stringify({ uid: 'user-1', contactId: 'contact-1', attempt: 1, ...overrides });

const setup = (
  handle: (
    message: EmailLookupMessage,
    record: RecordContext,
  ) => Promise<Record<string, unknown>> | Promise<void> = async () => {},
) => {
  const logger = createLogger('test');
  logger.setLogLevel('SILENT');
  const lines = {
    info: vi.spyOn(logger, 'info'),
    warn: vi.spyOn(logger, 'warn'),
    error: vi.spyOn(logger, 'error'),
  };
  const idempotency = memoryIdempotencyStore();
  const handler = vi.fn(handle);
  const worker = sqsWorker({
    queue: 'email-lookup',
    schema: emailLookupMessageSchema,
    key: ({ uid, contactId, attempt }) => [uid, contactId, attempt],
    handle: handler,
    idempotency: idempotency.store,
    logger,
  });
  /** every log line's outcome, in order */
  const outcomes = () =>
    [...lines.info.mock.calls, ...lines.warn.mock.calls, ...lines.error.mock.calls].map(
      ([, fields]) => (fields as { outcome?: string } | undefined)?.outcome,
    );
  return { worker, handler, lines, outcomes, idempotency };
};

describe('the SQS worker kit', () => {
  it('reports a record that is not JSON or not a message of the queue for the dead-letter queue, without running it', async () => {
    const { worker, handler, lines } = setup();
    const garbage = sqsRecord('not json');
    const wrongShape = sqsRecord(JSON.stringify({ uid: 42, contactId: 'c' }));
    const healthy = sqsRecord(lookup());

    expect(await worker(sqsEvent(garbage, wrongShape, healthy))).toEqual({
      batchItemFailures: [{ itemIdentifier: garbage.messageId }, { itemIdentifier: wrongShape.messageId }],
    });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(lines.error).toHaveBeenCalledTimes(2);
    expect(lines.error.mock.calls.map(([message]) => message)).toEqual([
      expect.stringMatching(/^a poison message: .*dead-letter queue/),
      expect.stringMatching(/^a poison message: .*dead-letter queue/),
    ]);
    expect(lines.error.mock.calls[0]?.[1]).toMatchObject({
      messageId: garbage.messageId,
      outcome: 'poison',
      maxReceiveCount: 5,
      lastReceive: false,
      issues: ['not JSON'],
    });
    expect(lines.error.mock.calls[1]?.[1]).toMatchObject({
      messageId: wrongShape.messageId,
      issues: [expect.stringMatching(/^uid: /), expect.stringMatching(/^attempt: /)],
    });
  });

  it('says when a poison record is on its last receive, and reports it again', async () => {
    const { worker, handler, lines } = setup();
    const last = sqsRecord('[]', { receiveCount: 5 });

    expect(await worker(sqsEvent(last))).toEqual({ batchItemFailures: [{ itemIdentifier: last.messageId }] });

    expect(handler).not.toHaveBeenCalled();
    expect(lines.error.mock.calls[0]?.[1]).toMatchObject({ outcome: 'poison', receiveCount: 5, lastReceive: true });
  });

  it('reports a failing record in batchItemFailures and completes the rest of the batch', async () => {
    const { worker, handler, outcomes } = setup(async (message) => {
      if (message.contactId === 'broken') throw new Error('vendor down');
      return { found: true };
    });
    const failing = sqsRecord(lookup({ contactId: 'broken' }));
    const healthy = sqsRecord(lookup({ contactId: 'fine' }));

    expect(await worker(sqsEvent(failing, healthy))).toEqual({
      batchItemFailures: [{ itemIdentifier: failing.messageId }],
    });
    expect(handler).toHaveBeenCalledTimes(2);
    expect(outcomes().sort()).toEqual(['done', 'failed']);
  });

  it('does not run a redelivered message, or another message with the same business key, a second time', async () => {
    const { worker, handler, lines } = setup();
    const first = sqsRecord(lookup());

    await worker(sqsEvent(first));
    const redelivered = sqsRecord(first.body, { messageId: first.messageId, receiveCount: 2 });
    const sameWork = sqsRecord(lookup());
    expect(await worker(sqsEvent(redelivered, sameWork))).toEqual({ batchItemFailures: [] });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(lines.info.mock.calls.map(([, fields]) => (fields as { outcome: string }).outcome)).toEqual([
      'done',
      'duplicate',
      'duplicate',
    ]);
    expect(lines.info.mock.calls[1]?.[1]).toMatchObject({ key: 'email-lookup:user-1:contact-1:1', receiveCount: 2 });
  });

  it('runs a message whose key differs only in the attempt', async () => {
    const { worker, handler } = setup();
    await worker(sqsEvent(sqsRecord(lookup({ attempt: 1 })), sqsRecord(lookup({ attempt: 2 }))));
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('gives a failed run its key back, so the retry runs it again', async () => {
    let calls = 0;
    const { worker, handler } = setup(async () => {
      calls += 1;
      if (calls === 1) throw new Error('vendor down');
    });
    const record = sqsRecord(lookup());

    expect(await worker(sqsEvent(record))).toEqual({ batchItemFailures: [{ itemIdentifier: record.messageId }] });
    expect(await worker(sqsEvent(sqsRecord(record.body, { messageId: record.messageId, receiveCount: 2 })))).toEqual({
      batchItemFailures: [],
    });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('runs a later message with the same key when the handler said its run changed nothing', async () => {
    let calls = 0;
    const { worker, handler, lines, idempotency } = setup(async (_message, record) => {
      calls += 1;
      if (calls === 1) record.forgetKey();
    });
    const body = lookup();

    await worker(sqsEvent(sqsRecord(body)));
    expect(idempotency.items.size).toBe(0);
    expect(lines.info.mock.calls[0]?.[1]).toMatchObject({ outcome: 'done', keyForgotten: true });
    await worker(sqsEvent(sqsRecord(body)));
    await worker(sqsEvent(sqsRecord(body)));

    expect(handler).toHaveBeenCalledTimes(2);
    expect(lines.info.mock.calls.map(([, fields]) => (fields as { outcome: string }).outcome)).toEqual([
      'done',
      'done',
      'duplicate',
    ]);
  });

  it('sends back a copy that arrives while another delivery still runs the same work', async () => {
    let finish = () => {};
    const { worker, handler, outcomes } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    const original = sqsRecord(lookup());
    const copy = sqsRecord(original.body);

    const running = worker(sqsEvent(original));
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect(await worker(sqsEvent(copy))).toEqual({ batchItemFailures: [{ itemIdentifier: copy.messageId }] });
    finish();
    expect(await running).toEqual({ batchItemFailures: [] });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(outcomes()).toEqual(['done', 'busy']);
  });

  it('logs one line per record, with what the handler answered', async () => {
    const { worker, lines } = setup(async (message) => ({ userId: message.uid, kind: 'written' }));
    const record = sqsRecord(lookup());

    const poison = sqsRecord('[]');

    expect(await worker(sqsEvent(record, poison))).toEqual({
      batchItemFailures: [{ itemIdentifier: poison.messageId }],
    });

    expect(lines.info).toHaveBeenCalledTimes(1);
    expect(lines.error).toHaveBeenCalledTimes(1);
    expect(lines.warn).not.toHaveBeenCalled();
    expect(lines.info.mock.calls[0]?.[1]).toEqual({
      queue: 'email-lookup',
      messageId: record.messageId,
      receiveCount: 1,
      key: 'email-lookup:user-1:contact-1:1',
      outcome: 'done',
      ms: expect.any(Number),
      userId: 'user-1',
      kind: 'written',
    });
  });
});

describe('a worker whose handler claims its own work', () => {
  it('runs every delivery through the handler, which answers repeats, and retries only what it throws', async () => {
    const logger = createLogger('test');
    logger.setLogLevel('SILENT');
    const info = vi.spyOn(logger, 'info');
    const done = new Set<string>();
    const worker = sqsWorker({
      queue: 'email-lookup',
      schema: emailLookupMessageSchema,
      key: ({ uid, contactId, attempt }) => [uid, contactId, attempt],
      handle: async ({ contactId }) => {
        if (contactId === 'broken') throw new Error('the table is away');
        if (done.has(contactId)) return { outcome: 'finished already' };
        done.add(contactId);
        return { outcome: 'written' };
      },
      idempotency: 'handler',
      logger,
    });
    const record = sqsRecord(lookup());
    const broken = sqsRecord(lookup({ contactId: 'broken' }));

    expect(await worker(sqsEvent(record, broken))).toEqual({
      batchItemFailures: [{ itemIdentifier: broken.messageId }],
    });
    expect(await worker(sqsEvent(sqsRecord(record.body)))).toEqual({ batchItemFailures: [] });

    // the handler's own answers are logged; no claim of the kit's said 'duplicate' in its place
    expect(info.mock.calls.map(([, fields]) => (fields as { outcome: string }).outcome)).toEqual([
      'written',
      'finished already',
    ]);
  });
});

describe('the idempotency key', () => {
  it('joins the queue and the business id, so that no part can forge another key', () => {
    expect(idempotencyKey('email-lookup', ['u', 'c', 3])).toBe('email-lookup:u:c:3');
    expect(idempotencyKey('email-lookup', ['u:c', '3'])).not.toBe(idempotencyKey('email-lookup', ['u', 'c:3']));
  });
});
