import { describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { ApiError } from './ApiError';
import { createApiClient, helperTimeoutMs, type ApiClient, type ApiClientOptions } from './apiClient';

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
  const api = createApiClient({
    baseUrl: 'http://api.test/',
    getToken: async () => token ?? undefined,
    fetch: fetchFn,
    sleep: async () => {},
  });
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
        {
          success: false,
          error: 'Invalid request: timeZone: Unknown time zone',
          code: 'validation_failed',
          details: [{ field: 'timeZone' }],
        },
        { status: 400 },
      ),
    );
    const error = await caught(
      api.request('PUT /api/profiles/settings', { body: { settings: { timeZone: 'Mars/Base' } } }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid request: timeZone: Unknown time zone',
      details: [{ field: 'timeZone' }],
    });
  });

  it('maps a 401 of a public route to the session-expired text of SPEC §8, keeping the server text apart', async () => {
    const { api, seen } = client(() => failure(401, messages.auth.required, 'unauthorized'));
    const error = await caught(api.request('GET /api/health'));
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: messages.status[401],
      serverMessage: messages.auth.required,
    });
    expect(seen).toHaveLength(1);
  });

  it('uses the read or the mutation wording for 403', async () => {
    const { api } = client(() => failure(403, 'Forbidden', 'forbidden'));
    expect((await caught(api.request('GET /api/profiles'))).message).toBe(messages.status[403]);
    expect((await caught(api.request('PUT /api/profiles', { body: { bio: 'x' } }))).message).toBe(
      messages.status['403mutation'],
    );
  });

  it('never shows a server error text for 5xx', async () => {
    const { api } = client(() => failure(500, 'TypeError: cannot read x of undefined', 'server_error'));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 500,
      message: messages.status[500],
    });
  });

  it('handles an answer that is not an envelope (a proxy error page)', async () => {
    const { api } = client(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 502,
      code: 'server_error',
      message: messages.status[500],
    });
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
    const api = createApiClient({ baseUrl: 'http://api.test', getToken: async () => 't', fetch: neverAnswering });
    const pending = api.request('GET /api/profiles', { signal: controller.signal });
    controller.abort();
    expect(await caught(pending)).toMatchObject({ code: 'cancelled', message: messages.status.cancelled });
  });

  it('gives up after the timeout', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test',
      getToken: async () => 't',
      fetch: neverAnswering,
      timeoutMs: 20,
    });
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      code: 'timeout',
      message: messages.status.network,
    });
  });
});

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
};

/** A client over a fake fetch with every dependency open to the test; sleeps are recorded, not waited. */
const setup = (respond: (seen: Seen) => Response | Promise<Response>, options: Partial<ApiClientOptions> = {}) => {
  const { fetchFn, seen } = fakeFetch(respond);
  const delays: number[] = [];
  const getToken = vi.fn(async ({ force = false }: { force?: boolean } = {}) => (force ? 'fresh-token' : 'old-token'));
  const onAuthFailure = vi.fn();
  const api = createApiClient({
    baseUrl: 'http://api.test',
    getToken,
    onAuthFailure,
    fetch: fetchFn,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...options,
  });
  return { api, seen, delays, getToken, onAuthFailure };
};

/** Calls a path the route table does not (yet) list, as the envelope and public-path rules apply to any path. */
const call = (api: ApiClient, route: string, input?: object) =>
  (api.request as (route: string, input?: object) => Promise<unknown>)(route, input);

const ok = (data: unknown) => Response.json({ success: true, data });
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const bearer = (seen: Seen) => seen.headers.Authorization;

describe('createApiClient network retries', () => {
  it('retries a network failure after 300, 600 and 1200 ms, then succeeds', async () => {
    let failures = 3;
    const { api, seen, delays } = setup(() => (failures-- > 0 ? offline() : ok(profile)));
    await expect(api.request('GET /api/profiles')).resolves.toEqual(profile);
    expect(seen).toHaveLength(4);
    expect(delays).toEqual([300, 600, 1200]);
  });

  it('gives up after 3 retries with the network message', async () => {
    const { api, seen, delays } = setup(offline);
    expect(await caught(api.request('PUT /api/profiles', { body: { bio: 'x' } }))).toMatchObject({
      status: 0,
      code: 'network_error',
      message: messages.status.network,
    });
    expect(seen).toHaveLength(4);
    expect(delays).toEqual([300, 600, 1200]);
  });

  it('takes its retry count and first delay from the options', async () => {
    const { api, seen, delays } = setup(offline, { retries: 1, retryDelayMs: 50 });
    await caught(api.request('GET /api/profiles'));
    expect(seen).toHaveLength(2);
    expect(delays).toEqual([50]);
  });

  it('does not retry an HTTP error', async () => {
    const { api, seen, delays } = setup(() => failure(503, 'Unavailable', 'server_error'));
    expect((await caught(api.request('GET /api/profiles'))).status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry a timeout', async () => {
    const delays: number[] = [];
    let calls = 0;
    const api = createApiClient({
      baseUrl: 'http://api.test',
      getToken: async () => 't',
      fetch: (input, init) => {
        calls += 1;
        return neverAnswering(input, init);
      },
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(await caught(api.request('GET /api/profiles', { timeoutMs: 20 }))).toMatchObject({
      code: 'timeout',
      message: messages.status.network,
    });
    expect(calls).toBe(1);
    expect(delays).toEqual([]);
  });

  it('stops retrying when the caller cancels during the wait', async () => {
    const controller = new AbortController();
    const { fetchFn, seen } = fakeFetch(offline);
    const api = createApiClient({ baseUrl: 'http://api.test', getToken: async () => 't', fetch: fetchFn });
    const pending = api.request('GET /api/profiles', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await caught(pending)).toMatchObject({ code: 'cancelled', message: messages.status.cancelled });
    expect(seen).toHaveLength(1);
  });

  it('offers the 120 s timeout of helper calls', () => {
    expect(helperTimeoutMs).toBe(120_000);
  });
});

describe('createApiClient on 401', () => {
  it('forces one token refresh and retries once with the new token', async () => {
    const { api, seen, getToken, onAuthFailure } = setup((request) =>
      bearer(request) === 'Bearer fresh-token' ? ok(profile) : failure(401, messages.auth.required, 'unauthorized'),
    );
    await expect(api.request('GET /api/profiles')).resolves.toEqual(profile);
    expect(seen.map(bearer)).toEqual(['Bearer old-token', 'Bearer fresh-token']);
    expect(getToken.mock.calls).toEqual([[], [{ force: true }]]);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('retries after the refresh when the gateway itself refused the token', async () => {
    const { api, seen } = setup((request) =>
      bearer(request) === 'Bearer fresh-token'
        ? ok(profile)
        : Response.json({ message: 'Unauthorized' }, { status: 401 }),
    );
    await expect(api.request('GET /api/profiles')).resolves.toEqual(profile);
    expect(seen).toHaveLength(2);
  });

  it('makes concurrent calls that meet a 401 share one refresh, then retries each once', async () => {
    const refresh = deferred<string>();
    const getToken = vi.fn(({ force = false }: { force?: boolean } = {}) =>
      force ? refresh.promise : Promise.resolve('old-token'),
    );
    const { api, seen } = setup(
      (request) =>
        bearer(request) === 'Bearer fresh-token' ? ok(request.url) : failure(401, 'Expired', 'unauthorized'),
      { getToken },
    );
    const calls = [
      api.request('GET /api/profiles'),
      api.request('GET /api/profiles/settings'),
      api.request('GET /api/user/profile'),
    ];
    await vi.waitFor(() => expect(getToken).toHaveBeenCalledWith({ force: true }));
    // every call has met its 401 before the refresh ends
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    refresh.resolve('fresh-token');
    await expect(Promise.all(calls)).resolves.toEqual([
      'http://api.test/api/profiles',
      'http://api.test/api/profiles/settings',
      'http://api.test/api/user/profile',
    ]);
    expect(getToken.mock.calls.filter(([options]) => options?.force)).toHaveLength(1);
    expect(seen).toHaveLength(6);
  });

  it('starts a new refresh for a 401 after the previous refresh ended', async () => {
    let answer401 = true;
    const { api, getToken } = setup(() => {
      if (answer401) {
        answer401 = false;
        return failure(401, 'Expired', 'unauthorized');
      }
      answer401 = true;
      return ok(profile);
    });
    await api.request('GET /api/profiles');
    await api.request('GET /api/profiles');
    expect(getToken.mock.calls.filter(([options]) => options?.force)).toHaveLength(2);
  });

  it('fails with the retry text and reports it when the retry gets a 401 too', async () => {
    const { api, seen, onAuthFailure } = setup(() => failure(401, 'Token revoked', 'unauthorized'));
    const error = await caught(api.request('GET /api/profiles'));
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: messages.auth.retryFailed,
      serverMessage: 'Token revoked',
    });
    expect(seen).toHaveLength(2);
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('fails the same way when the refresh finds nobody signed in', async () => {
    const getToken = vi.fn(async ({ force = false }: { force?: boolean } = {}) => (force ? undefined : 'old-token'));
    const { api, seen, onAuthFailure } = setup(() => failure(401, 'Expired', 'unauthorized'), { getToken });
    const error = await caught(api.request('GET /api/profiles'));
    expect(error).toMatchObject({ status: 401, message: messages.auth.retryFailed });
    expect(seen).toHaveLength(1);
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('fails with the retry text but leaves sign-out to the token cache when the refresh itself fails', async () => {
    const getToken = vi.fn(async ({ force = false }: { force?: boolean } = {}) => {
      if (force) throw new Error('Network error');
      return 'old-token';
    });
    const { api, seen, onAuthFailure } = setup(() => failure(401, 'Expired', 'unauthorized'), { getToken });
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 401,
      message: messages.auth.retryFailed,
    });
    expect(seen).toHaveLength(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it("throws a mailbox's invalid_grant 401 with the server's text, without refreshing the session or signing out", async () => {
    const reauthorize =
      'Your email connection needs to be re-authorized. The token has been invalidated or permissions revoked.';
    const { api, seen, getToken, onAuthFailure } = setup(() => failure(401, reauthorize, 'invalid_grant'));
    const error = await caught(
      api.request('POST /api/email-connections/{id}/tokens', { params: { id: 'm1' }, body: { purpose: 'send_email' } }),
    );
    expect(error).toMatchObject({ status: 401, code: 'invalid_grant', message: reauthorize });
    expect(seen).toHaveLength(1);
    expect(getToken.mock.calls.filter(([options]) => options?.force)).toHaveLength(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it("signs out on 'Missing or insufficient permissions' and says so (SPEC §8 'Auth')", async () => {
    const { api, onAuthFailure } = setup(() =>
      Response.json({ message: 'Missing or insufficient permissions.' }, { status: 403 }),
    );
    const error = await caught(api.request('GET /api/profiles'));
    expect(error).toMatchObject({
      status: 403,
      code: 'insufficient_permissions',
      message: messages.auth.permissions,
      serverMessage: 'Missing or insufficient permissions.',
    });
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('keeps the session on any other 403 (a resource this person may not touch)', async () => {
    const { api, onAuthFailure } = setup(() => failure(403, 'Not your contact', 'forbidden'));
    expect((await caught(api.request('GET /api/profiles'))).message).toBe(messages.status[403]);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('does not refresh for a 401 of a public route', async () => {
    const { api, getToken, onAuthFailure } = setup(() => failure(401, 'No', 'unauthorized'));
    expect((await caught(api.request('GET /api/health'))).message).toBe(messages.status[401]);
    expect(getToken.mock.calls.filter(([options]) => options?.force)).toHaveLength(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('createApiClient auth readiness and tokens', () => {
  it('makes user routes wait until auth is ready', async () => {
    const ready = deferred<void>();
    const { api, seen } = setup(() => ok(profile), { waitForAuth: () => ready.promise });
    const pending = api.request('GET /api/profiles');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(0);
    ready.resolve();
    await expect(pending).resolves.toEqual(profile);
    expect(seen).toHaveLength(1);
  });

  it('lets public routes through without waiting for auth', async () => {
    const waitForAuth = vi.fn(() => new Promise<void>(() => {}));
    const { api } = setup(() => ok({ status: 'ok' }), { waitForAuth });
    await expect(api.request('GET /api/health')).resolves.toEqual({ status: 'ok' });
    expect(waitForAuth).not.toHaveBeenCalled();
  });

  it('treats unlisted paths by the public-path rule of SPEC §5', async () => {
    const waitForAuth = vi.fn(async () => {});
    const { api } = setup(() => ok(null), { waitForAuth });
    await call(api, 'POST /api/signup');
    await call(api, 'GET /api/public/stats');
    expect(waitForAuth).not.toHaveBeenCalled();
    await call(api, 'GET /api/templates');
    expect(waitForAuth).toHaveBeenCalledTimes(1);
  });

  it('cancels a call still waiting for auth when the caller aborts', async () => {
    const controller = new AbortController();
    const { api, seen } = setup(() => ok(profile), { waitForAuth: () => new Promise<void>(() => {}) });
    const pending = api.request('GET /api/profiles', { signal: controller.signal });
    controller.abort();
    expect(await caught(pending)).toMatchObject({ code: 'cancelled', message: messages.status.cancelled });
    expect(seen).toHaveLength(0);
  });

  it('refuses a user route without a token before sending it (SPEC §5)', async () => {
    const { api, seen, onAuthFailure } = setup(() => ok(profile), { getToken: async () => undefined });
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 401,
      message: messages.auth.required,
    });
    expect(seen).toHaveLength(0);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('sends a public call without a token when the token cannot be had', async () => {
    const { api, seen } = setup(() => ok({ status: 'ok' }), {
      getToken: async () => {
        throw new Error('offline');
      },
    });
    await expect(api.request('GET /api/health')).resolves.toEqual({ status: 'ok' });
    expect(bearer(seen[0]!)).toBeUndefined();
  });

  it('fails a user call with the network text when the token cannot be had', async () => {
    const { api, seen } = setup(() => ok(profile), {
      getToken: async () => {
        throw new Error('offline');
      },
    });
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 0,
      code: 'network_error',
      message: messages.status.network,
    });
    expect(seen).toHaveLength(0);
  });

  it('sends the token on public routes when there is one', async () => {
    const { api, seen } = setup(() => ok({ status: 'ok' }));
    await api.request('GET /api/health');
    expect(bearer(seen[0]!)).toBe('Bearer old-token');
  });
});

describe('createApiClient envelope handling (SPEC §5)', () => {
  it('unwraps {success, data} and {result}', async () => {
    const answers = [ok({ id: 1 }), Response.json({ result: { id: 2 } })];
    const { api } = setup(() => answers.shift()!);
    await expect(call(api, 'GET /api/templates/1')).resolves.toEqual({ id: 1 });
    await expect(call(api, 'GET /api/templates/2')).resolves.toEqual({ id: 2 });
  });

  it.each([
    ['a null data', () => ok(null)],
    ['a missing data', () => Response.json({ success: true })],
    ['a null result', () => Response.json({ result: null })],
    ['a JSON null', () => Response.json(null)],
    ['an empty answer', () => new Response(null, { status: 204 })],
  ])('turns %s into an empty list on the list paths', async (_, answer) => {
    const { api } = setup(answer);
    for (const path of [
      '/api/contacts',
      '/api/templates',
      '/api/meetings',
      '/api/conversations',
      '/api/outreach',
      '/api/pipeline',
    ]) {
      await expect(call(api, `GET ${path}`)).resolves.toEqual([]);
    }
    await expect(
      call(api, 'GET /api/conversations/contact/{contactId}', { params: { contactId: 'c1' } }),
    ).resolves.toEqual([]);
  });

  it('turns an empty answer into null elsewhere', async () => {
    const { api } = setup(() => ok(null));
    await expect(api.request('GET /api/profiles')).resolves.toBeNull();
    await expect(call(api, 'POST /api/contacts', { body: { name: 'Ada' } })).resolves.toBeNull();
    await expect(call(api, 'GET /api/contactsearch')).resolves.toBeNull();
  });

  it('keeps a data of false, 0 or an empty string as it is', async () => {
    const answers = [ok(false), ok(0), ok('')];
    const { api } = setup(() => answers.shift()!);
    await expect(call(api, 'GET /api/contacts/count')).resolves.toBe(false);
    await expect(call(api, 'GET /api/contacts/count')).resolves.toBe(0);
    await expect(call(api, 'GET /api/contacts/count')).resolves.toBe('');
  });

  it('throws the error text of success: false even with a 200', async () => {
    const { api } = setup(() => Response.json({ success: false, error: 'Contact limit reached' }));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      status: 200,
      message: 'Contact limit reached',
    });
  });

  it('falls back to the message text of success: false', async () => {
    const { api } = setup(() => Response.json({ success: false, message: 'Slots exhausted' }, { status: 409 }));
    expect(await caught(api.request('PUT /api/profiles', { body: { bio: 'x' } }))).toMatchObject({
      status: 409,
      code: 'http_error',
      message: 'Slots exhausted',
    });
  });

  it('refuses a body that is not JSON on a 200', async () => {
    const { api } = setup(() => new Response('<html>hello</html>', { status: 200 }));
    expect(await caught(api.request('GET /api/profiles'))).toMatchObject({
      code: 'bad_response',
      message: messages.status[500],
    });
  });
});

describe('createApiClient status texts (SPEC §8)', () => {
  const read = (api: ApiClient) => api.request('GET /api/profiles');
  const mutation = (api: ApiClient) => api.request('PUT /api/profiles', { body: { bio: 'x' } });

  it.each([
    [403, 'Forbidden', messages.status[403], messages.status['403mutation']],
    [404, 'Nope', messages.status[404], messages.status[404]],
    [429, 'Slow down', messages.status[429], messages.status[429]],
    [500, 'stack trace', messages.status[500], messages.status[500]],
    [502, 'Bad gateway', messages.status[500], messages.status[500]],
    [503, 'Unavailable', messages.status[500], messages.status[500]],
    [400, 'timeZone is unknown', 'timeZone is unknown', 'timeZone is unknown'],
    [409, 'Already connected', 'Already connected', 'Already connected'],
    [422, 'Bad date', 'Bad date', 'Bad date'],
    [418, 'Teapot', 'Teapot', 'Teapot'],
  ])(
    'shows for a %i with server text the read and mutation texts of the catalogue',
    async (status, text, forRead, forMutation) => {
      const { api } = setup(() => failure(status, text, 'some_code'));
      expect((await caught(read(api))).message).toBe(forRead);
      expect((await caught(mutation(api))).message).toBe(forMutation);
    },
  );

  it.each([
    [400, 'API request failed with status: 400', messages.status[400]],
    [409, 'API request failed with status: 409', messages.status[409]],
    [422, 'API request failed with status: 422', messages.status[422]],
    [418, 'API request failed with status: 418', 'API request failed with status: 418'],
  ])('shows for a %i without server text the generic or the catalogue text', async (status, forRead, forMutation) => {
    const { api } = setup(() => new Response(null, { status }));
    expect((await caught(read(api))).message).toBe(forRead);
    expect((await caught(mutation(api))).message).toBe(forMutation);
  });

  it('prefers the message of a body that is not an envelope', async () => {
    const { api } = setup(() => Response.json({ message: 'Endpoint request timed out', error: 'x' }, { status: 418 }));
    expect(await caught(read(api))).toMatchObject({
      status: 418,
      message: 'Endpoint request timed out',
      serverMessage: 'Endpoint request timed out',
    });
  });

  it('takes retryAfter from the body when there is no Retry-After header', async () => {
    const answers = [
      Response.json({ success: false, error: 'Slow down', code: 'rate_limited', retryAfter: 30 }, { status: 429 }),
      Response.json(
        { success: false, error: 'Slow down', code: 'rate_limited', details: { retryAfter: 45 } },
        { status: 429 },
      ),
      failure(429, 'Slow down', 'rate_limited', { headers: { 'Retry-After': '5' } }),
    ];
    const { api } = setup(() => answers.shift()!);
    expect((await caught(read(api))).retryAfterSeconds).toBe(30);
    expect((await caught(read(api))).retryAfterSeconds).toBe(45);
    expect((await caught(read(api))).retryAfterSeconds).toBe(5);
  });

  it('records a retryAfter only on 429', async () => {
    const { api } = setup(() => failure(503, 'Unavailable', 'server_error', { headers: { 'Retry-After': '5' } }));
    expect((await caught(read(api))).retryAfterSeconds).toBeUndefined();
  });

  it('names the failure when the body names no code', async () => {
    const codes: [number, string][] = [
      [403, 'forbidden'],
      [404, 'not_found'],
      [429, 'rate_limited'],
      [500, 'server_error'],
      [400, 'http_error'],
    ];
    for (const [status, code] of codes) {
      const { api } = setup(() => new Response(null, { status }));
      expect((await caught(read(api))).code).toBe(code);
    }
  });
});
