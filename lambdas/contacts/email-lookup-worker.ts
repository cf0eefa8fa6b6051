import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { emailLookupMessageSchema } from '../../shared/schemas/contacts.js';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { quickEmailVerification, readVerificationSettings } from '../providers/verification/quickemailverification.js';
import { type EmailLookupDeps, lookUpEmail } from './email-lookup.js';

const parseBody = (record: SQSRecord) => {
  try {
    return emailLookupMessageSchema.safeParse(JSON.parse(record.body));
  } catch {
    return undefined;
  }
};

/**
 * The `email-lookup` queue's worker (DESIGN §4): each record is one lookup, run side by side. A record that is not a
 * lookup message is logged and dropped, since no retry can fix it; a record whose lookup failed is reported in
 * `batchItemFailures`, so only it comes back (and after `maxReceiveCount` receives lands in the dead-letter queue).
 */
export const emailLookupWorker =
  (deps: EmailLookupDeps, logger: Logger) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchItemFailure[] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        const parsed = parseBody(record);
        if (!parsed?.success) {
          logger.error('dropped a message that is not an e-mail lookup', {
            messageId: record.messageId,
            issues: parsed?.error.issues.map((issue) => issue.path.join('.') || issue.message) ?? ['not JSON'],
          });
          return;
        }
        const { uid, contactId, attempt } = parsed.data;
        try {
          const outcome = await lookUpEmail(deps, parsed.data);
          logger.info('e-mail lookup', { messageId: record.messageId, userId: uid, contactId, attempt, ...outcome });
        } catch (error) {
          logger.error('e-mail lookup failed; the message will be retried', {
            messageId: record.messageId,
            userId: uid,
            contactId,
            attempt,
            receiveCount: record.attributes.ApproximateReceiveCount,
            error: error as Error,
          });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures };
  };

const config = readConfig();
const logger = createLogger('contacts');

export const handler = emailLookupWorker(
  {
    db: createDataClient(config.tableName),
    verifier: quickEmailVerification(readVerificationSettings()),
    now: () => new Date(),
  },
  logger,
);
