import { describe, expect, it } from 'vitest';
import { startScriptedVendor } from '../test/scripted-vendor.js';
import { quickEmailVerification, readVerificationSettings, verdictOf } from './quickemailverification.js';

/** retries as the real policy makes them, with waits short enough for a test */
const policy = { attemptTimeoutMs: 2_000, retries: 2, baseDelayMs: 5, maxDelayMs: 20 };

const answering =
  (status: number, body: unknown, seen: URL[] = []): typeof fetch =>
  async (input) => {
    seen.push(new URL(String(input)));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };

const settings = { baseUrl: 'https://verifier.test/v1', apiKey: 'key-1', apiKeySecret: undefined };

describe('the QuickEmailVerification adapter', () => {
  it('asks for one address with the key and maps the verdict', async () => {
    const seen: URL[] = [];
    const verifier = quickEmailVerification(settings, {
      fetcher: answering(
        200,
        { result: 'valid', reason: 'accepted_email', accept_all: 'false', disposable: 'false' },
        seen,
      ),
    });
    expect(await verifier.verify('ada@acme.com')).toEqual({ status: 'valid', reason: 'accepted_email' });
    expect(seen[0]!.pathname).toBe('/v1/verify');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ email: 'ada@acme.com', apikey: 'key-1' });
  });

  it('calls a valid answer from an accept-all domain risky, but keeps an invalid one invalid', () => {
    expect(verdictOf({ result: 'valid', reason: 'accepted_email', accept_all: 'true' })).toEqual({
      status: 'accept_all',
      reason: 'accepted_email',
    });
    expect(verdictOf({ result: 'unknown', reason: '', accept_all: 'true' })).toEqual({
      status: 'accept_all',
      reason: 'accept_all',
    });
    expect(verdictOf({ result: 'invalid', reason: 'rejected_email', accept_all: 'true' })).toMatchObject({
      status: 'invalid',
    });
  });

  it('reads the key from its secret when only the secret is named', async () => {
    const seen: URL[] = [];
    const verifier = quickEmailVerification(
      { ...settings, apiKey: undefined, apiKeySecret: 'outreach/dev/quickemailverification-api-key' },
      {
        fetcher: answering(200, { result: 'invalid', reason: 'rejected_email' }, seen),
        readSecret: () => async () => 'from-secret',
      },
    );
    expect(await verifier.verify('ada@acme.com')).toEqual({ status: 'invalid', reason: 'rejected_email' });
    expect(seen[0]!.searchParams.get('apikey')).toBe('from-secret');
  });

  it('fails as busy on a rate limit or an outage, as refused on a refused request or an odd answer', async () => {
    const verify = (status: number, body: unknown) =>
      quickEmailVerification(settings, { fetcher: answering(status, body), policy }).verify('ada@acme.com');
    await expect(verify(429, { success: 'false', message: 'Too many requests' })).rejects.toMatchObject({
      kind: 'busy',
    });
    await expect(verify(503, 'down')).rejects.toMatchObject({ kind: 'busy' });
    await expect(verify(402, { success: 'false', message: 'Low credit' })).rejects.toMatchObject({
      kind: 'refused',
      message: 'QuickEmailVerification answered 402: Low credit',
    });
    await expect(verify(200, { result: 'maybe' })).rejects.toMatchObject({ kind: 'refused' });
  });

  it('never puts the key in an error', async () => {
    const verifier = quickEmailVerification(settings, {
      fetcher: async () => {
        throw new TypeError('fetch failed');
      },
      policy,
    });
    const error = await verifier.verify('ada@acme.com').catch((caught: Error) => caught);
    expect(error).toMatchObject({ name: 'VerificationFailure', kind: 'busy' });
    expect(String((error as Error).message)).not.toContain('key-1');
  });
});

describe('the QuickEmailVerification adapter against a vendor that fails', () => {
  const valid = { result: 'valid', reason: 'accepted_email', accept_all: 'false' };

  it('retries an outage twice, then answers the verdict', async () => {
    const vendor = await startScriptedVendor([{ status: 502 }, { status: 503 }, { status: 200, json: valid }]);
    try {
      const verifier = quickEmailVerification({ ...settings, baseUrl: `${vendor.url}/v1` }, { policy });
      expect(await verifier.verify('ada@acme.com')).toEqual({ status: 'valid', reason: 'accepted_email' });
      expect(vendor.requests).toHaveLength(3);
    } finally {
      await vendor.stop();
    }
  });

  it('never retries a request the vendor refused (400)', async () => {
    const vendor = await startScriptedVendor([
      { status: 400, json: { success: 'false', message: 'Invalid email' } },
      { status: 200, json: valid },
    ]);
    try {
      const verifier = quickEmailVerification({ ...settings, baseUrl: `${vendor.url}/v1` }, { policy });
      await expect(verifier.verify('ada@acme.com')).rejects.toMatchObject({
        kind: 'refused',
        message: 'QuickEmailVerification answered 400: Invalid email',
      });
      expect(vendor.requests).toHaveLength(1);
    } finally {
      await vendor.stop();
    }
  });

  it('fails as busy when the rate limit asks for a longer wait than the lookup can spend', async () => {
    const vendor = await startScriptedVendor([
      { status: 429, headers: { 'retry-after': '3600' }, json: { message: 'Too many requests' } },
      { status: 200, json: valid },
    ]);
    try {
      const verifier = quickEmailVerification({ ...settings, baseUrl: `${vendor.url}/v1` }, { policy });
      await expect(verifier.verify('ada@acme.com')).rejects.toMatchObject({ kind: 'busy' });
      expect(vendor.requests).toHaveLength(1);
    } finally {
      await vendor.stop();
    }
  });
});

describe('readVerificationSettings', () => {
  it("defaults to the vendor's API and reads the sandbox's base URL and key", () => {
    expect(readVerificationSettings({})).toEqual({
      baseUrl: 'https://api.quickemailverification.com/v1',
      apiKey: undefined,
      apiKeySecret: undefined,
    });
    expect(
      readVerificationSettings({
        VERIFICATION_BASE_URL: 'http://127.0.0.1:4010/quickemailverification/v1/',
        VERIFICATION_API_KEY: 'k',
      }),
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/quickemailverification/v1', apiKey: 'k' });
  });
});
