import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startProgressTicker } from './progressTicker';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startProgressTicker', () => {
  it('ticks every 200 ms, rising fast at first and slower near the top', () => {
    const seen: number[] = [];
    const stop = startProgressTicker((percent) => seen.push(percent));
    vi.advanceTimersByTime(199);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toHaveLength(1);
    vi.advanceTimersByTime(200 * 9);
    expect(seen).toHaveLength(10);
    const steps = seen.map((percent, index) => percent - (seen[index - 1] ?? 0));
    expect(steps[0]).toBeGreaterThan(steps[9] ?? Infinity);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    stop();
  });

  it('reaches 90% and never passes it', () => {
    const seen: number[] = [];
    const stop = startProgressTicker((percent) => seen.push(percent));
    vi.advanceTimersByTime(60_000);
    expect(Math.max(...seen)).toBe(90);
    expect(seen.at(-1)).toBe(90);
    stop();
  });

  it('stops ticking once stopped', () => {
    const onProgress = vi.fn();
    const stop = startProgressTicker(onProgress);
    vi.advanceTimersByTime(400);
    stop();
    vi.advanceTimersByTime(2_000);
    expect(onProgress).toHaveBeenCalledTimes(2);
  });
});
