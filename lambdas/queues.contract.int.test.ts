import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { queueEntries } from '../shared/queues.js';
import { lambdaContext } from './test/api-event.js';
import { sqsRecord } from './test/sqs-event.js';

type QueueWorker = { handler: (event: SQSEvent, context: unknown) => Promise<SQSBatchResponse> };

const load = (domain: string, worker: string) => import(`./${domain}/${worker}.ts`) as Promise<QueueWorker>;

/** Bodies no queue's schema takes: each is dropped, never retried into the dead-letter queue (STYLE §16). */
const poison = ['not json', '', 'null', '[]', '{}', '"a string"', '{"unexpected": true}'];

/** Every queue of the table, present and future (STYLE §16). */
describe.each(queueEntries())('queue $name', (queue) => {
  it('drops poison messages: none is reported for a retry, and the worker does not throw', async () => {
    const { handler } = await load(queue.domain, queue.worker);
    const records = poison.map((body) => sqsRecord(body, { queue: queue.name }));

    expect(await handler({ Records: records }, lambdaContext())).toEqual({ batchItemFailures: [] });
  });
});
