import { describe, expect, it } from 'vitest';
import { invitationUid } from './invitation.js';
import { meetingIdOfUid, parseItipReply } from './itip-reply.js';

const meetingId = '01KBX6Z4D3J8Q2W5E7R9T1Y3V5';

/** As Google Calendar sends an answer (folded lines, a quoted CN, the PARTSTAT after other parameters). */
const googleReply = (partstat: string) =>
  [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REPLY',
    'BEGIN:VEVENT',
    'DTSTART:20301202T100000Z',
    'DTEND:20301202T103000Z',
    'DTSTAMP:20301201T091500Z',
    'ORGANIZER;CN=Ada Lovelace:mailto:ada@example.com',
    `UID:${invitationUid(meetingId)}`,
    `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat};CN="Hopper, Grace";X-NUM-GUES`,
    ' TS=0:mailto:Grace@Example.com',
    'SEQUENCE:2',
    'SUMMARY:Coffee chat',
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('reading an iTIP REPLY', () => {
  it('reads the attendee, the answer, the SEQUENCE and the DTSTAMP of an answer as Google Calendar sends it', () => {
    expect(parseItipReply(googleReply('ACCEPTED'))).toEqual({
      uid: invitationUid(meetingId),
      attendee: 'grace@example.com',
      answer: 'accepted',
      sequence: 2,
      stamp: new Date('2030-12-01T09:15:00Z'),
    });
    expect(parseItipReply(googleReply('TENTATIVE'))?.answer).toBe('tentative');
    expect(parseItipReply(googleReply('DECLINED'))?.answer).toBe('declined');
    expect(parseItipReply(googleReply('NEEDS-ACTION'))?.answer).toBeNull();
  });

  it('reads an Outlook answer: LF line ends, no SEQUENCE, a TZID stamp', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'METHOD:REPLY',
      'PRODID:Microsoft Exchange Server 2010',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'ATTENDEE;PARTSTAT=TENTATIVE;CN=Grace Hopper:MAILTO:grace@example.com',
      `UID:${invitationUid(meetingId)}`,
      'DTSTAMP;TZID=W. Europe Standard Time:20301201T101500',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    expect(parseItipReply(text)).toEqual({
      uid: invitationUid(meetingId),
      attendee: 'grace@example.com',
      answer: 'tentative',
      sequence: null,
      stamp: null,
    });
  });

  it('is not an answer when the calendar is an invitation, has no attendee or no event', () => {
    expect(parseItipReply(googleReply('ACCEPTED').replace('METHOD:REPLY', 'METHOD:REQUEST'))).toBeNull();
    expect(
      parseItipReply(googleReply('ACCEPTED').replace(/ATTENDEE[\s\S]*?\r\n TS=0:mailto:Grace@Example.com\r\n/, '')),
    ).toBeNull();
    expect(parseItipReply('BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nEND:VCALENDAR\r\n')).toBeNull();
    expect(parseItipReply('not a calendar')).toBeNull();
  });

  it("names the meeting of one of this product's invitation UIDs, and no other", () => {
    expect(meetingIdOfUid(invitationUid(meetingId))).toBe(meetingId);
    expect(meetingIdOfUid('abc@google.com')).toBeNull();
    expect(meetingIdOfUid('not-a-ulid@meetings.outreach')).toBeNull();
  });
});
