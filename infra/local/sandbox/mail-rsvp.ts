import { randomBytes } from 'node:crypto';
import ical, { ICalAttendeeStatus, ICalCalendarMethod } from 'ical-generator';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { calendarContentTypes } from '../../../lambdas/providers/mail/message-fields.js';
import { type CalendarEvent, readCalendarEvent } from '../../../lambdas/meetings/itip-reply.js';
import { type RsvpAnswer, rsvpAnswers } from '../../../shared/schemas/meetings.js';
import { type MailCopy, type MailStore, sandboxMailDomain } from './mail-store.js';

/**
 * The contact's calendar in the sandbox (DESIGN §9 'Sandbox additions'): Accept, Tentative or Decline on an invitation
 * sends the organizer an iTIP REPLY (RFC 5546 §3.2.3) by e-mail (RFC 6047) as Gmail, Outlook and Apple Calendar do: a
 * message from the attendee, In-Reply-To the invitation, whose `text/calendar; method=REPLY` part has the
 * invitation's UID and SEQUENCE and the one ATTENDEE with its PARTSTAT.
 */
export { rsvpAnswers };

const partstats: Record<RsvpAnswer, ICalAttendeeStatus> = {
  accepted: ICalAttendeeStatus.ACCEPTED,
  tentative: ICalAttendeeStatus.TENTATIVE,
  declined: ICalAttendeeStatus.DECLINED,
};

/** The words a calendar puts before the title (Google: 'Accepted:', Outlook: 'Tentative:', 'Declined:'). */
const subjectWords: Record<RsvpAnswer, string> = {
  accepted: 'Accepted',
  tentative: 'Tentatively accepted',
  declined: 'Declined',
};
const bodyWords: Record<RsvpAnswer, string> = {
  accepted: 'has accepted this invitation',
  tentative: 'has tentatively accepted this invitation',
  declined: 'has declined this invitation',
};

/** The invitation (METHOD:REQUEST) a message carries, or undefined when it carries none. */
export const invitationOf = (copy: MailCopy): CalendarEvent | undefined => {
  for (const part of copy.attachments) {
    if (!calendarContentTypes.has(part.contentType.toLowerCase()) || part.content === null) continue;
    const event = readCalendarEvent(Buffer.from(part.content, 'base64').toString('utf8'));
    if (event?.method === 'REQUEST') return event;
  }
  return undefined;
};

/** The REPLY's calendar: the invitation's event as the attendee answers it, with ical-generator (as the product). */
export const rsvpCalendar = (
  invitation: CalendarEvent,
  attendee: { address: string; name: string | null },
  answer: RsvpAnswer,
  now: Date,
) => {
  const calendar = ical({
    prodId: { company: 'sandbox', product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod.REPLY,
  });
  calendar.createEvent({
    id: invitation.uid,
    sequence: invitation.sequence ?? 0,
    stamp: now,
    start: invitation.start ?? now,
    end: invitation.end ?? invitation.start ?? now,
    summary: invitation.summary ?? '',
    ...(invitation.organizer
      ? { organizer: { email: invitation.organizer.address, name: invitation.organizer.name ?? '' } }
      : {}),
    attendees: [
      { email: attendee.address, ...(attendee.name ? { name: attendee.name } : {}), status: partstats[answer] },
    ],
  });
  return calendar.toString();
};

/**
 * The recipient of an invitation answers it: the REPLY from them to its organizer (the invitation's sender), in its
 * thread. Undefined when the message is no invitation.
 */
export const rsvpTo = async (store: MailStore, original: MailCopy, answer: RsvpAnswer) => {
  const invitation = invitationOf(original);
  const recipient = original.to[0];
  if (!invitation || !recipient) return undefined;
  const attendee = invitation.attendees.find((entry) => entry.address === recipient.address);
  const name = attendee?.name ?? recipient.name;
  const title = invitation.summary ?? original.subject;
  const domain = recipient.address.split('@')[1] ?? sandboxMailDomain;
  const raw = await new MailComposer({
    from: name ? { name, address: recipient.address } : recipient.address,
    to: original.from.name ? { name: original.from.name, address: original.from.address } : original.from.address,
    subject: `${subjectWords[answer]}: ${title}`,
    text: `${name ?? recipient.address} ${bodyWords[answer]}.`,
    messageId: `<${randomBytes(12).toString('hex')}@${domain}>`,
    inReplyTo: original.internetMessageId,
    references: [...original.references.filter((id) => id !== original.internetMessageId), original.internetMessageId],
    icalEvent: {
      method: 'REPLY',
      content: rsvpCalendar(invitation, { address: recipient.address, name }, answer, new Date(store.now())),
    },
  })
    .compile()
    .build();
  return store.submit(raw);
};
