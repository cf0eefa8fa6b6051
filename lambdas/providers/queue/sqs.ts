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

/** SendMessageBatch calls in flight at once, at most, in `sendMany`. */
const batchesAtOnce = 10;

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
  // the batches of 10 side by side (up to 10 at once): a batch of 100 e-mails waits for one SendMessageBatch's time,
  // not ten; every batch is tried, and the first refusal is thrown once all have answered
  sendMany: async (queue, messages) => {
    const [{ SendMessageBatchCommand }, sqs] = await Promise.all([loadSdk(), client.get()]);
    const starts = Array.from({ length: Math.ceil(messages.length / 10) }, (_, index) => index * 10);
    let refusal: unknown;
    const sendNext = async () => {
      for (let next = starts.shift(); next !== undefined; next = starts.shift()) {
        const start = next;
        const chunk = messages.slice(start, start + 10);
        try {
          const result = await sqs.send(
            new SendMessageBatchCommand({
              QueueUrl: urlOf(queue),
              Entries: chunk.map((message, index) => ({
                Id: String(start + index),
                MessageBody: JSON.stringify(message),
              })),
            }),
          );
          if (result.Failed?.length) {
            throw new Error(
              `SQS refused ${result.Failed.length} of ${chunk.length} messages to ${queue}: ${result.Failed[0]?.Message ?? ''}`,
            );
          }
        } catch (error) {
          refusal ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(batchesAtOnce, starts.length) }, sendNext));
    if (refusal !== undefined) throw refusal;
  },
});
