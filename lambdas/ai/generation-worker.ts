import type { Logger } from '@aws-lambda-powertools/logger';
import { queues } from '../../shared/queues.js';
import { generationMessageSchema } from '../../shared/schemas/ai.js';
import { sqsWorker } from '../core/worker.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { createLogger } from '../core/logger.js';
import { generationDepsFromEnv } from './deps.js';
import { generateBatchItem, type GenerationDeps } from './generation.js';

/**
 * The `ai-generation` queue's worker (DESIGN §4) on the house worker kit: one contact of a batch per message,
 * idempotent on (user, batch, contact), so a redelivery never writes a second draft. The model is called by at most
 * the queue's `maxConcurrency` workers at once (shared/queues.ts).
 * @default idempotency claims in the table
 */
export const generationWorker = (
  deps: GenerationDeps,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'ai-generation',
    schema: generationMessageSchema,
    key: ({ uid, batchId, contactId }) => [uid, batchId, contactId],
    handle: async (message, record) => {
      const result = await generateBatchItem(deps, message, {
        receiveCount: record.receiveCount,
        maxReceiveCount: queues['ai-generation'].maxReceiveCount,
      });
      return { userId: message.uid, batchId: message.batchId, contactId: message.contactId, ...result };
    },
    idempotency,
    logger,
    now: deps.now,
  });

const logger = createLogger('ai');

export const handler = generationWorker(generationDepsFromEnv(logger), logger);
