import type { Logger } from '@aws-lambda-powertools/logger';
import { queues } from '../../shared/queues.js';
import { sendMessageSchema } from '../../shared/schemas/drafts.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { sendingDepsFromEnv } from './deps.js';
import { isFinal, type SendingDeps, sendOne } from './sending.js';

/**
 * The `send` queue's worker (DESIGN §4) on the house worker kit: one draft per message, keyed on (user, draft), so two
 * deliveries never run it side by side. The key is marked done only once the draft is sent (a redelivery then does
 * nothing); a send that waits, failed or was called off gives its key back, so the next message for that draft (a
 * re-queue, the due-sends job, the user sending it again) runs. Exactly once rests on the draft's conditional writes
 * and the Message-ID looked up before any later attempt (lambdas/drafts/sending.ts).
 * @default idempotency claims in the table
 */
export const sendWorker = (
  deps: SendingDeps,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'send',
    schema: sendMessageSchema,
    key: ({ uid, draftId }) => [uid, draftId],
    handle: async (message, record) => {
      const outcome = await sendOne(deps, message, {
        receiveCount: record.receiveCount,
        maxReceiveCount: queues.send.maxReceiveCount,
      });
      if (!isFinal(outcome)) record.forgetKey();
      return { userId: message.uid, draftId: message.draftId, sendOutcome: outcome };
    },
    idempotency,
    logger,
    now: deps.now,
  });

const logger = createLogger('drafts');

export const handler = sendWorker(sendingDepsFromEnv(logger), logger);
