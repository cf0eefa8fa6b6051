import type { Logger } from '@aws-lambda-powertools/logger';
import { replyCheckMessageSchema } from '../../shared/schemas/replies.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { checkMailbox } from './check.js';
import type { ReplyDeps } from './deps.js';
import { replyDepsFromEnv } from './deps-env.js';

/**
 * The `reply-check` queue's worker (DESIGN §4) on the house worker kit: one mailbox per message, read from its cursor.
 * Idempotent on (user, mailbox, occasion): a redelivered message does not run again, and what a run records is
 * idempotent too (the cursor moves only from the one read; e-mails are recorded once by provider message id). A
 * provider failure is the mailbox's stored error (SPEC §8), not a retry; only our own failures come back.
 * @default idempotency claims in the table
 */
export const replyCheckWorker = (
  deps: ReplyDeps,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'reply-check',
    schema: replyCheckMessageSchema,
    key: ({ uid, mailboxId, checkId }) => [uid, mailboxId, checkId],
    handle: async (message) => {
      const result = await checkMailbox(deps, message.uid, message.mailboxId, {
        reason: message.reason,
        checkId: message.checkId,
        ...(message.resync ? { resync: message.resync } : {}),
        ...(message.later ? { later: message.later } : {}),
      });
      return {
        userId: message.uid,
        mailboxId: message.mailboxId,
        reason: message.reason,
        status: result.status,
        recorded: result.recorded.length,
      };
    },
    idempotency,
    logger,
    now: deps.now,
  });

const logger = createLogger('replies');

export const handler = replyCheckWorker(replyDepsFromEnv(logger), logger);
