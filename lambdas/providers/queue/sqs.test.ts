import type { SQSRecord } from 'aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type Gateway } from '../../../infra/local/gateway.js';
import { freePort } from '../../../infra/local/net.js';
import { localCredentials } from '../../../infra/local/ports.js';
import { startQueueRunner, type QueueRunner } from '../../../infra/local/queue-runner.js';
import { createSqsApi, localQueueUrl } from '../../../infra/local/sqs-api.js';
import { createSqsClient, sqsQueue } from './sqs.js';

/** The queue port over the SQS SDK, pointed at the local gateway's SQS endpoint as the local stack points it. */
let gateway: Gateway;
let runner: QueueRunner;
let dir: string;
const received: SQSRecord[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqs-port-'));
  runner = startQueueRunner({
    dir,
    table: {
      'email-lookup': {
        domain: 'contacts',
        worker: 'fixture-worker',
        batchSize: 10,
        maxReceiveCount: 3,
        workerTimeoutSeconds: 10,
        summary: 'fixture',
      },
    },
    loadWorker: async () => ({
      handler: async (event) => {
        received.push(...event.Records);
      },
    }),
    log: () => {},
  });
  gateway = await startGateway({
    port: await freePort(),
    webOrigin: 'http://localhost:5173',
    routes: [],
    authorize: async () => null,
    sqs: createSqsApi(runner),
    log: () => {},
  });
});
afterAll(async () => {
  await gateway.stop();
  await runner.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQS queue port', () => {
  it('sends one message, and many in batches of ten, as JSON to the queue of the given name', async () => {
    const client = createSqsClient({ endpoint: gateway.url, region: 'us-east-1', credentials: localCredentials });
    const queue = sqsQueue(client, (name) => localQueueUrl(gateway.url, name));
    await queue.send('email-lookup', { n: 0 });
    await queue.sendMany(
      'email-lookup',
      Array.from({ length: 12 }, (_, index) => ({ n: index + 1 })),
    );
    await vi.waitFor(() => expect(received).toHaveLength(13));
    const numbers = received.map((record) => (JSON.parse(record.body) as { n: number }).n);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, index) => index));
  });
});
