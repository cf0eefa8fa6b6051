import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { scheduledJob } from '../core/schedule.js';
import { createDataClient, type DataClient } from '../data/client.js';
import {
  abandonOwedLookup,
  dueLookups,
  lookupRedriveDelayMs,
  postponeOwedLookup,
  type ContactItem,
} from '../data/contact.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { lookupMessage } from './lookup-rules.js';
import { now } from '../core/clock.js';

export type LookupRedriveDeps = {
  db: DataClient;
  queue: QueuePort;
  now: () => Date;
  logger: Logger;
};

export const lookupRedrive = {
  /**
   * Sends of one owed lookup before it is given up ('error', so the user may ask again): 5, 10, 20, 40 and 80 minutes
   * apart, longer together than the queue's own retries of a message that keeps failing.
   */
  maxRedrives: 5,
  /** contacts read per index partition and run; the rest wait for the next run */
  perPartition: 100,
} as const;

/** What one run did: lookups sent again, given up, and left alone because they moved on while it ran. */
export type RedriveSummary = { due: number; sent: number; abandoned: number; movedOn: number };

/**
 * Sends again the e-mail lookups that contacts owe (status 'pending') longer than `lookupRedriveDelayMs`: their message
 * was lost between the contact's write and the queue's send, or the queue gave it up. Found with one Query per
 * partition of the owed-lookups index, never a scan. Each is first marked sent (so a second run leaves it), then sent
 * as the attempt it owes; the worker's idempotency on (user, contact, attempt) makes a copy of a message that did
 * arrive harmless. After `maxRedrives` sends it is given up as 'error'.
 */
export const redriveLookups = async (deps: LookupRedriveDeps): Promise<RedriveSummary> => {
  const now = deps.now();
  const due = await dueLookups(deps.db, now, lookupRedrive.perPartition);
  const summary: RedriveSummary = { due: due.length, sent: 0, abandoned: 0, movedOn: 0 };
  const toSend: ContactItem[] = [];
  for (const contact of due) {
    const redrives = contact.emailLookupRedrives ?? 0;
    if (redrives >= lookupRedrive.maxRedrives) {
      if (await abandonOwedLookup(deps.db, contact, now.toISOString())) {
        summary.abandoned += 1;
        deps.logger.error('gave an e-mail lookup up: its message never completed', {
          userId: contact.uid,
          contactId: contact.contactId,
          redrives,
        });
      } else summary.movedOn += 1;
      continue;
    }
    const next = new Date(now.getTime() + lookupRedriveDelayMs * 2 ** redrives).toISOString();
    if (await postponeOwedLookup(deps.db, contact, next)) toSend.push(contact);
    else summary.movedOn += 1;
  }
  if (toSend.length) {
    // should the send fail, each is still owed and due again at its new time
    await deps.queue.sendMany('email-lookup', toSend.map(lookupMessage));
    summary.sent = toSend.length;
  }
  return summary;
};

const config = readConfig();
const deps: LookupRedriveDeps = {
  db: createDataClient(config.tableName),
  queue: sqsQueue(createSqsClient()),
  now,
  logger: createLogger('contacts'),
};

/** The `email-lookup-redrive` job of shared/schedules.ts. */
export const handler = scheduledJob({
  job: 'email-lookup-redrive',
  logger: deps.logger,
  done: 'redrove owed e-mail lookups',
  run: () => redriveLookups(deps),
});
