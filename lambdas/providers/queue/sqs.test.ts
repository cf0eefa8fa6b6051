import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localCredentials } from '../../../infra/local/ports.js';
import { localQueueUrl } from '../../../infra/local/sqs-api.js';
import { startSqsEndpoint } from '../../../infra/local/test/sqs-endpoint.js';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { LazyClient } from '../lazy-client.js';
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

  it('sends the batches of ten side by side (10 at once at most), tries every one, and throws the first refusal', async () => {
    let inFlight = 0;
    let most = 0;
    let refuse = true;
    const entries: number[] = [];
    const fake = {
      send: async (command: { input: { Entries: { Id: string }[] } }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        const ids = command.input.Entries.map((entry) => Number(entry.Id));
        entries.push(...ids);
        // the second batch is refused, the first time
        return refuse && ids.includes(10) ? { Failed: [{ Id: '10', Message: 'throttled' }] } : { Successful: [] };
      },
    } as unknown as SQSClient;
    const queue = sqsQueue(new LazyClient(async () => fake), () => 'https://queue');
    await expect(
      queue.sendMany(
        'ai-generation',
        Array.from({ length: 25 }, (_, index) => ({ n: index })),
      ),
    ).rejects.toThrow('SQS refused 1 of 10 messages to ai-generation: throttled');
    expect(most).toBe(3);
    expect(entries.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index));
    // 16 batches: 10 at once at most
    most = 0;
    refuse = false;
    await queue.sendMany(
      'ai-generation',
      Array.from({ length: 160 }, (_, index) => ({ n: index + 100 })),
    );
    expect(most).toBe(10);
  });
});
