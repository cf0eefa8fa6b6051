/**
 * How the app writes dates: one format per kind, in the locale given: the interface's language inside the app
 * (`i18n.language`, SPEC §3 `language`), English on the public pages, which load no catalogues.
 * - a moment that happened (a reply, a send, an update): how long ago while recent, SPEC §2's 'just now', '5m ago',
 *   '3h ago', '2d ago', up to 7 days; then its date (`formatRecentTime`);
 * - a date (a renewal, a member-since, a blog post's day): 'Dec 3, 2026' in en-US, '3 Dec 2026' in en-GB (`formatDate`,
 *   `formatDay`);
 * - a date with its time (a scheduled send, a token's expiry): 'Dec 3, 2026, 9:05 AM' (`formatDateTime`).
 * Meeting times are the meetings module's own (they show the meeting's time zone).
 */
type Moment = string | number | Date;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** how long a moment reads as 'n d ago' before it reads as its date */
export const recentDays = 7;

const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (options: Intl.DateTimeFormatOptions, locale: string) => {
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
};

const dateOf = (moment: Moment) => {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date;
};

const dateOptions = { month: 'short', day: 'numeric', year: 'numeric' } as const;

/** 'Dec 3, 2026' (en-US), '3 Dec 2026' (en-GB); '' for a missing or unreadable date. */
export const formatDate = (moment: Moment | null | undefined, locale: string) => {
  const date = moment === null || moment === undefined || moment === '' ? null : dateOf(moment);
  return date ? formatter(dateOptions, locale).format(date) : '';
};

/** A day without a time (`2026-11-21`) as its date, the same in every time zone. */
export const formatDay = (day: string, locale: string) => {
  const date = dateOf(`${day}T00:00:00Z`);
  return date ? formatter({ ...dateOptions, timeZone: 'UTC' }, locale).format(date) : '';
};

/** 'Dec 3, 2026, 9:05 AM' ('03.12.2026, 09:05' in German) in this browser's time zone; '' for a missing date. */
export const formatDateTime = (moment: Moment | null | undefined, locale: string) => {
  const date = moment === null || moment === undefined || moment === '' ? null : dateOf(moment);
  return date ? formatter({ dateStyle: 'medium', timeStyle: 'short' }, locale).format(date) : '';
};

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const relative = (locale: string, options: Intl.RelativeTimeFormatOptions) => {
  const key = JSON.stringify([locale, options]);
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, options);
    relativeFormats.set(key, format);
  }
  return format;
};

/**
 * 'n units ago': SPEC §2's own words in English ('just now', '5m ago'); in another language that language's short
 * relative time ('vor 5 Min.', 'il y a 3 h', 'hace 2 d'; 'jetzt' for just now).
 */
const ago = (count: number, unit: 'minute' | 'hour' | 'day', locale: string) => {
  if (locale.toLowerCase().split('-')[0] === 'en') return count === 0 ? 'just now' : `${count}${unit.charAt(0)} ago`;
  return count === 0
    ? relative(locale, { numeric: 'auto' }).format(0, 'second')
    : relative(locale, { style: 'short' }).format(-count, unit);
};

/**
 * A moment that happened: 'just now' under a minute (or a little ahead of this browser's clock), then whole minutes,
 * hours and days ago ('5m ago', '3h ago', '2d ago', SPEC §2), and from 7 days on its date ('Nov 24, 2026'); in
 * `locale`'s words and format.
 */
export const formatRecentTime = (moment: Moment, locale: string, now: number = Date.now()) => {
  const date = dateOf(moment);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < minuteMs) return ago(0, 'minute', locale);
  if (elapsed < hourMs) return ago(Math.floor(elapsed / minuteMs), 'minute', locale);
  if (elapsed < dayMs) return ago(Math.floor(elapsed / hourMs), 'hour', locale);
  if (elapsed < recentDays * dayMs) return ago(Math.floor(elapsed / dayMs), 'day', locale);
  return formatDate(date, locale);
};
