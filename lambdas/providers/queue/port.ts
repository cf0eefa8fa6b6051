import type { QueueName } from '../../../shared/queues.js';

/** The queue port (DESIGN §4/§5): a JSON message onto one of the queues of shared/queues.ts. */
export type QueuePort = {
  /** `delaySeconds` (0 to 900) holds the message back before any worker may receive it. @default 0 */
  send: (queue: QueueName, message: unknown, options?: { delaySeconds?: number }) => Promise<void>;
  /** many messages at once (SQS batches of 10) */
  sendMany: (queue: QueueName, messages: unknown[]) => Promise<void>;
};
