import type { Logger } from '@aws-lambda-powertools/logger';
import { createLogger } from '../core/logger.js';
import { changedTenant, eachInOrder, type StreamChange, streamConsumer } from '../core/stream.js';
import { contactRecord } from '../data/contact.js';
import { conversationEmailRecord } from '../data/conversation.js';
import { type DraftItem, draftRecord } from '../data/draft.js';
import { meetingRecord } from '../data/meeting.js';
import { type EnrollmentItem, enrollmentRecord } from '../data/sequence.js';
import { sequencesDepsFromEnv } from './deps.js';
import { onDraftChange, onEnrollmentChange, onReceivedEmail, type SequencesDeps, stop } from './service.js';

const received = new Set(['reply', 'auto_reply', 'bounce']);

/** What one change of the table asks of the contact's sequence; null when nothing. */
export const applyChange = async (deps: SequencesDeps, change: StreamChange) => {
  const item = change.newImage ?? change.oldImage;
  const uid = changedTenant(change);
  if (!item || uid === null) return null;
  if (item.entity === draftRecord) {
    return onDraftChange(
      deps,
      uid,
      (change.oldImage as DraftItem | undefined) ?? null,
      (change.newImage as DraftItem | undefined) ?? null,
    );
  }
  if (item.entity === conversationEmailRecord) {
    if (change.eventName !== 'INSERT' || !received.has(String(item.kind))) return null;
    return onReceivedEmail(deps, uid, change.newImage as never);
  }
  if (item.entity === enrollmentRecord) {
    return onEnrollmentChange(deps, uid, (change.newImage as EnrollmentItem | undefined) ?? null);
  }
  if (item.entity === contactRecord && change.eventName === 'REMOVE') {
    return stop(deps, uid, String(item.contactId), 'removed');
  }
  if (item.entity === meetingRecord && change.eventName === 'INSERT' && item.contactId) {
    return stop(deps, uid, String(item.contactId), 'meeting');
  }
  return null;
};

/**
 * The sequences' stream consumer (shared/streams.ts `sequences`): an enrolled contact's e-mail sent writes its next
 * step; a reply, out-of-office, bounce or unsubscribe in its conversation, a meeting with it or its removal stops or
 * pauses it (DESIGN §9). Changes in order; each is safe to apply again (an enrolment remembers the e-mail it acted on).
 */
export const sequencesStream = (deps: SequencesDeps, logger: Logger) =>
  streamConsumer({
    consumer: 'sequences',
    logger,
    handle: eachInOrder((change) => applyChange(deps, change)),
  });

const logger = createLogger('sequences');

export const handler = sequencesStream(sequencesDepsFromEnv(logger), logger);
