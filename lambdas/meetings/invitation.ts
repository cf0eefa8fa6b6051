import type { Meeting } from '../../shared/schemas/meetings.js';

/**
 * The invitation e-mail of a meeting: a plain-text message with the meeting's time in its own zone and the
 * Zoom link, and an iCalendar part (RFC 5545, made with ical-generator) that calendars take per iTIP (RFC 5546):
 * METHOD:REQUEST when booked, and again with the same UID and a higher SEQUENCE when rescheduled (how a calendar
 * takes an update: the 'UPDATE'); METHOD:CANCEL with STATUS:CANCELLED when cancelled.
 */
export type InvitationMethod = 'REQUEST' | 'CANCEL';

/**
 * The UID's domain: constant across a meeting's versions (whichever mailbox sends them), so every update and the
 * cancellation name the same event.
 */
export const invitationUidDomain = 'meetings.outreach';

export const invitationUid = (meetingId: string) => `${meetingId.toLowerCase()}@${invitationUidDomain}`;

/**
 * The Message-ID of the invitation of (meeting, SEQUENCE), from the sending mailbox's domain: chosen before the first
 * attempt, so a retry asks the mailbox whether it already left (lambdas/drafts/send-rules.ts `draftMessageId`).
 */
export const invitationMessageId = (meetingId: string, sequence: number, from: string) =>
  `<meeting-${meetingId.toLowerCase()}-${sequence}@${from.split('@').at(-1)?.toLowerCase() || 'localhost'}>`;

export const invitationFileName = 'invite.ics';

const endOf = (meeting: Pick<Meeting, 'startTime' | 'durationMinutes'>) =>
  new Date(Date.parse(meeting.startTime) + meeting.durationMinutes * 60_000);

/** `Tue, 1 Dec 2026, 10:00 CET`: the time as the meeting's zone reads it. */
export const localTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(at);

/** `10:30 CET`: the end, on the same day as its start in practice. */
const localClock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(at);

export type InvitationInput = {
  meeting: Pick<Meeting, 'id' | 'title' | 'startTime' | 'durationMinutes' | 'timeZone' | 'zoomJoinUrl' | 'sequence'>;
  method: InvitationMethod;
  /** the mailbox it leaves from, and the user's name */
  organizer: { email: string; name: string | null };
  attendee: { email: string; name: string | null; firstName: string | null };
  /** DTSTAMP: when this version of the invitation was made */
  now: Date;
};

/** The subject: `Invitation: <title> @ <local time>`, `Updated invitation: ...` (a reschedule), `Cancelled: ...`. */
export const invitationSubject = (input: Pick<InvitationInput, 'meeting' | 'method'>) => {
  const { meeting } = input;
  const prefix = input.method === 'CANCEL' ? 'Cancelled' : meeting.sequence > 0 ? 'Updated invitation' : 'Invitation';
  return `${prefix}: ${meeting.title} @ ${localTime(new Date(meeting.startTime), meeting.timeZone)}`;
};

/** The plain-text body: who, when (in the meeting's zone, its IANA name too), the Zoom link when there is one. */
export const invitationBody = (input: InvitationInput) => {
  const { meeting, organizer, attendee } = input;
  const start = new Date(meeting.startTime);
  const when = `${localTime(start, meeting.timeZone)} - ${localClock(endOf(meeting), meeting.timeZone)} (${meeting.timeZone})`;
  const from = organizer.name ?? organizer.email;
  const lines =
    input.method === 'CANCEL'
      ? [
          `${from} cancelled "${meeting.title}".`,
          '',
          `It was planned for ${when}.`,
          '',
          `The attached ${invitationFileName} removes it from your calendar.`,
        ]
      : [
          meeting.sequence > 0
            ? `${from} changed "${meeting.title}". The new details:`
            : `${from} invited you to "${meeting.title}".`,
          '',
          `When: ${when}`,
          `Length: ${meeting.durationMinutes} minutes`,
          ...(meeting.zoomJoinUrl ? [`Join Zoom: ${meeting.zoomJoinUrl}`] : []),
          '',
          `Open the attached ${invitationFileName} to add it to your calendar.`,
        ];
  return [attendee.firstName ? `Hi ${attendee.firstName},` : 'Hi,', '', ...lines, '', from].join('\n');
};

/**
 * ical-generator (about 36 KiB of bundle), imported when an invitation is first written: the meetings Lambdas that
 * import this module for its names and texts (the HTTP Lambda, the token job) never load it, and the invitation worker
 * loads it with its first invitation rather than at cold start.
 */
const loadIcal = () => import('ical-generator');

/** The iCalendar text of the invitation: one VEVENT with the meeting's UID and SEQUENCE, times in UTC. */
export const invitationCalendar = async (input: InvitationInput) => {
  const { default: ical, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } = await loadIcal();
  const { meeting, organizer, attendee } = input;
  const cancel = input.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'outreach', product: 'meetings', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invitationUid(meeting.id),
    sequence: meeting.sequence,
    stamp: input.now,
    // Date values are written in UTC (DTSTART:20300101T100000Z); the zone shows in the description
    start: new Date(meeting.startTime),
    end: endOf(meeting),
    summary: meeting.title,
    description: invitationBody(input),
    organizer: { email: organizer.email, name: organizer.name ?? organizer.email },
    attendees: [
      {
        email: attendee.email,
        ...(attendee.name ? { name: attendee.name } : {}),
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
    ...(meeting.zoomJoinUrl ? { location: meeting.zoomJoinUrl, url: meeting.zoomJoinUrl } : {}),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too (ical-generator leaves the last one open)
  return `${calendar.toString().replace(/\r?\n$/, '')}\r\n`;
};
