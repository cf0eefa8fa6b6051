import { i18n, languageName, languages } from '@/i18n';

/** A select's options: `{value, label}`. */
export type Option<T> = { value: T; label: string };

const withCurrent = <T>(options: Option<T>[], current: T, label: (value: T) => string): Option<T>[] =>
  options.some((option) => option.value === current)
    ? options
    : [...options, { value: current, label: label(current) }];

let zones: Option<string>[] | undefined;

/** 'GMT+05:30', 'GMT-03:00', 'GMT+00:00' for a zone at `at` (engines write no offset as 'GMT' or 'GMT+00:00'). */
export const zoneOffset = (timeZone: string, at = new Date()) => {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
    const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    return offset === 'GMT' ? 'GMT+00:00' : offset;
  } catch {
    return '';
  }
};

const zoneLabel = (timeZone: string) => {
  const offset = zoneOffset(timeZone);
  const name = timeZone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
};

/** The browser's IANA zones (UTC first: the default of SPEC §3, which the browser's list leaves out). */
const supportedZones = () => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

/** Every time zone, labelled with its current offset, and `current` even when the browser does not list it. */
export const timeZoneOptions = (current: string): Option<string>[] => {
  zones ??= ['UTC', ...supportedZones().filter((zone) => zone !== 'UTC')].map((value) => ({
    value,
    label: zoneLabel(value),
  }));
  return withCurrent(zones, current, zoneLabel);
};

/**
 * The interface's languages (those with a complete catalogue, web/src/i18n), each in its own name: 'Deutsch',
 * 'Français'. A stored code of another language is shown as the one the interface speaks for it (English).
 */
export const languageOptions = (): Option<string>[] =>
  languages.map((value) => ({ value, label: languageName(value) }));

/** '30 minutes', '2 hours', '3 days' in the interface's language ('30 Minuten', '2 heures'). */
const unitLabel = (value: number, unit: 'minute' | 'hour' | 'day') =>
  new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);

/** 30 -> '30 minutes', 60 -> '1 hour', 90 -> '1 hour 30 minutes' (in the interface's language). */
export const durationLabel = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? unitLabel(hours, 'hour') : '', rest ? unitLabel(rest, 'minute') : ''].filter(Boolean).join(' ');
};

export const meetingDurationOptions = (current: number): Option<number>[] =>
  withCurrent(
    [15, 20, 30, 45, 60, 90, 120].map((value) => ({ value, label: durationLabel(value) })),
    current,
    durationLabel,
  ).sort((a, b) => a.value - b.value);

export const daysLabel = (days: number) => unitLabel(days, 'day');

export const followUpDelayOptions = (current: number): Option<number>[] =>
  withCurrent(
    [1, 2, 3, 4, 5, 7, 10, 14, 21, 30].map((value) => ({ value, label: daysLabel(value) })),
    current,
    daysLabel,
  ).sort((a, b) => a.value - b.value);

/** Every quarter hour of the day as HH:MM, and `current` when it is between them. */
export const followUpTimeOptions = (current: string): Option<string>[] =>
  withCurrent(
    Array.from({ length: 96 }, (_, index) => {
      const value = `${String(Math.floor(index / 4)).padStart(2, '0')}:${String((index % 4) * 15).padStart(2, '0')}`;
      return { value, label: value };
    }),
    current,
    (value) => value,
  ).sort((a, b) => a.value.localeCompare(b.value));
