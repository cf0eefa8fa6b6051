import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './formatRelativeTime';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says just now under a minute', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_000), now)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 60 * 60_000 + 59 * 60_000), now)).toBe('23h ago');
  });

  it('counts whole days from a day on', () => {
    expect(formatRelativeTime(ago(24 * 60 * 60_000), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(45 * 24 * 60 * 60_000), now)).toBe('45d ago');
  });

  it('reads a time a little ahead of the clock as just now', () => {
    expect(formatRelativeTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
  });

  it('takes epoch milliseconds too, and gives nothing for an invalid date', () => {
    expect(formatRelativeTime(now - 2 * 60_000, now)).toBe('2m ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
