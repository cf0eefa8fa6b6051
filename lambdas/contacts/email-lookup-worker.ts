import type { Logger } from '@aws-lambda-powertools/logger';
import { queues } from '../../shared/queues.js';
import { emailLookupMessageSchema } from '../../shared/schemas/contacts.js';
import { readConfig } from '../core/config.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import { quickEmailVerification, readVerificationSettings } from '../providers/verification/quickemailverification.js';
import { countLookupActivity, type EmailLookupDeps, lookUpEmail } from './email-lookup.js';
import { now } from '../core/clock.js';

/**
 * The `email-lookup` queue's worker (DESIGN §4) on the house worker kit: one lookup per message, idempotent on
 * (user, contact, attempt). A message that is not a lookup, or a lookup that failed (its vendor), comes back, and
 * after its last receive waits in the dead letters.
 * @default idempotency claims in the lookup's own table
 */
export const emailLookupWorker = (
  deps: EmailLookupDeps,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'email-lookup',
    schema: emailLookupMessageSchema,
    key: ({ uid, contactId, attempt }) => [uid, contactId, attempt],
    handle: async (message, record) => {
      const outcome = await lookUpEmail(deps, message).catch(async (error: unknown) => {
        // failed for good on its last receive: its request's activity counts it failed
        if (record.receiveCount >= queues['email-lookup'].maxReceiveCount)
          await countLookupActivity(deps, message, { kind: 'failed' });
        throw error;
      });
      // a refused lookup spends no attempt (SPEC §5): the same attempt may come again, e.g. once the user typed an address
      if (outcome.kind === 'refused') record.forgetKey();
      await countLookupActivity(deps, message, outcome);
      return { userId: message.uid, contactId: message.contactId, attempt: message.attempt, ...outcome };
    },
    idempotency,
    logger,
    now: deps.now,
  });

const config = readConfig();
const db = createDataClient(config.tableName);
const logger = createLogger('contacts');

export const handler = emailLookupWorker(
  {
    db,
    verifier: quickEmailVerification(readVerificationSettings()),
    now,
    live: createLivePort({ db }),
    logger,
  },
  logger,
);
