import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages';
import { ApiError } from './ApiError';
import { createApiClient } from './apiClient';

type Seen = { url: string; method: string; headers: Record<string, string>; body: string | undefined };

const profile = { uid: 'user-1', email: 'ada@example.com', subscriptionTier: 'free' };

/** A fetch that records each request and answers with `respond`. */
const fakeFetch = (respond: (seen: Seen) => Response | Promise<Response>) => {
  const seen: Seen[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const request = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
    };
    seen.push(request);
    return respond(request);
  };
  return { fetchFn, seen };
};

const client = (respond: (seen: Seen) => Response | Promise<Response>, token: string | null = 'id-token') => {
  const { fetchFn, seen } = fakeFetch(respond);
  const api = createApiClient({ baseUrl: 'http://api.test/', getIdToken: async () => token ?? undefined, fetch: fetchFn });
  return { api, seen };
};

/** A fetch that only ends when its signal aborts, as the browser's does. */
const neverAnswering: typeof fetch = (_input, init) =>
  new Promise<Response>((_, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

const failure = (status: number, error: string, code: string, init: ResponseInit = {}) =>
  Response.json({ success: false, error, code }, { status, ...init });

const caught = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('createApiClient', () => {
  it('sends the ID token as bearer token and unwraps the data of a success envelope', async () => {
    const { api, seen } = client(() => Response.json({ success: true, data: profile }));
    await expect(api.request('GET /api/profiles')).resolves.toEqual(profile);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      url: 'http://api.test/api/profiles',
      method: 'GET',
      headers: { Authorization: 'Bearer id-token', Accept: 'application/json' },
      body: undefined,
    });
    expect(seen[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { api, seen } = client(() => Response.json({ success: true, data: { status: 'ok' } }), null);
    await api.request('GET /api/health');
    expect(seen[0]!.headers.Authorization).toBeUndefined();
  });

  it('sends a body as JSON with its method and content type', async () => {
    const { api, seen } = client(() => Response.json({ success: true, data: profile }));
    await api.request('POST /api/users/sync-user', { body: { email: 'ada@example.com', timeZone: 'Europe/London' } });
    expect(seen[0]).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(seen[0]!.body!)).toEqual({ email: 'ada@example.com', timeZone: 'Europe/London' });
  });

  it("shows the server's message for a 400 on a mutation and keeps code and details", async () => {
    const { api } = client(() =>
      Response.json(
        { success: false, error: 'Invalid request: timeZone: Unknown time zone', code: 'validation_failed', details: [{ field: 'timeZone' }] },
        { status: 400 },
      ),
    );
    const error = await caught(api.request('PUT /api/profiles/settings', { body: { settings: { timeZone: 'Mars/Base' } } }));
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid request: timeZone: Unknown time zone',
      details: [{ field: 'timeZone' }],
    });
  });

  it('maps 401 to the session-expired text of SPEC §8, keeping the server text apart', async () => {
    const { api } = client(() => failure(401, messages.auth.required, 'unauthorized'));
    const error = await caught(api.request('GET /api/profiles'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: messages.status[401], serverMessage: messages.auth.required });
  });

  it('uses the read or the mutation wording for 403', async () => {
    const { api } = client(() => failure(403, 'Forbidden', 'forbidden'));
    expect((await caught(api.request('GET /api/profiles'))).message).toBe(messages.status[403]);
    expect((await caught(api.request('PUT /api/profiles', { body: { bio: 'x' } }))).message).toBe(messages.status['403mutation']);
  });

  it('never shows a server error text for 5xx', async () => {
    const { api } = client(() => failure(500, 'TypeError: cannot read x of undefined', 'server_error'));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({ status: 500, message: messages.status[500] });
  });

  it('handles an answer that is not an envelope (a proxy error page)', async () => {
    const { api } = client(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({ status: 502, code: 'server_error', message: messages.status[500] });
  });

  it('refuses a 200 whose body is not an envelope', async () => {
    const { api } = client(() => Response.json({ uid: 'user-1' }));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({ status: 200, code: 'bad_response' });
  });

  it('records Retry-After on 429, 60 s when absent', async () => {
    const withHeader = client(() => failure(429, 'Slow down', 'rate_limited', { headers: { 'Retry-After': '12' } }));
    expect(await caught(withHeader.api.request('GET /api/profiles'))).toMatchObject({
      status: 429,
      message: messages.status[429],
      retryAfterSeconds: 12,
    });
    const without = client(() => failure(429, 'Slow down', 'rate_limited'));
    expect((await caught(without.api.request('GET /api/profiles'))).retryAfterSeconds).toBe(60);
  });

  it('says "Network error" when no response arrives', async () => {
    const { api } = client(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 0,
      code: 'network_error',
      message: messages.status.network,
    });
  });

  it('says "Request cancelled" when the caller aborts', async () => {
    const controller = new AbortController();
    const api = createApiClient({ baseUrl: 'http://api.test', getIdToken: async () => 't', fetch: neverAnswering });
    const pending = api.request('GET /api/profiles', { signal: controller.signal });
    controller.abort();
    expect(await caught(pending)).toMatchObject({ code: 'cancelled', message: messages.status.cancelled });
  });

  it('gives up after the timeout', async () => {
    const api = createApiClient({ baseUrl: 'http://api.test', getIdToken: async () => 't', fetch: neverAnswering, timeoutMs: 20 });
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({ code: 'timeout', message: messages.status.network });
  });
});
