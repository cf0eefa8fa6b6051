import { describe, expect, it } from 'vitest';
import { formatReplyTime } from './formatReplyTime';

describe('formatReplyTime', () => {
  it('says minutes under an hour, and under a minute as such', () => {
    expect(formatReplyTime(0.4)).toBe('< 1 min');
    expect(formatReplyTime(1)).toBe('1 min');
    expect(formatReplyTime(44.6)).toBe('45 min');
    expect(formatReplyTime(59.4)).toBe('59 min');
  });

  it('says hours and minutes under a day, leaving out zero minutes', () => {
    expect(formatReplyTime(59.6)).toBe('1 h');
    expect(formatReplyTime(200)).toBe('3 h 20 min');
    expect(formatReplyTime(23 * 60 + 59)).toBe('23 h 59 min');
  });

  it('says days and hours from a day on, leaving out zero hours', () => {
    expect(formatReplyTime(24 * 60)).toBe('1 d');
    expect(formatReplyTime(2 * 24 * 60 + 4 * 60 + 10)).toBe('2 d 4 h');
    expect(formatReplyTime(24 * 60 + 23 * 60 + 45)).toBe('2 d');
  });

  it('shows a dash when there is no reply to measure', () => {
    expect(formatReplyTime(null)).toBe('—');
    expect(formatReplyTime(Number.NaN)).toBe('—');
  });
});
