import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatRecentTime } from './formatDate';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const day = 24 * 60 * 60_000;

describe('formatRecentTime', () => {
  it('says just now under a minute', () => {
    expect(formatRecentTime(ago(0), now)).toBe('just now');
    expect(formatRecentTime(ago(59_999), now)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRecentTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRecentTime(ago(59 * 60_000 + 59_000), now)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRecentTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRecentTime(ago(23 * 60 * 60_000 + 59 * 60_000), now)).toBe('23h ago');
  });

  it('counts whole days under a week, then gives the date in the reader’s locale', () => {
    expect(formatRecentTime(ago(day), now)).toBe('1d ago');
    expect(formatRecentTime(ago(7 * day - 1), now)).toBe('6d ago');
    expect(formatRecentTime(ago(7 * day), now, 'en-US')).toBe('May 25, 2025');
    expect(formatRecentTime(ago(45 * day), now, 'en-GB')).toBe('17 Apr 2025');
  });

  it('reads a time a little ahead of the clock as just now', () => {
    expect(formatRecentTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
  });

  it('takes epoch milliseconds too, and gives nothing for an invalid date', () => {
    expect(formatRecentTime(now - 2 * 60_000, now)).toBe('2m ago');
    expect(formatRecentTime('not a date', now)).toBe('');
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
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('write a day without a time as that day in every time zone', () => {
    expect(formatDay('2026-11-21', 'en-GB')).toBe('21 Nov 2026');
    expect(formatDay('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
  });
});
