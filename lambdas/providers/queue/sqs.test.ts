import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localCredentials } from '../../../infra/local/ports.js';
import { localQueueUrl } from '../../../infra/local/sqs-api.js';
import { startSqsEndpoint } from '../../../infra/local/test/sqs-endpoint.js';
import { createSqsClient, sqsQueue } from './sqs.js';

/** The queue port over the SQS SDK, pointed at the local gateway's SQS endpoint as the local stack points it. */
let endpoint: Awaited<ReturnType<typeof startSqsEndpoint>>;

beforeAll(async () => {
  endpoint = await startSqsEndpoint();
});
afterAll(() => endpoint.stop());

describe('the SQS queue port', () => {
  it('sends one message, and many in batches of ten, as JSON to the queue of the given name', async () => {
    const client = createSqsClient({ endpoint: endpoint.url, region: 'us-east-1', credentials: localCredentials });
    const queue = sqsQueue(client, (name) => localQueueUrl(endpoint.url, name));
    await queue.send('email-lookup', { n: 0 });
    await queue.sendMany(
      'email-lookup',
      Array.from({ length: 12 }, (_, index) => ({ n: index + 1 })),
    );
    await vi.waitFor(() => expect(endpoint.received).toHaveLength(13));
    const numbers = endpoint.received.map((record) => (JSON.parse(record.body) as { n: number }).n);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, index) => index));
  });
});
