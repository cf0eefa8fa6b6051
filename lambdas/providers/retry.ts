import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How one vendor call is bounded and retried. A call is at most `retries + 1` attempts of `attemptTimeoutMs` each,
 * with waits of at most `maxDelayMs` between them, so it never takes longer than `worstCaseMs(policy)`: the figure the
 * stack holds each Lambda's timeout above (infra/stack.test.ts).
 */
export type RetryPolicy = {
  /** one attempt's time limit, answer body included */
  attemptTimeoutMs: number;
  /** attempts after the first */
  retries: number;
  /** the first wait's ceiling, doubled for each later one (exponential backoff) */
  baseDelayMs: number;
  /** the longest wait; a vendor whose Retry-After asks for longer is not retried (the call fails at once) */
  maxDelayMs: number;
};

/** The longest a call under `policy` may take: every attempt timing out, every wait at its longest. */
export const worstCaseMs = (policy: RetryPolicy) =>
  (policy.retries + 1) * policy.attemptTimeoutMs + policy.retries * policy.maxDelayMs;

/** Rate limits and server errors may pass; any other status is the vendor's final word on this request. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * The wait before retry number `retry + 1`: exponential backoff with full jitter, uniform in
 * [0, min(maxDelayMs, baseDelayMs * 2^retry)], so clients that failed together do not come back together.
 * @link https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export const backoffMs = (policy: RetryPolicy, retry: number, random: () => number = Math.random) =>
  Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry));

/**
 * A `Retry-After` header in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or
 * unreadable.
 */
export const retryAfterMs = (header: string | null, now: number = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

export type RetryingFetchOptions = {
  /** @default fetch */
  fetch?: typeof fetch;
  /** @default Math.random (the jitter) */
  random?: () => number;
  /** @default a timer */
  sleep?: (ms: number) => Promise<unknown>;
};

/**
 * `fetch` under a vendor's retry policy, for the providers whose vendor has no SDK of its own (OpenAI's SDK retries
 * itself): each attempt is cut at `attemptTimeoutMs`; a network failure, a timeout, a 429 or a 5xx is tried again
 * after the backoff, or after the vendor's `Retry-After` when it sends one; any other answer is returned at once.
 * When the attempts run out, the last answer is returned (or the last network failure thrown) for the provider to map.
 */
export const retryingFetch = (policy: RetryPolicy, options: RetryingFetchOptions = {}) => {
  const doFetch = options.fetch ?? fetch;
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? ((ms: number) => sleep(ms));
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    for (let retry = 0; ; retry++) {
      const last = retry >= policy.retries;
      let response: Response;
      try {
        response = await doFetch(input, { ...init, signal: AbortSignal.timeout(policy.attemptTimeoutMs) });
      } catch (error) {
        if (last) throw error;
        await wait(backoffMs(policy, retry, random));
        continue;
      }
      if (last || !isRetryableStatus(response.status)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      // waiting longer than the policy allows would break the Lambda's time budget: the caller reports busy
      if (asked !== undefined && asked > policy.maxDelayMs) return response;
      await response.body?.cancel().catch(() => {});
      await wait(asked ?? backoffMs(policy, retry, random));
    }
  };
};
