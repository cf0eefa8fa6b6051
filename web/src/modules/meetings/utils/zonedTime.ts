import { zoneOffset } from '@/modules/settings/utils/settingsOptions';

/**
 * Wall-clock times in a named zone (the user's settings `timeZone`, SPEC §3), whatever zone the browser is in. The
 * date picker shows and returns a wall clock; these turn it into the instant the server stores (UTC) and back.
 */

/** A date and time as a clock on the wall shows it: month 1-12. */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormats = new Map<string, Intl.DateTimeFormat>();

const partsFormat = (timeZone: string) => {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
};

/** The wall clock in `timeZone` at `instant` (seconds dropped). */
export const wallClockAt = (instant: Date, timeZone: string): WallClock => {
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(
      partsFormat(timeZone)
        .formatToParts(instant)
        .find((part) => part.type === type)?.value ?? 0,
    );
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
  };
};

const asUtc = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms (minute precision). */
const offsetAt = (instant: number, timeZone: string) =>
  asUtc(wallClockAt(new Date(instant), timeZone)) - Math.floor(instant / 60_000) * 60_000;

/**
 * The instant at which `timeZone`'s clock shows `wall`. A time skipped by a DST jump lands just after the jump; a
 * time shown twice (the hour repeated in autumn) is its first occurrence.
 */
export const instantOfWallClock = (wall: WallClock, timeZone: string): Date => {
  const guess = asUtc(wall);
  // the zone's offsets a day before and after: the same unless its clock changes near this time
  const day = 24 * 60 * 60_000;
  const candidates = [guess - offsetAt(guess - day, timeZone), guess - offsetAt(guess + day, timeZone)].sort(
    (a, b) => a - b,
  );
  const exact = candidates.find((candidate) => asUtc(wallClockAt(new Date(candidate), timeZone)) === guess);
  return new Date(exact ?? candidates[1]!);
};

/** 'YYYY-MM-DD' of `instant` in `timeZone` (the calendar's day of a meeting). */
export const dayKeyAt = (instant: Date, timeZone: string) => {
  const wall = wallClockAt(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
};

const displayFormats = new Map<string, Intl.DateTimeFormat>();

const displayFormat = (timeZone: string, kind: 'date' | 'time') => {
  const key = `${kind}|${timeZone}`;
  let format = displayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'en-GB',
      kind === 'date'
        ? { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
        : { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    );
    displayFormats.set(key, format);
  }
  return format;
};

/** 'Tue, 1 Dec 2026' in `timeZone`. */
export const formatDay = (instant: Date, timeZone: string) => displayFormat(timeZone, 'date').format(instant);

/** '14:30' in `timeZone`. */
export const formatClock = (instant: Date, timeZone: string) => displayFormat(timeZone, 'time').format(instant);

/** 'Tue, 1 Dec 2026, 14:30-15:00' in `timeZone` (the end's day too when the meeting runs past midnight). */
export const formatMeetingTime = (startIso: string, durationMinutes: number, timeZone: string) => {
  const start = new Date(startIso);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const endDay = dayKeyAt(end, timeZone) === dayKeyAt(start, timeZone) ? '' : `${formatDay(end, timeZone)}, `;
  return `${formatDay(start, timeZone)}, ${formatClock(start, timeZone)}–${endDay}${formatClock(end, timeZone)}`;
};

/** 'Europe/Paris' as 'Europe/Paris (GMT+01:00)' at `at` (the offset as the Settings page writes it). */
export const zoneLabel = (timeZone: string, at = new Date()) => {
  const offset = zoneOffset(timeZone, at);
  const name = timeZone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
};
