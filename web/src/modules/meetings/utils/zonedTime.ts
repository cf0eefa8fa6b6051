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

/**
 * The locale a meeting's time is written in, for the interface's language (`i18n.language`, SPEC §3 `language`):
 * English the British way the picker writes it (day before month, a 24-hour clock: 'Thu 10 Dec 2026, 16:00'), the
 * other languages their own way ('Do., 10. Dez. 2026'); every clock reads 24 hours, as the picker's does.
 */
const localeOf = (language: string) => (language.toLowerCase().split('-')[0] === 'en' ? 'en-GB' : language);

const displayOptions = {
  date: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const displayFormats = new Map<string, Intl.DateTimeFormat>();

const displayFormat = (timeZone: string, kind: keyof typeof displayOptions, language: string) => {
  const key = `${kind}|${timeZone}|${language}`;
  let format = displayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { timeZone, ...displayOptions[kind] });
    displayFormats.set(key, format);
  }
  return format;
};

/** 'Tue, 1 Dec 2026' in `timeZone`, in the interface's `language` ('Di., 1. Dez. 2026'). */
export const formatDay = (instant: Date, timeZone: string, language: string) =>
  displayFormat(timeZone, 'date', language).format(instant);

/** '14:30' in `timeZone`, in the interface's `language`. */
export const formatClock = (instant: Date, timeZone: string, language: string) =>
  displayFormat(timeZone, 'time', language).format(instant);

/** A calendar day 'YYYY-MM-DD' written out: '1 December 2026' ('1. Dezember 2026'), the same in every zone. */
export const formatCalendarDay = (dayKey: string, language: string) =>
  displayFormat('UTC', 'longDate', language).format(new Date(`${dayKey}T12:00:00Z`));

/**
 * 'Tue, 1 Dec 2026, 14:30–15:00' in `timeZone` (the end's day too when the meeting runs past midnight), in the
 * interface's `language`.
 */
export const formatMeetingTime = (startIso: string, durationMinutes: number, timeZone: string, language: string) => {
  const start = new Date(startIso);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const day = (instant: Date) => formatDay(instant, timeZone, language);
  const clock = (instant: Date) => formatClock(instant, timeZone, language);
  const endDay = dayKeyAt(end, timeZone) === dayKeyAt(start, timeZone) ? '' : `${day(end)}, `;
  return `${day(start)}, ${clock(start)}–${endDay}${clock(end)}`;
};

/** 'Europe/Paris' as 'Europe/Paris (GMT+01:00)' at `at` (the offset as the Settings page writes it). */
export const zoneLabel = (timeZone: string, at = new Date()) => {
  const offset = zoneOffset(timeZone, at);
  const name = timeZone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
};
