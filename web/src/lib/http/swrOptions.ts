import type { SWRConfiguration } from 'swr';
import { timings } from '@shared/constants';
import { isApiError } from './ApiError';

/**
 * Whether a failed read is worth another try (SPEC §8 'Data fetch retry': none on 401 or 404): client errors (every
 * 4xx) and cancellations will fail the same way again; network, timeout and server errors may not. `retryCount` is
 * SWR's, 1 for the first retry.
 */
export const shouldRetryError = (
  error: unknown,
  retryCount: number,
  maxRetries: number = timings.dataErrorRetryCount,
) => {
  if (retryCount > maxRetries) return false;
  if (!isApiError(error)) return true;
  if (error.code === 'cancelled') return false;
  return error.status < 400 || error.status >= 500;
};

/** The wait before retry number `retryCount` (1-based): the retry interval, doubled for each further retry. */
export const errorRetryDelay = (retryCount: number, intervalMs: number = timings.dataErrorRetryMs) =>
  intervalMs * 2 ** Math.max(0, retryCount - 1);

export const onErrorRetry: NonNullable<SWRConfiguration['onErrorRetry']> = (
  error,
  _key,
  config,
  revalidate,
  options,
) => {
  if (!shouldRetryError(error, options.retryCount, config.errorRetryCount ?? timings.dataErrorRetryCount)) return;
  setTimeout(() => void revalidate(options), errorRetryDelay(options.retryCount, config.errorRetryInterval));
};

/**
 * SPEC §9 'Data fetching caches': dedupe 2 s, error retry 5 s, focus throttle 5 s, loading timeout 3 s (first
 * configuration), at most 3 error retries (second), none for client errors.
 */
export const swrOptions = {
  dedupingInterval: timings.dataDedupeMs,
  errorRetryInterval: timings.dataErrorRetryMs,
  focusThrottleInterval: timings.dataFocusThrottleMs,
  loadingTimeout: timings.dataLoadingTimeoutMs,
  errorRetryCount: timings.dataErrorRetryCount,
  onErrorRetry,
} satisfies SWRConfiguration;
