import type { Logger } from '@aws-lambda-powertools/logger';
import { queues } from '../../shared/queues.js';
import { invitationMessageSchema } from '../../shared/schemas/meetings.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { type MeetingsDeps, meetingsDepsFromEnv } from './deps.js';
import { sendInvitation } from './invitation-sending.js';

/**
 * The `meeting-invitation` queue's worker (DESIGN §4) on the house worker kit: one invitation per message, keyed on
 * (user, meeting, SEQUENCE), so two deliveries never run it side by side and a redelivery after it finished does
 * nothing. Exactly once rests on the Message-ID looked up before any later attempt (invitation-sending.ts).
 * @default idempotency claims in the table
 */
export const invitationWorker = (
  deps: MeetingsDeps,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'meeting-invitation',
    schema: invitationMessageSchema,
    key: ({ uid, meetingId, sequence }) => [uid, meetingId, sequence],
    handle: async (message, record) => {
      const outcome = await sendInvitation(deps, message, {
        receiveCount: record.receiveCount,
        maxReceiveCount: queues['meeting-invitation'].maxReceiveCount,
      });
      return { userId: message.uid, meetingId: message.meetingId, sequence: message.sequence, outcome };
    },
    idempotency,
    logger,
    now: deps.now,
  });

const logger = createLogger('meetings');

export const handler = invitationWorker(meetingsDepsFromEnv(logger), logger);
