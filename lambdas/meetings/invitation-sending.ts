import { draftMessages } from '../../shared/schemas/drafts.js';
import { type InvitationMessage, meetingMessages } from '../../shared/schemas/meetings.js';
import { isDoNotContact } from '../conversations/index.js';
import { HttpError } from '../core/errors.js';
import { getContact } from '../data/contact.js';
import type { MeetingItem } from '../data/meeting.js';
import { getMeeting } from '../data/meeting.js';
import { countDailySend, sendLimitsOf } from '../data/send-guard.js';
import { getUserProfile } from '../data/user-profile.js';
import { defaultMailboxAccessToken, expireMailbox, markMailboxActive } from '../mailboxes/index.js';
import { MailApiFailure, type OutgoingMail, type SentMail } from '../providers/mail/port.js';
import type { MeetingsDeps } from './deps.js';
import {
  invitationBody,
  invitationCalendar,
  invitationFileName,
  invitationMessageId,
  invitationSubject,
} from './invitation.js';
import { invitationTarget } from './invitation-address.js';
import { changeMeeting } from './service.js';

/**
 * What one `meeting-invitation` message came to (logged). Every outcome is final for its (meeting, SEQUENCE): a
 * transient failure throws instead, and the queue delivers the message again.
 * - `superseded`: the meeting moved to a later SEQUENCE (rescheduled again, cancelled); that message sends the newer
 *   state. A CANCEL is always its meeting's last SEQUENCE (a cancelled meeting never changes), so it is never
 *   superseded.
 */
export type InvitationOutcome = 'sent' | 'alreadySent' | 'superseded' | 'gone' | 'skipped' | 'failed';

/** The invitation header every invitation carries: the meeting it is of. */
export const meetingIdHeader = 'X-Outreach-Meeting-Id';

const senderName = (profile: { displayName?: string; firstName?: string; lastName?: string } | null) =>
  profile?.displayName?.trim() ||
  [profile?.firstName, profile?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') ||
  null;

/**
 * Sets the invitation of `sequence` to what happened, while the meeting is still at that SEQUENCE (a later change
 * queued its own invitation: that one is what the meeting shows); a sent one also records the contact as invited.
 */
const settle = async (
  deps: MeetingsDeps,
  message: InvitationMessage,
  invitation: Pick<MeetingItem['invitation'], 'status' | 'error' | 'sentAt'>,
) => {
  const settled = await changeMeeting(deps, message.uid, message.meetingId, (current) => {
    const own = current.invitation.sequence === message.sequence;
    const invited =
      invitation.status === 'sent' && (current.invitedSequence ?? -1) < message.sequence
        ? { invitedSequence: message.sequence }
        : {};
    if (!own && !('invitedSequence' in invited)) return null;
    const { error: _error, sentAt: _sentAt, ...kept } = current.invitation;
    return {
      ...current,
      ...invited,
      ...(own ? { invitation: { ...kept, ...invitation } } : {}),
    };
  });
  if (settled?.written) {
    await deps.live
      .publish(message.uid, {
        type: 'meeting.updated',
        data: { meetingId: message.meetingId, contactId: settled.meeting.contactId },
      })
      .catch((error: unknown) => deps.logger.warn('meeting.updated was not published', { error }));
  }
};

const skip = async (deps: MeetingsDeps, message: InvitationMessage, error?: string): Promise<InvitationOutcome> => {
  await settle(deps, message, { status: 'skipped', ...(error ? { error } : {}) });
  return 'skipped';
};

const fail = async (deps: MeetingsDeps, message: InvitationMessage, error: string): Promise<InvitationOutcome> => {
  await settle(deps, message, { status: 'failed', error });
  return 'failed';
};

/**
 * The address the invitation goes to: the contact's as it is now, if it may be sent to (`invitationTarget`: usable and
 * not on the do-not-contact list), else why not; should the contact be gone, the address it was booked with.
 */
const attendeeOf = async (
  deps: MeetingsDeps,
  meeting: MeetingItem,
): Promise<{ email: string; name: string; firstName: string | null } | { skipped: string }> => {
  const contact = await getContact(deps.db, meeting.userId, meeting.contactId);
  const firstName = contact?.firstName?.trim() || meeting.contactName.trim().split(/\s+/)[0] || null;
  if (contact) {
    const target = await invitationTarget(deps.db, meeting.userId, contact);
    if ('refusal' in target) return { skipped: target.refusal.message };
    return { email: target.to, name: meeting.contactName, firstName };
  }
  const email = meeting.contactEmail?.trim();
  if (!email) return { skipped: meetingMessages.noContactEmail };
  if (await isDoNotContact(deps.db, meeting.userId, email)) return { skipped: meetingMessages.doNotContact };
  return { email, name: meeting.contactName, firstName };
};

/**
 * Counts the provider attempt of this SEQUENCE on the meeting BEFORE it is made, answering how many came before (a
 * later attempt asks the mailbox for the Message-ID first, so the invitation never leaves twice); null when the
 * meeting moved to a later SEQUENCE meanwhile.
 */
const countAttempt = async (deps: MeetingsDeps, message: InvitationMessage): Promise<number | null> => {
  let before = 0;
  const counted = await changeMeeting(deps, message.uid, message.meetingId, (current) => {
    if (current.sequence !== message.sequence) return null;
    const attempts = current.invitationAttempts;
    before = attempts?.sequence === message.sequence ? attempts.count : 0;
    return { ...current, invitationAttempts: { sequence: message.sequence, count: before + 1 } };
  });
  return counted?.written ? before : null;
};

/**
 * Sends the invitation of one (meeting, SEQUENCE), once (the `meeting-invitation` message, DESIGN §4): the meeting's
 * state at that SEQUENCE as a REQUEST (booked, rescheduled) or a CANCEL, from the user's default mailbox, with the
 * iCalendar part. Skipped without a mailbox, or when the contact's address may not be sent to (`attendeeOf`);
 * failed when the mailbox has expired (reconnect) or the provider refuses the e-mail; retried by the queue when the
 * provider cannot be reached (failed on the last receive). Like a draft's send (lambdas/drafts/sending.ts): the
 * Message-ID is chosen per (meeting, SEQUENCE) and every attempt after the first asks the mailbox for it first, so a
 * redelivery, or a crash after the provider took it, never sends it twice.
 *
 * The sending guard (DESIGN §6): an invitation counts in its mailbox's day (outreach sent after it leaves room for
 * it) but is never held by the daily cap or the spread: it is one e-mail per booking the user makes by hand, not a
 * burst, and the cap sits 20% under the provider's own limit, which is the room it takes on a capped day.
 */
export const sendInvitation = async (
  deps: MeetingsDeps,
  message: InvitationMessage,
  delivery: { receiveCount: number; maxReceiveCount: number },
): Promise<InvitationOutcome> => {
  try {
    return await attemptInvitation(deps, message);
  } catch (error) {
    // a transient failure (the mailbox's token renewal, the provider, the table) is retried by the queue; on its last
    // receive the meeting says the invitation failed rather than staying queued
    if (delivery.receiveCount < delivery.maxReceiveCount) throw error;
    deps.logger.error('an invitation could not be sent by its last try', { error: error as Error });
    return fail(deps, message, meetingMessages.invitationFailed);
  }
};

const attemptInvitation = async (deps: MeetingsDeps, message: InvitationMessage): Promise<InvitationOutcome> => {
  const { uid, sequence } = message;
  const meeting = await getMeeting(deps.db, uid, message.meetingId);
  if (!meeting) return 'gone';
  if (meeting.sequence > sequence) return 'superseded';
  if (meeting.sequence < sequence || meeting.invitation.sequence !== sequence) return 'gone';
  if (meeting.invitation.status === 'sent') return 'alreadySent';
  if (meeting.invitation.status !== 'queued') return 'skipped';
  const method = meeting.invitation.method;
  // a cancellation only for a contact who was sent the meeting
  if (method === 'CANCEL' && meeting.invitedSequence === undefined) return skip(deps, message);

  const attendee = await attendeeOf(deps, meeting);
  if ('skipped' in attendee) return skip(deps, message, attendee.skipped);

  let access: Awaited<ReturnType<typeof defaultMailboxAccessToken>>;
  try {
    access = await defaultMailboxAccessToken(deps.mailboxes, uid);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return skip(deps, message, meetingMessages.noMailbox);
    if (error instanceof HttpError && error.status === 401) {
      const email = (error.details as { connection?: { email?: string } } | undefined)?.connection?.email ?? '';
      return fail(deps, message, `${meetingMessages.invitationFailed} ${draftMessages.mailboxExpired(email)}`);
    }
    throw error;
  }

  const profile = await getUserProfile(deps.db, uid, ['displayName', 'firstName', 'lastName']);
  const organizer = { email: access.email, name: senderName(profile) };
  const input = { meeting, method, organizer, attendee, now: deps.now() };
  const calendar = await invitationCalendar(input);
  const messageId = invitationMessageId(meeting.id, sequence, access.email);
  const mail: OutgoingMail = {
    from: access.email,
    ...(organizer.name ? { fromName: organizer.name } : {}),
    to: attendee.email,
    ...(attendee.name ? { toName: attendee.name } : {}),
    subject: invitationSubject(input),
    body: invitationBody(input),
    messageId,
    calendar: { method, content: calendar, fileName: invitationFileName },
    headers: { [meetingIdHeader]: meeting.id },
  };

  const before = await countAttempt(deps, message);
  if (before === null) return 'superseded';
  if (before === 0) {
    const limits = sendLimitsOf(access.provider, access.email);
    await countDailySend(deps.db, { uid, address: access.email, cap: limits.dailyCap, at: deps.now() });
  }
  const api = deps.mailApis[access.provider];
  let sent: SentMail | null;
  try {
    sent = before > 0 ? await api.findSent(access.accessToken, messageId) : null;
    sent ??= await api.send(access.accessToken, mail);
  } catch (error) {
    if (error instanceof MailApiFailure && error.kind === 'unauthorized') {
      await expireMailbox(deps.mailboxes, uid, access.id);
      return fail(deps, message, `${meetingMessages.invitationFailed} ${draftMessages.mailboxExpired(access.email)}`);
    }
    if (error instanceof MailApiFailure && (error.kind === 'rejected' || error.kind === 'not_found'))
      return fail(deps, message, `${meetingMessages.invitationFailed} ${draftMessages.rejected(error.message)}`);
    throw error;
  }
  await settle(deps, message, { status: 'sent', sentAt: sent.sentAt.toISOString() });
  // the contact's calendar answers to this mailbox (an iTIP REPLY): it goes on the reply checks, best effort
  await markMailboxActive(deps.db, uid, access.id, access.provider, deps.now(), { queue: deps.queue }).catch(
    (error: unknown) => deps.logger.warn('the mailbox was not put on the reply checks now', { error }),
  );
  return 'sent';
};
