import { afterEach, describe, expect, it } from 'vitest';
import { backoffMs, type RetryPolicy, retryAfterMs, retryingFetch, worstCaseMs } from './retry.js';
import { type ScriptedAnswer, startScriptedVendor } from './test/scripted-vendor.js';
import { vendorLimits } from './vendor-limits.js';

const policy: RetryPolicy = { attemptTimeoutMs: 1_000, retries: 2, baseDelayMs: 10, maxDelayMs: 50 };

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});
const vendor = async (...script: ScriptedAnswer[]) => {
  const started = await startScriptedVendor(script);
  stops.push(started.stop);
  return started;
};

describe('retryingFetch', () => {
  it('retries a vendor that fails twice, then answers its success', async () => {
    const server = await vendor({ status: 503 }, { status: 500 }, { status: 200, json: { ok: true } });
    const response = await retryingFetch(policy)(`${server.url}/v1/thing`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/thing', '/v1/thing', '/v1/thing']);
  });

  it('never retries a 400: the vendor refused this request', async () => {
    const server = await vendor({ status: 400, json: { message: 'bad email' } }, { status: 200 });
    const response = await retryingFetch(policy)(server.url);
    expect(response.status).toBe(400);
    expect(server.requests).toHaveLength(1);
  });

  it('answers the last failure once the retries are spent', async () => {
    const server = await vendor({ status: 503 });
    const response = await retryingFetch(policy)(server.url);
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(policy.retries + 1);
  });

  it("waits as long as a 429's Retry-After asks, and gives up at once when it asks for more than the policy allows", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const polite = await vendor({ status: 429, headers: { 'retry-after': '0' } }, { status: 200 });
    expect((await retryingFetch(policy, { sleep })(polite.url)).status).toBe(200);
    expect(waits).toEqual([0]);

    const slow = await vendor({ status: 429, headers: { 'retry-after': '120' } }, { status: 200 });
    expect((await retryingFetch(policy, { sleep })(slow.url)).status).toBe(429);
    expect(slow.requests).toHaveLength(1);
  });

  it('retries an attempt that timed out and one whose connection failed', async () => {
    const hanging = await vendor('hang', { status: 200 });
    const quick = { ...policy, attemptTimeoutMs: 200 };
    expect((await retryingFetch(quick)(hanging.url)).status).toBe(200);
    expect(hanging.requests).toHaveLength(2);

    const closed = await vendor({ status: 200 });
    await closed.stop();
    await expect(retryingFetch(policy)(closed.url)).rejects.toThrow();
  });
});

describe('the backoff', () => {
  it('is full jitter under an exponentially growing ceiling, capped at maxDelayMs', () => {
    const wide = { ...policy, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([0, 1, 2, 3, 4].map((retry) => backoffMs(wide, retry, () => 0.999_999))).toEqual([99, 199, 399, 799, 999]);
    expect(backoffMs(wide, 3, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('bounds a call by every attempt timing out and every wait at its longest', () => {
    expect(worstCaseMs(policy)).toBe(3 * 1_000 + 2 * 50);
    // the HTTP Lambdas that call enrichment or OpenAI once stay under API Gateway's 29 s
    expect(worstCaseMs(vendorLimits.enrichment)).toBeLessThan(28_000);
    expect(worstCaseMs(vendorLimits.openai)).toBeLessThan(28_000);
  });
});
