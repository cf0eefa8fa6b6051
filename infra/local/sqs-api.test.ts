import { GetQueueUrlCommand, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type Gateway } from './gateway.js';
import { freePort } from './net.js';
import { localCredentials } from './ports.js';
import { startQueueRunner, type QueueRunner } from './queue-runner.js';
import { createSqsApi } from './sqs-api.js';

/** The queue port's SDK, unchanged, pointed at the gateway as `AWS_ENDPOINT_URL_SQS` points it locally. */
let gateway: Gateway;
let runner: QueueRunner;
let sqs: SQSClient;
let dir: string;
const received: SQSRecord[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqs-api-'));
  runner = startQueueRunner({
    dir,
    table: {
      'email-lookup': {
        domain: 'profiles',
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
  sqs = new SQSClient({ endpoint: gateway.url, region: 'us-east-1', credentials: localCredentials });
});
afterAll(async () => {
  sqs.destroy();
  await gateway.stop();
  await runner.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local SQS endpoint', () => {
  it('answers GetQueueUrl for a queue of the table and QueueDoesNotExist otherwise', async () => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'email-lookup' }));
    expect(QueueUrl).toBe(`${gateway.url}/000000000000/email-lookup`);
    await expect(sqs.send(new GetQueueUrlCommand({ QueueName: 'nope' }))).rejects.toMatchObject({
      name: 'QueueDoesNotExist',
    });
  });

  it('takes SendMessage from the SDK (which checks the body MD5) and delivers it to the worker', async () => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'email-lookup' }));
    const sent = await sqs.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: JSON.stringify({ contactId: 'c1' }),
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'lookup' } },
      }),
    );
    expect(sent.MessageId).toEqual(expect.any(String));
    await vi.waitFor(() => expect(received.map((record) => record.messageId)).toContain(sent.MessageId));
    const record = received.find((candidate) => candidate.messageId === sent.MessageId)!;
    expect(JSON.parse(record.body)).toEqual({ contactId: 'c1' });
    expect(record.messageAttributes.kind?.stringValue).toBe('lookup');
  });

  it('takes SendMessageBatch and answers each entry', async () => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'email-lookup' }));
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: [
          { Id: 'one', MessageBody: 'first' },
          { Id: 'two', MessageBody: 'second', DelaySeconds: 0 },
        ],
      }),
    );
    expect(result.Successful?.map((entry) => entry.Id)).toEqual(['one', 'two']);
    expect(result.Failed ?? []).toEqual([]);
    await vi.waitFor(() =>
      expect(received.map((record) => record.body)).toEqual(expect.arrayContaining(['first', 'second'])),
    );
  });

  it('refuses a message for a queue it does not have', async () => {
    await expect(
      sqs.send(new SendMessageCommand({ QueueUrl: `${gateway.url}/000000000000/nope`, MessageBody: 'x' })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });
});
