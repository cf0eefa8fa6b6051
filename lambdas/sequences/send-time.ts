import { wallClock, zonedTime } from '../core/wall-clock.js';

/** Saturday and Sunday: a step of `businessDaysOnly` moves to the Monday after. */
const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/** The calendar day `days` after `day` (a UTC midnight standing for a wall-clock date), business days only when asked. */
export const addDays = (day: Date, days: number, businessDaysOnly: boolean) => {
  const next = new Date(day);
  if (!businessDaysOnly) {
    next.setUTCDate(next.getUTCDate() + days);
    return next;
  }
  for (let left = days; left > 0; ) {
    next.setUTCDate(next.getUTCDate() + 1);
    if (!isWeekend(next)) left -= 1;
  }
  return next;
};

const atTime = (day: Date, time: string, timeZone: string) => {
  const [hour = 9, minute = 0] = time.split(':').map(Number);
  return zonedTime(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute },
    timeZone,
  );
};

/**
 * When a step goes (DESIGN §9 'Sequences'): `delayDays` (business days when chosen) after the day the e-mail before it
 * left, at `sendTime` of `timeZone`'s wall clock (the contact's when known, else the user's).
 */
export const stepSendTime = (
  after: Date,
  step: { delayDays: number; businessDaysOnly: boolean; sendTime: string },
  timeZone: string,
) => {
  const sent = wallClock(after, timeZone);
  const day = addDays(new Date(Date.UTC(sent.year, sent.month - 1, sent.day)), step.delayDays, step.businessDaysOnly);
  return atTime(day, step.sendTime, timeZone);
};

/** 7 days: how long an out-of-office that states no return date pauses a sequence (issue 'Stop, pause, go on'). */
export const pauseWithoutDateDays = 7;

/**
 * When a sequence paused by an out-of-office goes on: one business day after the stated return date (an ISO date,
 * read in the contact's zone), at the step's time; without a date, 7 days from now at the step's time.
 */
export const resumeTime = (input: {
  returnDate?: string | undefined;
  now: Date;
  sendTime: string;
  timeZone: string;
}) => {
  const date = input.returnDate?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (date) {
    const day = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
    return atTime(addDays(day, 1, true), input.sendTime, input.timeZone);
  }
  const today = wallClock(input.now, input.timeZone);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + pauseWithoutDateDays));
  return atTime(day, input.sendTime, input.timeZone);
};

/**
 * The contact's time zone from their location ('Berlin, Germany', 'Austin, Texas, United States', 'France'), or null:
 * a known city first (city-timezones), else a country with one zone (countries-and-timezones). Loaded on first use:
 * their tables are large and most of this domain's work needs neither.
 */
export const contactTimeZone = async (location: string | undefined | null): Promise<string | null> => {
  const parts = (location ?? '')
    .split(/[,;/|]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const cities = (await import('city-timezones')).default;
  const [city, ...rest] = parts;
  const found = cities.lookupViaCity(city ?? '');
  if (found.length > 0) {
    const hint = rest.join(' ').toLowerCase();
    const best =
      found.find(
        (candidate) =>
          hint &&
          [candidate.country, candidate.province, candidate.iso2, candidate.iso3, candidate.state_ansi].some(
            (name) => name && hint.includes(String(name).toLowerCase()),
          ),
      ) ?? [...found].sort((a, b) => (b.pop ?? 0) - (a.pop ?? 0))[0];
    if (best?.timezone) return best.timezone;
  }
  const countries = (await import('countries-and-timezones')).default;
  const all = Object.values(countries.getAllCountries());
  for (const part of [...parts].reverse()) {
    const name = part.toLowerCase();
    const country = all.find(
      (candidate) => candidate.name.toLowerCase() === name || candidate.id.toLowerCase() === name,
    );
    if (country?.timezones.length === 1 && country.timezones[0]) return country.timezones[0];
    if (country?.timezones[0]) return country.timezones[0];
  }
  return null;
};
