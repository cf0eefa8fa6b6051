import { describe, expect, it } from 'vitest';
import { buildMime } from '../providers/mail/mime.js';
import {
  type InvitationInput,
  invitationBody,
  invitationCalendar,
  invitationMessageId,
  invitationSubject,
  invitationUid,
} from './invitation.js';
import { allParts, mimeTree } from '../providers/mail/test/mime-parts.js';
import { icsLines } from './test/ics.js';

const input = (overrides: Partial<InvitationInput['meeting']> = {}, method: 'REQUEST' | 'CANCEL' = 'REQUEST') => ({
  meeting: {
    id: '01JDXMEETING0000000000000A',
    title: 'Meeting with Grace Hopper',
    // 10:00 in Paris (CET, UTC+1 in January)
    startTime: '2030-01-07T09:00:00.000Z',
    durationMinutes: 45,
    timeZone: 'Europe/Paris',
    zoomJoinUrl: 'https://zoom.example/j/123456789',
    sequence: 0,
    ...overrides,
  },
  method,
  organizer: { email: 'ada@gmail.com', name: 'Ada Lovelace' },
  attendee: { email: 'grace@navy.example', name: 'Grace Hopper', firstName: 'Grace' },
  now: new Date('2029-12-01T12:00:00.000Z'),
});

describe('the invitation of a meeting', () => {
  it('is an iTIP REQUEST with the UID, SEQUENCE 0, UTC times, organizer, attendee and Zoom link', async () => {
    const lines = icsLines(await invitationCalendar(input()));
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain(`UID:${invitationUid('01JDXMEETING0000000000000A')}`);
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('DTSTART:20300107T090000Z');
    expect(lines).toContain('DTEND:20300107T094500Z');
    expect(lines).toContain('SUMMARY:Meeting with Grace Hopper');
    expect(lines).toContain('ORGANIZER;CN="Ada Lovelace":mailto:ada@gmail.com');
    const attendee = lines.find((line) => line.startsWith('ATTENDEE'));
    expect(attendee).toMatch(/RSVP=TRUE/);
    expect(attendee).toMatch(/PARTSTAT=NEEDS-ACTION/);
    expect(attendee?.toLowerCase()).toMatch(/:mailto:grace@navy\.example$/);
    expect(lines).toContain('LOCATION:https://zoom.example/j/123456789');
    expect(lines).toContain('URL;VALUE=URI:https://zoom.example/j/123456789');
    expect(lines).toContain('STATUS:CONFIRMED');
  });

  it('keeps its UID across versions: a reschedule is a REQUEST with a higher SEQUENCE, a cancel a CANCEL', async () => {
    const booked = icsLines(await invitationCalendar(input()));
    const moved = icsLines(await invitationCalendar(input({ sequence: 1, startTime: '2030-01-08T09:00:00.000Z' })));
    const cancelled = icsLines(await invitationCalendar(input({ sequence: 2 }, 'CANCEL')));
    const uidOf = (lines: string[]) => lines.find((line) => line.startsWith('UID:'));
    expect(uidOf(moved)).toBe(uidOf(booked));
    expect(uidOf(cancelled)).toBe(uidOf(booked));
    expect(moved).toContain('METHOD:REQUEST');
    expect(moved).toContain('SEQUENCE:1');
    expect(moved).toContain('DTSTART:20300108T090000Z');
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('SEQUENCE:2');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });

  it('has no location without a Zoom link', async () => {
    const lines = icsLines(await invitationCalendar(input({ zoomJoinUrl: undefined })));
    expect(lines.some((line) => line.startsWith('LOCATION') || line.startsWith('URL'))).toBe(false);
    expect(invitationBody(input({ zoomJoinUrl: undefined }))).not.toMatch(/Zoom/);
  });

  it("names the time as the meeting's zone reads it, in the subject and the body", () => {
    expect(invitationSubject(input())).toBe('Invitation: Meeting with Grace Hopper @ Mon, 7 Jan 2030, 10:00 CET');
    expect(invitationSubject(input({ sequence: 1 }))).toMatch(/^Updated invitation: Meeting with Grace Hopper @ /);
    expect(invitationSubject(input({ sequence: 2 }, 'CANCEL'))).toMatch(/^Cancelled: Meeting with Grace Hopper @ /);
    const body = invitationBody(input());
    expect(body).toMatch(/^Hi Grace,/);
    expect(body).toContain('Mon, 7 Jan 2030, 10:00 CET - 10:45 CET (Europe/Paris)');
    expect(body).toContain('Join Zoom: https://zoom.example/j/123456789');
    expect(invitationSubject(input({ timeZone: 'America/New_York' }))).toMatch(/@ Mon, 7 Jan 2030, 04:00 GMT-5$/);
  });

  it('is one Message-ID per (meeting, SEQUENCE) from the mailbox domain', () => {
    expect(invitationMessageId('01ABC', 0, 'ada@gmail.com')).toBe('<meeting-01abc-0@gmail.com>');
    expect(invitationMessageId('01ABC', 1, 'ada@gmail.com')).not.toBe(invitationMessageId('01ABC', 0, 'ada@gmail.com'));
  });

  it('ends its iCalendar text with CRLF, as every line of it', async () => {
    const text = await invitationCalendar(input({}, 'CANCEL'));
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
  });

  for (const method of ['REQUEST', 'CANCEL'] as const) {
    it(`travels (${method}) as multipart/alternative of text/plain and text/calendar; method=${method}, CRLF throughout`, async () => {
      const raw = (
        await buildMime({
          from: 'ada@gmail.com',
          to: 'grace@navy.example',
          subject: invitationSubject(input({}, method)),
          body: invitationBody(input({}, method)),
          messageId: invitationMessageId('01ABC', 0, 'ada@gmail.com'),
          calendar: { method, content: await invitationCalendar(input({}, method)), fileName: 'invite.ics' },
        })
      ).toString('utf8');
      expect(raw).not.toMatch(/[^\r]\n/);
      const root = mimeTree(raw);
      expect(root.type).toBe('multipart/mixed');
      const alternative = root.parts[0]!;
      expect(alternative.type).toBe('multipart/alternative');
      expect(alternative.parts.map((part) => part.type)).toEqual(['text/plain', 'text/calendar']);
      const calendar = alternative.parts[1]!;
      expect(calendar.params).toMatchObject({ method, charset: 'utf-8' });
      expect(calendar.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(icsLines(calendar.body)).toContain(`METHOD:${method}`);
      const file = allParts(root).find((part) => /filename="?invite\.ics/.test(part.headers));
      expect(file, 'the invite.ics attachment besides').toBeDefined();
    });
  }
});
