import { afterEach, describe, expect, it } from 'vitest';
import { clockOffsetMs, now, nowMs, setClockOffsetMs } from './clock.js';

describe('the product clock', () => {
  afterEach(() => setClockOffsetMs(0));

  it('is the system clock until the local stack moves it', () => {
    const before = Date.now();
    const seen = nowMs();
    expect(seen).toBeGreaterThanOrEqual(before);
    expect(seen).toBeLessThanOrEqual(Date.now());
    expect(clockOffsetMs()).toBe(0);
  });

  it('moves every reader forward by the offset the local stack sets', () => {
    const week = 7 * 24 * 3_600_000;
    setClockOffsetMs(week);
    const before = Date.now();
    expect(now().getTime() - before).toBeGreaterThanOrEqual(week);
    expect(now().getTime() - Date.now()).toBeLessThanOrEqual(week);
  });

  it('refuses to move backwards or to a non-number', () => {
    expect(() => setClockOffsetMs(-1)).toThrow(RangeError);
    expect(() => setClockOffsetMs(Number.NaN)).toThrow(RangeError);
  });
});
