/**
 * How the app writes dates: one format per kind, in the reader's locale unless a locale is given.
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
const formatter = (options: Intl.DateTimeFormatOptions, locale?: string) => {
  const key = JSON.stringify([locale ?? '', options]);
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
export const formatDate = (moment: Moment | null | undefined, locale?: string) => {
  const date = moment === null || moment === undefined || moment === '' ? null : dateOf(moment);
  return date ? formatter(dateOptions, locale).format(date) : '';
};

/** A day without a time (`2026-11-21`) as its date, the same in every time zone. */
export const formatDay = (day: string, locale?: string) => {
  const date = dateOf(`${day}T00:00:00Z`);
  return date ? formatter({ ...dateOptions, timeZone: 'UTC' }, locale).format(date) : '';
};

/** 'Dec 3, 2026, 9:05 AM' in this browser's time zone; '' for a missing or unreadable date. */
export const formatDateTime = (moment: Moment | null | undefined, locale?: string) => {
  const date = moment === null || moment === undefined || moment === '' ? null : dateOf(moment);
  return date ? formatter({ dateStyle: 'medium', timeStyle: 'short' }, locale).format(date) : '';
};

/**
 * A moment that happened: 'just now' under a minute (or a little ahead of this browser's clock), then whole minutes,
 * hours and days ago ('5m ago', '3h ago', '2d ago', SPEC §2), and from 7 days on its date ('Nov 24, 2026').
 */
export const formatRecentTime = (moment: Moment, now: number = Date.now(), locale?: string) => {
  const date = dateOf(moment);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < minuteMs) return 'just now';
  if (elapsed < hourMs) return `${Math.floor(elapsed / minuteMs)}m ago`;
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)}h ago`;
  if (elapsed < recentDays * dayMs) return `${Math.floor(elapsed / dayMs)}d ago`;
  return formatDate(date, locale);
};
