import { z } from 'zod';
import { localAccountId } from './lambda-context.js';
import { UnknownQueueError, type QueueRunner } from './queue-runner.js';

/** One SQS JSON-protocol call: the action (X-Amz-Target without `AmazonSQS.`), its input, the endpoint's origin. */
export type SqsApi = (
  action: string,
  input: unknown,
  origin: string,
) => Promise<{ status: number; body: unknown; headers?: Record<string, string> }>;

const attribute = z.object({
  DataType: z.string(),
  StringValue: z.string().optional(),
  BinaryValue: z.string().optional(),
});
const sendMessage = z.object({
  QueueUrl: z.string(),
  MessageBody: z.string().min(1),
  DelaySeconds: z.number().int().min(0).max(900).optional(),
  MessageAttributes: z.record(z.string(), attribute).optional(),
});
const sendMessageBatch = z.object({
  QueueUrl: z.string(),
  Entries: z
    .array(sendMessage.omit({ QueueUrl: true }).extend({ Id: z.string().regex(/^[\w-]{1,80}$/) }))
    .min(1)
    .max(10),
});
const getQueueUrl = z.object({ QueueName: z.string() });

/** The queue URL the local endpoint answers for `name`: `<origin>/000000000000/<name>`, as SQS's shape. */
export const localQueueUrl = (origin: string, name: string) => `${origin}/${localAccountId}/${name}`;
const queueName = (url: string) => url.split('/').filter(Boolean).at(-1) ?? '';

const error = (type: string, queryCode: string, message: string, status = 400) => ({
  status,
  body: { __type: `com.amazonaws.sqs#${type}`, message },
  headers: { 'x-amzn-query-error': `${queryCode};Sender` },
});

/**
 * The subset of the SQS JSON protocol the product's queue port uses (SendMessage, SendMessageBatch, GetQueueUrl, plus
 * ListQueues for a look around), over the local queue runner. `@aws-sdk/client-sqs` pointed at the gateway through
 * `AWS_ENDPOINT_URL_SQS` then works unchanged (it checks the body MD5s this answers).
 */
export const createSqsApi =
  (runner: QueueRunner): SqsApi =>
  async (action, input, origin) => {
    try {
      switch (action) {
        case 'GetQueueUrl': {
          const { QueueName } = getQueueUrl.parse(input);
          if (!runner.names().includes(QueueName)) {
            return error(
              'QueueDoesNotExist',
              'AWS.SimpleQueueService.NonExistentQueue',
              'The specified queue does not exist.',
            );
          }
          return { status: 200, body: { QueueUrl: localQueueUrl(origin, QueueName) } };
        }
        case 'ListQueues':
          return { status: 200, body: { QueueUrls: runner.names().map((name) => localQueueUrl(origin, name)) } };
        case 'SendMessage': {
          const request = sendMessage.parse(input);
          const name = queueName(request.QueueUrl);
          const sent = runner.send(name, request.MessageBody, {
            ...(request.DelaySeconds !== undefined ? { delaySeconds: request.DelaySeconds } : {}),
            ...(request.MessageAttributes ? { messageAttributes: request.MessageAttributes } : {}),
          });
          // as SQS, answered once the message is kept
          await runner.saved(name);
          return {
            status: 200,
            body: {
              MessageId: sent.messageId,
              MD5OfMessageBody: sent.md5OfBody,
              ...(sent.md5OfMessageAttributes ? { MD5OfMessageAttributes: sent.md5OfMessageAttributes } : {}),
            },
          };
        }
        case 'SendMessageBatch': {
          const request = sendMessageBatch.parse(input);
          const ids = request.Entries.map((entry) => entry.Id);
          if (new Set(ids).size !== ids.length) {
            return error(
              'BatchEntryIdsNotDistinct',
              'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
              'Two or more batch entries have the same Id.',
            );
          }
          const name = queueName(request.QueueUrl);
          if (!runner.names().includes(name)) throw new UnknownQueueError(name);
          const successful = request.Entries.map((entry) => {
            const sent = runner.send(name, entry.MessageBody, {
              ...(entry.DelaySeconds !== undefined ? { delaySeconds: entry.DelaySeconds } : {}),
              ...(entry.MessageAttributes ? { messageAttributes: entry.MessageAttributes } : {}),
            });
            return {
              Id: entry.Id,
              MessageId: sent.messageId,
              MD5OfMessageBody: sent.md5OfBody,
              ...(sent.md5OfMessageAttributes ? { MD5OfMessageAttributes: sent.md5OfMessageAttributes } : {}),
            };
          });
          // the batch's messages kept in one write, then answered
          await runner.saved(name);
          return { status: 200, body: { Successful: successful, Failed: [] } };
        }
        default:
          return error(
            'UnsupportedOperation',
            'AWS.SimpleQueueService.UnsupportedOperation',
            `The local SQS does not support ${action}.`,
          );
      }
    } catch (failure) {
      if (failure instanceof UnknownQueueError) {
        return error(
          'QueueDoesNotExist',
          'AWS.SimpleQueueService.NonExistentQueue',
          'The specified queue does not exist.',
        );
      }
      if (failure instanceof z.ZodError) {
        return error('InvalidParameterValue', 'InvalidParameterValue', z.prettifyError(failure));
      }
      throw failure;
    }
  };
