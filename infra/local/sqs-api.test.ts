import { GetQueueUrlCommand, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localCredentials } from './ports.js';
import { startSqsEndpoint } from './test/sqs-endpoint.js';

/** The queue port's SDK, unchanged, pointed at the gateway as `AWS_ENDPOINT_URL_SQS` points it locally. */
let endpoint: Awaited<ReturnType<typeof startSqsEndpoint>>;
let sqs: SQSClient;

beforeAll(async () => {
  endpoint = await startSqsEndpoint();
  sqs = new SQSClient({ endpoint: endpoint.url, region: 'us-east-1', credentials: localCredentials });
});
afterAll(async () => {
  sqs.destroy();
  await endpoint.stop();
});

describe('the local SQS endpoint', () => {
  it('answers GetQueueUrl for a queue of the table and QueueDoesNotExist otherwise', async () => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'email-lookup' }));
    expect(QueueUrl).toBe(`${endpoint.url}/000000000000/email-lookup`);
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
    await vi.waitFor(() => expect(endpoint.received.map((record) => record.messageId)).toContain(sent.MessageId));
    const record = endpoint.received.find((candidate) => candidate.messageId === sent.MessageId)!;
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
      expect(endpoint.received.map((record) => record.body)).toEqual(expect.arrayContaining(['first', 'second'])),
    );
  });

  it("refuses every call without the run's secret (403) and queues nothing", async () => {
    const before = endpoint.received.length;
    const stranger = new SQSClient({ endpoint: endpoint.origin, region: 'us-east-1', credentials: localCredentials });
    try {
      await expect(
        stranger.send(
          new SendMessageCommand({ QueueUrl: `${endpoint.origin}/000000000000/email-lookup`, MessageBody: 'x' }),
        ),
      ).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });
    } finally {
      stranger.destroy();
    }
    // what a web page on this machine could send: a simple POST to a guessed path
    for (const path of ['/', '/_aws/guess/', '/_aws/']) {
      const response = await fetch(`${endpoint.origin}${path}`, {
        method: 'POST',
        headers: { 'X-Amz-Target': 'AmazonSQS.SendMessage', 'Content-Type': 'text/plain' },
        body: JSON.stringify({ QueueUrl: `${endpoint.origin}/000000000000/email-lookup`, MessageBody: 'x' }),
      });
      expect(response.status, path).toBe(403);
    }
    expect(endpoint.pending('email-lookup')).toEqual([]);
    expect(endpoint.received.length).toBe(before);
  });

  it('refuses a message for a queue it does not have', async () => {
    await expect(
      sqs.send(new SendMessageCommand({ QueueUrl: `${endpoint.url}/000000000000/nope`, MessageBody: 'x' })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });
});
