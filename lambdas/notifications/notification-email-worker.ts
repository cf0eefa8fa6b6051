import type { Logger } from '@aws-lambda-powertools/logger';
import { replyDigestMessageSchema } from '../../shared/schemas/notifications.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { type NotificationsDeps, notificationsDepsFromEnv } from './deps.js';
import { sendReplyDigest } from './reply-digest.js';

/**
 * The `notification-email` queue's worker (DESIGN §4): one reply digest per message, keyed on (user, window), so two
 * deliveries never run it side by side and a redelivery after it finished does nothing; the digest's own status
 * (`sending` -> `sent`, conditioned) is what a later attempt reads. @default idempotency claims in the table
 */
export const notificationEmailWorker = (
  deps: NotificationsDeps,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'notification-email',
    schema: replyDigestMessageSchema,
    key: ({ uid, windowId }) => [uid, windowId],
    handle: async (message) => ({ userId: message.uid, ...(await sendReplyDigest(deps, message)) }),
    idempotency,
    logger,
    now: deps.now,
  });

const logger = createLogger('notifications');

export const handler = notificationEmailWorker(notificationsDepsFromEnv(logger), logger);
