import { describe, expect, it } from 'vitest';
import { type ScriptedAnswer, startScriptedVendor } from '../test/scripted-vendor.js';
import { createOpenAiClient, openAi, readOpenAiSettings } from './openai.js';

/** what the adapter is asked to complete */
const asked = { system: 'Summarise.', prompt: 'Name: Ada', maxTokens: 50 };
const completion = {
  status: 200,
  json: { model: 'gpt-4o-mini', choices: [{ message: { content: 'Ada.' }, finish_reason: 'stop' }] },
};
/** the SDK's retries as the real policy configures them, with a Retry-After of 0 so the test need not wait */
const policy = { attemptTimeoutMs: 2_000, retries: 2, baseDelayMs: 500, maxDelayMs: 500 };
const failing = (status: number, retryAfter = '0') => ({
  status,
  headers: { 'retry-after': retryAfter },
  json: { error: { message: 'try later', type: 'server_error' } },
});

const withVendor = async (script: ScriptedAnswer[], run: (url: string) => Promise<void>) => {
  const vendor = await startScriptedVendor(script);
  try {
    await run(vendor.url);
  } finally {
    await vendor.stop();
  }
  return vendor.requests;
};
const adapter = (baseURL: string, retryPolicy = policy) =>
  openAi(
    createOpenAiClient(readOpenAiSettings({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'k' }), undefined, retryPolicy),
    'gpt-4o-mini',
    retryPolicy,
  );

describe('the OpenAI adapter against a vendor that fails', () => {
  it("retries a rate limit and an outage through the SDK's own retries, then answers", async () => {
    const requests = await withVendor([failing(429), failing(503), completion], async (url) => {
      expect(await adapter(url).complete(asked)).toEqual({ text: 'Ada.', model: 'gpt-4o-mini' });
    });
    expect(requests.map((seen) => `${seen.method} ${seen.url}`)).toEqual(Array(3).fill('POST /chat/completions'));
  });

  it('never retries a request OpenAI refused (400)', async () => {
    const requests = await withVendor(
      [{ status: 400, json: { error: { message: 'bad', type: 'invalid_request_error' } } }, completion],
      async (url) => {
        await expect(adapter(url).complete(asked)).rejects.toMatchObject({
          kind: 'refused',
          message: 'OpenAI refused the request (400 invalid_request_error)',
        });
      },
    );
    expect(requests).toHaveLength(1);
  });

  it('cuts the whole call at its worst case, even when the vendor asks for a longer wait, and reports busy', async () => {
    const short = { attemptTimeoutMs: 300, retries: 1, baseDelayMs: 50, maxDelayMs: 100 };
    const started = performance.now();
    await withVendor([failing(429, '30'), completion], async (url) => {
      await expect(adapter(url, short).complete(asked)).rejects.toMatchObject({ kind: 'busy' });
    });
    // worstCaseMs(short) = 2 x 300 + 100 = 700 ms, not the 30 s the vendor asked for
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("stops at the caller's cancel, with the caller's reason and no retry", async () => {
    const reason = new Error('the batch contact was finished by another delivery');
    const controller = new AbortController();
    const requests = await withVendor([failing(429, '30'), completion], async (url) => {
      const answer = adapter(url).complete({ ...asked, signal: controller.signal });
      setTimeout(() => controller.abort(reason), 100);
      await expect(answer).rejects.toBe(reason);
    });
    expect(requests).toHaveLength(1);
  });
});
