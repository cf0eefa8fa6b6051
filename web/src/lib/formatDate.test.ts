import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatRecentTime } from './formatDate';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const day = 24 * 60 * 60_000;

describe('formatRecentTime', () => {
  it('says just now under a minute', () => {
    expect(formatRecentTime(ago(0), 'en', now)).toBe('just now');
    expect(formatRecentTime(ago(59_999), 'en', now)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRecentTime(ago(60_000), 'en', now)).toBe('1m ago');
    expect(formatRecentTime(ago(59 * 60_000 + 59_000), 'en', now)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRecentTime(ago(60 * 60_000), 'en', now)).toBe('1h ago');
    expect(formatRecentTime(ago(23 * 60 * 60_000 + 59 * 60_000), 'en', now)).toBe('23h ago');
  });

  it('counts whole days under a week, then gives the date in the reader’s locale', () => {
    expect(formatRecentTime(ago(day), 'en', now)).toBe('1d ago');
    expect(formatRecentTime(ago(7 * day - 1), 'en', now)).toBe('6d ago');
    expect(formatRecentTime(ago(7 * day), 'en-US', now)).toBe('May 25, 2025');
    expect(formatRecentTime(ago(45 * day), 'en-GB', now)).toBe('17 Apr 2025');
  });

  it('reads a time a little ahead of the clock as just now', () => {
    expect(formatRecentTime(new Date(now + 5_000).toISOString(), 'en', now)).toBe('just now');
  });

  it('takes epoch milliseconds too, and gives nothing for an invalid date', () => {
    expect(formatRecentTime(now - 2 * 60_000, 'en', now)).toBe('2m ago');
    expect(formatRecentTime('not a date', 'en', now)).toBe('');
  });
});

describe('formatDate and formatDateTime', () => {
  it('write a date in the reader’s locale', () => {
    expect(formatDate('2026-12-03T10:00:00.000Z', 'en-US')).toBe('Dec 3, 2026');
    expect(formatDate('2026-12-03T10:00:00.000Z', 'en-GB')).toBe('3 Dec 2026');
  });

  it('write a date with its time', () => {
    const written = formatDateTime('2026-12-03T10:00:00.000Z', 'en-US');
    expect(written).toMatch(/^Dec 3, 2026(,| at) \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('give nothing for a missing or unreadable date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
  });

  it('write a day without a time as that day in every time zone', () => {
    expect(formatDay('2026-11-21', 'en-GB')).toBe('21 Nov 2026');
    expect(formatDay('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
  });
});

describe('in the interface language', () => {
  it('writes dates and times as German, French and Spanish readers expect', () => {
    expect(formatDate('2026-12-03T10:00:00.000Z', 'de')).toBe('3. Dez. 2026');
    expect(formatDate('2026-12-03T10:00:00.000Z', 'fr')).toBe('3 déc. 2026');
    expect(formatDay('2026-03-01', 'es')).toBe('1 mar 2026');
    expect(formatDateTime('2026-12-03T10:00:00.000Z', 'de')).toMatch(/^03\.12\.2026, \d{2}:\d{2}$/);
  });

  it("says how long ago in that language's words, and its date after a week", () => {
    expect(formatRecentTime(ago(0), 'de', now)).toBe('jetzt');
    expect(formatRecentTime(ago(5 * 60_000), 'de', now)).toBe('vor 5 Min.');
    expect(formatRecentTime(ago(3 * 60 * 60_000), 'fr', now)).toMatch(/^il y a 3\sh$/u);
    expect(formatRecentTime(ago(2 * day), 'es', now)).toBe('hace 2 d');
    expect(formatRecentTime(ago(45 * day), 'de', now)).toBe('17. Apr. 2025');
  });
});
