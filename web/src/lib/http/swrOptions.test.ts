import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { errorRetryDelay, onErrorRetry, shouldRetryError, swrOptions } from './swrOptions';

const apiError = (status: number, code = 'some_code') => new ApiError({ status, code, message: 'x' });

describe('shouldRetryError', () => {
  it.each([400, 401, 403, 404, 409, 422, 429])('does not retry a %i', (status) => {
    expect(shouldRetryError(apiError(status), 1)).toBe(false);
  });

  it.each([
    ['a network failure', apiError(0, 'network_error')],
    ['a timeout', apiError(0, 'timeout')],
    ['a 500', apiError(500)],
    ['a 503', apiError(503)],
    ['an error of another kind', new TypeError('boom')],
  ])('retries %s', (_, error) => {
    expect(shouldRetryError(error, 1)).toBe(true);
  });

  it('does not retry a cancelled call', () => {
    expect(shouldRetryError(apiError(0, 'cancelled'), 1)).toBe(false);
  });

  it('stops after 3 retries', () => {
    const error = apiError(500);
    expect([1, 2, 3, 4].map((retryCount) => shouldRetryError(error, retryCount))).toEqual([true, true, true, false]);
  });

  it('follows a per-hook retry count', () => {
    expect(shouldRetryError(apiError(500), 2, 1)).toBe(false);
  });
});

describe('errorRetryDelay', () => {
  it('waits 5 s, then doubles', () => {
    expect([1, 2, 3].map((retryCount) => errorRetryDelay(retryCount))).toEqual([5_000, 10_000, 20_000]);
  });
});

describe('onErrorRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const retry = (error: unknown, retryCount: number) => {
    const revalidate = vi.fn(async () => true);
    onErrorRetry(error, 'key', { ...swrOptions } as never, revalidate, { retryCount, dedupe: true });
    return revalidate;
  };

  it('revalidates after the delay for a retryable error', () => {
    const revalidate = retry(apiError(502), 2);
    vi.advanceTimersByTime(9_999);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledExactlyOnceWith({ retryCount: 2, dedupe: true });
  });

  it('never revalidates for a 404 or after the third retry', () => {
    const notFound = retry(apiError(404), 1);
    const exhausted = retry(apiError(500), 4);
    vi.runAllTimers();
    expect(notFound).not.toHaveBeenCalled();
    expect(exhausted).not.toHaveBeenCalled();
  });
});

describe('swrOptions', () => {
  it('holds the data fetching numbers of SPEC §9', () => {
    expect(swrOptions).toMatchObject({
      dedupingInterval: 2_000,
      errorRetryInterval: 5_000,
      focusThrottleInterval: 5_000,
      loadingTimeout: 3_000,
      errorRetryCount: 3,
    });
  });
});
