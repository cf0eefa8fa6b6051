import dayjs, { type Dayjs } from 'dayjs';
import { instantOfWallClock, wallClockAt } from './zonedTime';

/**
 * antd's DatePicker shows and returns a dayjs in the browser's zone; the booking's times are in the user's settings
 * zone. The picker is given that zone's wall clock, and what it returns is read as that zone's wall clock.
 */

/** What the picker shows for `instant`: the wall clock of `timeZone` at that time. */
export const pickerValueAt = (instant: Date, timeZone: string): Dayjs => {
  const wall = wallClockAt(instant, timeZone);
  return dayjs(new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
};

/** The instant the picked wall clock stands for in `timeZone`. */
export const instantOfPicked = (value: Dayjs, timeZone: string): Date =>
  instantOfWallClock(
    { year: value.year(), month: value.month() + 1, day: value.date(), hour: value.hour(), minute: value.minute() },
    timeZone,
  );

/** The next whole half hour after now, at least 15 minutes away (a booking's suggested start). */
export const suggestedStart = (now: number) => {
  const half = 30 * 60_000;
  return new Date(Math.ceil((now + 15 * 60_000) / half) * half);
};

/** How the picker writes a start: 'Thu 10 Dec 2026, 16:00' (dayjs tokens); typed text in it reads back too. */
export const pickerDisplayFormat = 'ddd D MMM YYYY, HH:mm';

/**
 * Which number comes first in a typed '10/12/2026': the day (most of the world) or the month (the United States).
 */
export type DateOrder = 'day-first' | 'month-first';

/**
 * The order of the user's language setting (SPEC §3 `language`): month first where that language's short date puts the
 * month before the day and the year last ('en', whose dates are American: 12/10/2026); day first everywhere else
 * ('en-GB' 10/12/2026, 'de' 10.12.2026, and 'sv', whose 2026-12-10 does not use the slashed form at all).
 */
export const dateOrderOf = (language: string): DateOrder => {
  let order: string[];
  try {
    order = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(new Date(Date.UTC(2026, 11, 10, 12)))
      .map((part) => part.type)
      .filter((type) => type === 'year' || type === 'month' || type === 'day');
  } catch {
    return 'day-first';
  }
  return order.join() === 'month,day,year' ? 'month-first' : 'day-first';
};

/**
 * An example of each written form the picker reads, for the field's hint: the written one as the picker writes it in
 * the interface's language (dayjs's, set with it: 'Thu 10 Dec 2026, 16:00', 'Do. 10 Dez. 2026, 16:00').
 */
export const typedExamples = (order: DateOrder) => ({
  written: dayjs(new Date(2026, 11, 10, 16, 0)).format(pickerDisplayFormat),
  numeric: order === 'month-first' ? '12/10/2026 16:00' : '10/12/2026 16:00',
  iso: '2026-12-10 16:00',
});

/** a name as typed or listed, to compare: lower case, without its final dot ('Dez.' -> 'dez') */
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * The month and weekday names of the interface's language, as the picker writes them (dayjs's locale follows the
 * language, web/src/i18n/language.ts); English ones are read in every language.
 */
const localNames = () => {
  const locale = dayjs.Ls[dayjs.locale()];
  const list = (names: string[] | undefined) => (names ?? []).map(bare);
  return {
    months: list(locale?.months),
    monthsShort: list(locale?.monthsShort),
    weekdays: [...list(locale?.weekdays), ...list(locale?.weekdaysShort), ...list(locale?.weekdaysMin)],
  };
};

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** 'dec', 'December', 'sept.' (and 'Dez.', 'décembre' in the interface's language) -> 12; anything else -> null */
const monthOf = (word: string) => {
  const name = bare(word);
  if (name.length < 3) return null;
  return englishMonthOf(name) ?? localMonthOf(name);
};

const englishMonthOf = (name: string) => {
  const index = monthNames.findIndex((month) => name.startsWith(month));
  // the full name must be that month's ('Decimal' is not December); 'sept' is September's usual short form
  if (index < 0) return null;
  const full = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2026, index, 1)))
    .toLowerCase();
  return full.startsWith(name) || (index === 8 && name === 'sept') ? index + 1 : null;
};

/** a month of the interface's language: its short name, or its full name or a start only it has ('dezemb') */
const localMonthOf = (name: string) => {
  const { months, monthsShort } = localNames();
  const short = monthsShort.indexOf(name);
  if (short >= 0) return short + 1;
  const starting = months.flatMap((month, index) => (month.startsWith(name) ? [index + 1] : []));
  return starting.length === 1 ? starting[0]! : null;
};

/** the text without the day's name it starts with: 'Thu', 'Thursday', 'thu.,' (and 'Do.', 'jeudi' in the language) */
const withoutWeekday = (text: string) => {
  const english = text.replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*/i, '');
  if (english !== text) return english;
  const first = /^(\p{L}+)\.?,?\s+/u.exec(text);
  return first && localNames().weekdays.includes(bare(first[1]!)) ? text.slice(first[0].length) : text;
};

const yearOf = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

/** '16:00', '4:30 pm', '4pm', '16.00', '16h00' -> hour and minute; null when it is not a time of day */
const clockOf = (text: string) => {
  const match = /^(\d{1,2})(?:[:.h](\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$/i.exec(text.trim());
  if (!match) return null;
  const [, hourText, minuteText, half] = match;
  // a bare number is no time ('16' may be a day being typed): it needs its minutes or am/pm
  if (minuteText === undefined && half === undefined) return null;
  let hour = Number(hourText);
  const minute = Number(minuteText ?? 0);
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  } else if (hour > 23) return null;
  return { hour, minute };
};

/** the date part: year, month (1-12), day; null when it is none of the forms read */
const dayOf = (text: string, order: DateOrder) => {
  const words = text
    .trim()
    .replace(/,/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  // 2026-12-10, 2026/12/10
  const iso = words.length === 1 ? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(words[0]!) : null;
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  // 10/12/2026, 10.12.2026, 10-12-26: read in the user's order
  const numeric = words.length === 1 ? /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/.exec(words[0]!) : null;
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[3])];
    const [day, month] = order === 'month-first' ? [second, first] : [first, second];
    return { year: yearOf(numeric[4]!), month, day };
  }
  // 10 Dec 2026, Dec 10 2026 (the comma is gone), 10th December 2026
  if (words.length === 3 && /^\d{4}$/.test(words[2]!)) {
    // '10th', and the German '10.' and French '1er'
    const dayWord = (word: string) => /^(\d{1,2})(?:st|nd|rd|th|er|\.)?$/i.exec(word)?.[1];
    const [a, b] = [words[0]!, words[1]!];
    const dayFirst = dayWord(a) !== undefined ? monthOf(b) : null;
    if (dayFirst) return { year: Number(words[2]), month: dayFirst, day: Number(dayWord(a)) };
    const monthFirst = dayWord(b) !== undefined ? monthOf(a) : null;
    if (monthFirst) return { year: Number(words[2]), month: monthFirst, day: Number(dayWord(b)) };
  }
  return null;
};

/**
 * A date and time typed into the booking picker, as the wall clock the picker holds (see {@link pickerValueAt}); null
 * when the text is not one. Read, whatever the case and spacing: the picker's own 'Thu 10 Dec 2026, 16:00' (the day's
 * name is optional and not checked: the picker then shows the right one), '10 Dec 2026 16:00', 'December 10, 2026
 * 4:00 pm', '2026-12-10 16:00' (and 'T' between), and '10/12/2026 16:00' (also with dots or dashes, or a two-digit
 * year) in the user's `order`. Month and day names are read in English and in the interface's language, so the picker's
 text in that language reads back too ('Do. 10 Dez. 2026, 16:00', '10. Dezember 2026 16:00'). The time is needed: a
 date alone, or a time being typed ('16', '16:0'), is not read.
 */
export const parseTypedStart = (typed: string, order: DateOrder): Dayjs | null => {
  const text = withoutWeekday(typed.trim().replace(/\s+/g, ' '));
  // the time is the end: after a space, a comma, 'at' or the ISO 'T'
  const split = /^(.*?\d)(?:\s*,\s*|\s+at\s+|\s+|T)(\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?\s*m?\.?)?)$/i.exec(text);
  if (!split) return null;
  const date = dayOf(split[1]!, order);
  const clock = clockOf(split[2]!);
  if (!date || !clock) return null;
  const { year, month, day } = date;
  const value = new Date(year, month - 1, day, clock.hour, clock.minute);
  // 31/02 rolls over in Date: only a date that exists is read
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== day) return null;
  return dayjs(value);
};
