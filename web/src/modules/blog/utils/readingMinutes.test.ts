import { describe, expect, it } from 'vitest';
import { readingMinutes, readingTimeLabel } from './readingMinutes';

describe('readingMinutes', () => {
  it('rounds to the nearest minute at 220 words a minute', () => {
    expect(readingMinutes(220)).toBe(1);
    expect(readingMinutes(1_100)).toBe(5);
    expect(readingMinutes(1_209)).toBe(5);
    expect(readingMinutes(1_211)).toBe(6);
  });

  it('never says a text takes no time', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(40)).toBe(1);
  });

  it('takes another pace', () => {
    expect(readingMinutes(600, 200)).toBe(3);
  });

  it('labels the minutes', () => {
    expect(readingTimeLabel(4)).toBe('4 min read');
  });
});
