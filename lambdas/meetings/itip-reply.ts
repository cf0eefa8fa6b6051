import type { RsvpAnswer } from '../../shared/schemas/meetings.js';
import { invitationUidDomain } from './invitation.js';

/**
 * Reading an attendee's answer to an invitation: the iCalendar part (RFC 5545) of an iTIP REPLY (RFC 5546 §3.2.3,
 * carried in e-mail per RFC 6047) that Gmail, Outlook and Apple Calendar send when the contact presses Accept, Maybe
 * or Decline. The repo's iCalendar library (ical-generator) only writes calendars, so the few properties a REPLY
 * needs are read here from its content lines: METHOD of the VCALENDAR, and the first VEVENT's UID, SEQUENCE, DTSTAMP
 * and its one ATTENDEE with PARTSTAT.
 */
export type ItipReply = {
  uid: string;
  /** the ATTENDEE's address, bare and lower-case */
  attendee: string;
  /** null: a PARTSTAT that answers nothing (NEEDS-ACTION, DELEGATED) */
  answer: RsvpAnswer | null;
  /** the SEQUENCE answered; null when the REPLY names none */
  sequence: number | null;
  /** DTSTAMP: when the attendee answered */
  stamp: Date | null;
};

type ContentLine = { name: string; params: Record<string, string>; value: string };

/** The most calendar text read: a REPLY is a few hundred bytes; a calendar part is cut to this. */
const calendarLimitChars = 64 * 1024;

/** RFC 5545 §3.1: `NAME *(";" param) ":" value`; a parameter value may be quoted and then hold ':' ';' ','. */
const contentLine = (line: string): ContentLine | null => {
  let at = 0;
  const nameEnd = line.search(/[;:]/);
  if (nameEnd <= 0) return null;
  const name = line.slice(0, nameEnd).toUpperCase();
  at = nameEnd;
  const params: Record<string, string> = {};
  while (line[at] === ';') {
    const equals = line.indexOf('=', at);
    if (equals === -1) return null;
    const param = line.slice(at + 1, equals).toUpperCase();
    at = equals + 1;
    const values: string[] = [];
    for (;;) {
      if (line[at] === '"') {
        const close = line.indexOf('"', at + 1);
        if (close === -1) return null;
        values.push(line.slice(at + 1, close));
        at = close + 1;
      } else {
        const end = line.slice(at).search(/[,;:]/);
        if (end === -1) return null;
        values.push(line.slice(at, at + end));
        at += end;
      }
      if (line[at] !== ',') break;
      at += 1;
    }
    params[param] = values.join(',');
  }
  if (line[at] !== ':') return null;
  return { name, params, value: line.slice(at + 1) };
};

/** The content lines of a calendar text, folded lines joined again (RFC 5545 §3.1: CRLF and one space or tab). */
const contentLines = (text: string) =>
  text
    .slice(0, calendarLimitChars)
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');

const answers: Record<string, RsvpAnswer> = { ACCEPTED: 'accepted', TENTATIVE: 'tentative', DECLINED: 'declined' };

/** RFC 5545 §3.3.5 DATE-TIME in UTC (`20261206T101500Z`); a local or floating time tells no instant: null. */
const utcDateTime = (value: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, ...number[]];
  const time = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  return Number.isNaN(time) ? null : new Date(time);
};

/** `mailto:Ada@Example.com` (any case of the scheme) as a bare lower-case address. */
const addressOf = (value: string) =>
  value
    .trim()
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();

/** An attendee or organizer line: bare lower-case address, CN, PARTSTAT. */
export type CalendarAddress = { address: string; name: string | null; partstat: string | null };

/** The first event of a calendar text and the calendar's METHOD: what an invitation or an answer says. */
export type CalendarEvent = {
  method: string | null;
  uid: string;
  sequence: number | null;
  stamp: Date | null;
  summary: string | null;
  start: Date | null;
  end: Date | null;
  organizer: CalendarAddress | null;
  attendees: CalendarAddress[];
};

/** RFC 5545 §3.3.11: TEXT values escape `\\`, `\;`, `\,` and line breaks as `\n`. */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, char: string) => (/n/i.test(char) ? '\n' : char));

const calendarAddress = (line: ContentLine): CalendarAddress => ({
  address: addressOf(line.value),
  name: line.params.CN?.trim() || null,
  partstat: line.params.PARTSTAT?.trim().toUpperCase() || null,
});

/** The calendar's METHOD and its first VEVENT, or null when it has no event with a UID. */
export const readCalendarEvent = (text: string): CalendarEvent | null => {
  let method: string | null = null;
  const components: string[] = [];
  const event: Omit<CalendarEvent, 'method' | 'uid'> & { uid: string | null } = {
    uid: null,
    sequence: null,
    stamp: null,
    summary: null,
    start: null,
    end: null,
    organizer: null,
    attendees: [],
  };
  let state: 'before' | 'in' | 'after' = 'before';
  for (const raw of contentLines(text)) {
    const line = contentLine(raw);
    if (!line) continue;
    if (line.name === 'BEGIN') {
      components.push(line.value.trim().toUpperCase());
      if (state === 'before' && components.length === 2 && components[1] === 'VEVENT') state = 'in';
      continue;
    }
    if (line.name === 'END') {
      if (components.pop() === 'VEVENT' && state === 'in' && components.length === 1) state = 'after';
      continue;
    }
    if (components.length === 1 && components[0] === 'VCALENDAR' && line.name === 'METHOD') {
      method = line.value.trim().toUpperCase();
    }
    if (state !== 'in' || components.length !== 2) continue;
    const value = line.value.trim();
    if (line.name === 'UID') event.uid = value;
    else if (line.name === 'SEQUENCE' && /^\d{1,9}$/.test(value)) event.sequence = Number(value);
    else if (line.name === 'DTSTAMP') event.stamp = utcDateTime(value);
    else if (line.name === 'DTSTART') event.start = utcDateTime(value);
    else if (line.name === 'DTEND') event.end = utcDateTime(value);
    else if (line.name === 'SUMMARY') event.summary = unescapeText(line.value);
    else if (line.name === 'ORGANIZER') event.organizer = calendarAddress(line);
    else if (line.name === 'ATTENDEE') event.attendees.push(calendarAddress(line));
  }
  if (!event.uid) return null;
  return { ...event, method, uid: event.uid };
};

/** The REPLY a calendar text carries, or null when it is no iTIP REPLY with one event answered by one attendee. */
export const parseItipReply = (text: string): ItipReply | null => {
  const event = readCalendarEvent(text);
  // RFC 5546 §3.2.3: a REPLY has one ATTENDEE, the one answering
  const attendee = event?.attendees[0];
  if (event?.method !== 'REPLY' || !attendee?.address.includes('@')) return null;
  return {
    uid: event.uid,
    attendee: attendee.address,
    answer: answers[attendee.partstat ?? ''] ?? null,
    sequence: event.sequence,
    stamp: event.stamp,
  };
};

/** Crockford base 32, as a ULID is written. */
const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The id of the meeting an invitation UID names (invitation.ts `invitationUid`), or null when it is not ours. */
export const meetingIdOfUid = (uid: string) => {
  const suffix = `@${invitationUidDomain}`;
  const at = uid.toLowerCase();
  if (!at.endsWith(suffix)) return null;
  const id = uid.slice(0, -suffix.length).toUpperCase();
  return ulidPattern.test(id) ? id : null;
};
