import type { Logger } from '@aws-lambda-powertools/logger';
import { queues } from '../../shared/queues.js';
import { generationMessageSchema } from '../../shared/schemas/ai.js';
import { sqsWorker } from '../core/worker.js';
import { createLogger } from '../core/logger.js';
import { generationDepsFromEnv } from './deps.js';
import { batchProfiles, generateBatchItem, type GenerationDeps } from './generation.js';

/**
 * The `ai-generation` queue's worker (DESIGN §4) on the house worker kit: one contact of a batch per message,
 * idempotent on (user, batch, contact) by that contact's own item of the batch, which the handler claims as it starts
 * generating (lambdas/data/generation-batch.ts): so a redelivery never writes a second draft, and no claim of the
 * kit's costs two more writes per contact (the batch budget: the model plus as few table writes as possible). The model is called by at most the queue's
 * `maxConcurrency` workers at once (shared/queues.ts).
 */
export const generationWorker = (deps: GenerationDeps, logger: Logger) => {
  // this worker instance's profiles per batch
  const profileOf = batchProfiles(deps.db);
  return sqsWorker({
    queue: 'ai-generation',
    schema: generationMessageSchema,
    key: ({ uid, batchId, contactId }) => [uid, batchId, contactId],
    handle: async (message, record) => {
      const result = await generateBatchItem(deps, message, {
        receiveCount: record.receiveCount,
        maxReceiveCount: queues['ai-generation'].maxReceiveCount,
        profileOf,
      });
      return { userId: message.uid, batchId: message.batchId, contactId: message.contactId, ...result };
    },
    idempotency: 'handler',
    logger,
    now: deps.now,
  });
};

const logger = createLogger('ai');

export const handler = generationWorker(generationDepsFromEnv(logger), logger);
