import type { Notification } from '../../shared/schemas/conversations.js';
import type { Meeting } from '../../shared/schemas/meetings.js';
import type { DataClient } from '../data/client.js';
import { getContact } from '../data/contact.js';
import { keyPart } from '../data/conversation.js';
import { transact, worthRetrying } from '../data/entity/transaction.js';
import { getMeeting, type MeetingItem, replacedMeetingWrite, toWireMeeting } from '../data/meeting.js';
import { newNotificationWrite, trimNotifications } from '../data/notification.js';
import { type ItipReply, meetingIdOfUid } from './itip-reply.js';
import { now } from '../core/clock.js';

/** An iTIP REPLY as it came into the user's mailbox. */
export type RsvpMessage = {
  reply: ItipReply;
  providerMessageId: string;
  messageId: string | null;
  receivedAt: Date;
};

export type RsvpOutcome = {
  /** the meeting answered, as it is now; null: no meeting of this user has the REPLY's UID */
  meeting: Meeting | null;
  /** whether this message changed the meeting's answer (false on a repeat, an older or a foreign answer) */
  recorded: boolean;
  notification: Notification | null;
};

/** Times the answer is read and written again because the meeting changed between (a PATCH, the invitation worker). */
const writeAttempts = 20;

/** SPEC §5: a notification's id is its message's id and time; an answer's is kept apart from a reply's. */
const notificationIdOf = (message: RsvpMessage) =>
  `rsvp-${keyPart(message.messageId ?? message.providerMessageId)}-${message.receivedAt.getTime()}`;

/** Whether the REPLY comes from the meeting's contact: the address invited (as booked, or the contact's now). */
const answersAsContact = async (db: DataClient, meeting: MeetingItem, attendee: string) => {
  if (meeting.contactEmail?.trim().toLowerCase() === attendee) return true;
  const contact = await getContact(db, meeting.userId, meeting.contactId);
  return contact?.email?.trim().toLowerCase() === attendee;
};

/**
 * Records the contact's answer to a meeting's invitation (RFC 5546 §3.2.3), once. The meeting is looked for by the
 * REPLY's UID under this user's key only (DESIGN §3), so a REPLY naming another user's meeting changes nothing; an
 * ATTENDEE other than the meeting's contact, a PARTSTAT that answers nothing, or an answer to an older SEQUENCE (the
 * meeting was rescheduled since) change nothing either. The answer and its notification ('Ada Lovelace accepted:
 * Coffee chat') are ONE transaction keyed on the provider's message id, so the same message read twice (a
 * redelivery, a resync) records one answer and one notification. A later answer (a higher SEQUENCE, or a later
 * DTSTAMP at the same one) replaces an earlier; an earlier one arriving late does not.
 */
export const recordRsvp = async (db: DataClient, uid: string, message: RsvpMessage): Promise<RsvpOutcome> => {
  const { reply } = message;
  const meetingId = meetingIdOfUid(reply.uid);
  const answer = reply.answer;
  for (let attempt = 0; attempt < writeAttempts; attempt += 1) {
    const current = meetingId ? await getMeeting(db, uid, meetingId) : null;
    if (!current) return { meeting: null, recorded: false, notification: null };
    const unchanged = { meeting: toWireMeeting(current), recorded: false, notification: null };
    if (!answer || current.rsvpMessageId === message.providerMessageId) return unchanged;
    // a REPLY that names no SEQUENCE answers the meeting as it is; one naming a later one than ours, likewise
    const sequence = reply.sequence === null ? current.sequence : Math.min(reply.sequence, current.sequence);
    if (sequence < current.sequence) return unchanged;
    const answeredAt = (reply.stamp ?? message.receivedAt).toISOString();
    const previous = current.rsvp;
    if (
      previous &&
      (previous.sequence > sequence || (previous.sequence === sequence && previous.answeredAt > answeredAt))
    )
      return unchanged;
    if (!(await answersAsContact(db, current, reply.attendee))) return unchanged;
    const next: MeetingItem = {
      ...current,
      rsvp: { answer, sequence, answeredAt },
      rsvpMessageId: message.providerMessageId,
      updatedAt: now().toISOString(),
      version: current.version + 1,
    };
    const notification: Notification = {
      id: notificationIdOf(message),
      contact: { name: current.contactName, email: reply.attendee },
      contactId: current.contactId,
      conversationId: null,
      timestamp: message.receivedAt.toISOString(),
      read: false,
      rsvp: { meetingId: current.id, title: current.title, answer },
    };
    const outcome = await transact(db, {
      meeting: replacedMeetingWrite(db, next),
      notification: newNotificationWrite(db, uid, notification),
    });
    if (outcome.done) {
      await trimNotifications(db, uid);
      return { meeting: toWireMeeting(next), recorded: true, notification };
    }
    // the notification exists: this message was recorded before (a repeat racing this one); read the meeting again
    if (outcome.refused.has('notification')) {
      return { ...unchanged, meeting: toWireMeeting((await getMeeting(db, uid, current.id)) ?? current) };
    }
    if (!worthRetrying(outcome)) throw new Error(`Recording the invitation's answer was refused: ${outcome.summary}`);
  }
  throw new Error("Recording the invitation's answer kept conflicting");
};
