import { describe, expect, it } from 'vitest';
import {
  dayKeyAt,
  formatCalendarDay,
  formatMeetingTime,
  instantOfWallClock,
  wallClockAt,
  zoneLabel,
} from './zonedTime';

describe('wall clocks in a named zone', () => {
  it('reads the clock of a zone at an instant, whatever the machine runs in', () => {
    expect(wallClockAt(new Date('2026-12-01T13:30:00Z'), 'Europe/Paris')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 14,
      minute: 30,
    });
    expect(wallClockAt(new Date('2026-12-01T03:00:00Z'), 'America/Los_Angeles')).toMatchObject({ day: 30, hour: 19 });
  });

  it('finds the instant a zone shows a wall clock, on either side of a DST change', () => {
    const wall = { year: 2026, month: 12, day: 1, hour: 14, minute: 30 };
    expect(instantOfWallClock(wall, 'Europe/Paris').toISOString()).toBe('2026-12-01T13:30:00.000Z');
    expect(instantOfWallClock({ ...wall, month: 7 }, 'Europe/Paris').toISOString()).toBe('2026-07-01T12:30:00.000Z');
    expect(instantOfWallClock(wall, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(instantOfWallClock(wall, 'UTC').toISOString()).toBe('2026-12-01T14:30:00.000Z');
  });

  it('takes the first of a repeated hour and moves a skipped one past the jump', () => {
    // Paris: 2026-10-25 03:00 CEST goes back to 02:00 CET; 2026-03-29 02:00 CET jumps to 03:00 CEST
    expect(
      instantOfWallClock({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Paris').toISOString(),
    ).toBe('2026-10-25T00:30:00.000Z');
    const skipped = instantOfWallClock({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Paris');
    expect(wallClockAt(skipped, 'Europe/Paris')).toMatchObject({ hour: 3, minute: 30 });
  });

  it('round-trips every other hour of a year in a zone with DST', { timeout: 30_000 }, () => {
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 2 * 60 * 60_000) {
      const instant = new Date(time);
      const wall = wallClockAt(instant, 'America/New_York');
      // the repeated autumn hour comes back as its first occurrence
      const back = instantOfWallClock(wall, 'America/New_York').getTime();
      expect([time, time - 60 * 60_000]).toContain(back);
    }
  });

  it('names the day of a meeting in the zone and writes its time span', () => {
    expect(dayKeyAt(new Date('2026-12-01T23:30:00Z'), 'Europe/Paris')).toBe('2026-12-02');
    expect(dayKeyAt(new Date('2026-12-01T23:30:00Z'), 'UTC')).toBe('2026-12-01');
    expect(formatMeetingTime('2026-12-01T13:30:00Z', 30, 'Europe/Paris', 'en')).toBe('Tue, 1 Dec 2026, 14:30–15:00');
    expect(formatMeetingTime('2026-12-01T23:30:00Z', 60, 'UTC', 'en')).toBe(
      'Tue, 1 Dec 2026, 23:30–Wed, 2 Dec 2026, 00:30',
    );
    expect(zoneLabel('America/New_York', new Date('2026-12-01T00:00:00Z'))).toBe('America/New York (GMT-05:00)');
  });

  it("writes a meeting's day and time the way the interface's language does, on a 24-hour clock", () => {
    expect(formatMeetingTime('2026-12-01T13:30:00Z', 30, 'Europe/Paris', 'de')).toBe('Di., 1. Dez. 2026, 14:30–15:00');
    expect(formatMeetingTime('2026-12-01T13:30:00Z', 30, 'Europe/Paris', 'fr')).toBe('mar. 1 déc. 2026, 14:30–15:00');
    expect(formatMeetingTime('2026-12-01T13:30:00Z', 30, 'Europe/Paris', 'es')).toBe('mar, 1 dic 2026, 14:30–15:00');
    expect(formatCalendarDay('2026-12-01', 'en')).toBe('1 December 2026');
    expect(formatCalendarDay('2026-12-01', 'de')).toBe('1. Dezember 2026');
  });
});
