import type { SQSClient, SQSClientConfig } from '@aws-sdk/client-sqs';
import { queueUrlEnvName, type QueueName } from '../../../shared/queues.js';
import { LazyClient } from '../lazy-client.js';
import type { QueuePort } from './port.js';

/** The SQS SDK, imported when a message is first sent. */
const loadSdk = () => import('@aws-sdk/client-sqs');

/**
 * The SQS client of a Lambda, built once (STYLE §10), on first use: the contacts Lambda sends only when a contact is
 * added, its e-mail changes or a lookup is asked for, so its lists, reads and deletions never load the SDK. The
 * endpoint comes from `AWS_ENDPOINT_URL_SQS` when set (the local gateway).
 */
export const createSqsClient = (config: SQSClientConfig = {}) =>
  new LazyClient(async () => new (await loadSdk()).SQSClient({ maxAttempts: 3, ...config }));

/** A queue's URL from the environment the stack sets (`QUEUE_URL_EMAIL_LOOKUP`, ...). */
export const queueUrlFromEnv = (queue: QueueName, env: NodeJS.ProcessEnv = process.env) => {
  const url = env[queueUrlEnvName(queue)];
  if (!url) throw new Error(`${queueUrlEnvName(queue)} is not set: the stack gives a producer its queue's URL`);
  return url;
};

/** The queue port over SQS; queue URLs resolved per send from `urlOf` (the environment by default). */
export const sqsQueue = (
  client: LazyClient<SQSClient>,
  urlOf: (queue: QueueName) => string = (queue) => queueUrlFromEnv(queue),
): QueuePort => ({
  send: async (queue, message, options = {}) => {
    const [{ SendMessageCommand }, sqs] = await Promise.all([loadSdk(), client.get()]);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: urlOf(queue),
        MessageBody: JSON.stringify(message),
        ...(options.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
      }),
    );
  },
  sendMany: async (queue, messages) => {
    const [{ SendMessageBatchCommand }, sqs] = await Promise.all([loadSdk(), client.get()]);
    for (let start = 0; start < messages.length; start += 10) {
      const chunk = messages.slice(start, start + 10);
      const result = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: urlOf(queue),
          Entries: chunk.map((message, index) => ({ Id: String(start + index), MessageBody: JSON.stringify(message) })),
        }),
      );
      if (result.Failed?.length) {
        throw new Error(
          `SQS refused ${result.Failed.length} of ${chunk.length} messages to ${queue}: ${result.Failed[0]?.Message ?? ''}`,
        );
      }
    }
  },
});
