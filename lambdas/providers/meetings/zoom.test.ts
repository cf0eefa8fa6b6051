import { afterEach, describe, expect, it } from 'vitest';
import { type ScriptedAnswer, startScriptedVendor } from '../test/scripted-vendor.js';
import { ZoomFailure } from './port.js';
import { readZoomSettings } from './settings.js';
import { zoomFetches, zoomProvider } from './zoom.js';

const vendors: { stop: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(vendors.splice(0).map((vendor) => vendor.stop()));
});

/** Zoom's OAuth and REST API both played by one scripted server; retries after 1 ms so tests stay fast. */
const zoomAt = async (script: ScriptedAnswer[], env: Record<string, string | undefined> = {}) => {
  const vendor = await startScriptedVendor(script);
  vendors.push(vendor);
  const settings = readZoomSettings({
    ZOOM_OAUTH_CLIENT_ID: 'client-1',
    ZOOM_OAUTH_CLIENT_SECRET: 'client-secret-1',
    ZOOM_OAUTH_BASE_URL: vendor.url,
    ZOOM_API_BASE_URL: `${vendor.url}/v2`,
    ...env,
  });
  const zoom = zoomProvider(settings, {
    fetches: zoomFetches({ attemptTimeoutMs: 1_000, retries: 1, baseDelayMs: 1, maxDelayMs: 1 }),
    readSecret: (name) => async () => `value of ${name}`,
  });
  return { zoom, requests: vendor.requests, url: vendor.url };
};

const tokens = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3599, scope: 'meeting:write' };
const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ZoomFailure);
  return error as ZoomFailure;
};

describe('the Zoom sign-in', () => {
  it("sends the browser to Zoom's consent with PKCE S256 and the state", async () => {
    const { zoom, url } = await zoomAt([{ status: 200 }]);
    const authorize = new URL(
      zoom.auth.authorizeUrl({ state: 's'.repeat(43), redirectUri: 'https://app.test/meetings', codeChallenge: 'cc' }),
    );
    expect(authorize.origin + authorize.pathname).toBe(`${url}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'https://app.test/meetings',
      state: 's'.repeat(43),
      code_challenge: 'cc',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code with HTTP Basic client authentication, the verifier and the redirect URI', async () => {
    const { zoom, requests } = await zoomAt([{ status: 200, json: tokens }]);
    const before = Date.now();
    const answer = await zoom.auth.exchangeCode({
      code: 'code-1',
      redirectUri: 'https://app.test/meetings',
      codeVerifier: 'verifier-1',
    });
    expect(answer).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', scope: 'meeting:write' });
    expect(answer.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/oauth/token' });
    expect(requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('client-1:client-secret-1').toString('base64')}`,
    );
  });

  it('reads the client secret by its name when only the name is given', async () => {
    const { zoom, requests } = await zoomAt([{ status: 200, json: tokens }], {
      ZOOM_OAUTH_CLIENT_SECRET: undefined,
      ZOOM_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/zoom-client-secret',
    });
    await zoom.auth.refresh('refresh-0');
    expect(requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('client-1:value of outreach/dev/zoom-client-secret').toString('base64')}`,
    );
  });

  it('says invalid_grant when Zoom refuses the code or a used refresh token, without quoting the token', async () => {
    const { zoom } = await zoomAt([{ status: 400, json: { reason: 'Invalid Token!', error: 'invalid_grant' } }]);
    const failure = await failureOf(zoom.auth.refresh('refresh-token-that-must-not-leak'));
    expect(failure.kind).toBe('invalid_grant');
    expect(failure.message).not.toContain('refresh-token-that-must-not-leak');
    expect(failure.message).toBe('Zoom refused the grant (400 invalid_grant)');
  });

  it('says invalid_request when Zoom refuses our client, unavailable when it is down', async () => {
    const refused = await zoomAt([
      { status: 401, json: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' } },
    ]);
    expect((await failureOf(refused.zoom.auth.refresh('r'))).kind).toBe('invalid_request');
    const down = await zoomAt([{ status: 503, json: {} }]);
    expect((await failureOf(down.zoom.auth.refresh('r'))).kind).toBe('unavailable');
    const hanging = await zoomAt(['hang']);
    expect(
      (await failureOf(hanging.zoom.auth.exchangeCode({ code: 'c', redirectUri: 'r', codeVerifier: 'v' }))).kind,
    ).toBe('unavailable');
  });

  it('makes a refresh once: a second attempt would use a refresh token Zoom may have rotated already', async () => {
    const { zoom, requests } = await zoomAt([
      { status: 503, json: {} },
      { status: 200, json: tokens },
    ]);
    expect((await failureOf(zoom.auth.refresh('refresh-0'))).kind).toBe('unavailable');
    expect(requests).toHaveLength(1);
  });

  it('revokes the grant, a token Zoom no longer knows being done already', async () => {
    const { zoom, requests } = await zoomAt([
      { status: 200, json: { status: 'success' } },
      { status: 400, json: { reason: 'Invalid Token!', error: 'invalid_grant' } },
    ]);
    await zoom.auth.revoke('access-9');
    await zoom.auth.revoke('access-9');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /oauth/revoke?token=access-9',
      'POST /oauth/revoke?token=access-9',
    ]);
    const down = await zoomAt([{ status: 500, json: {} }]);
    expect((await failureOf(down.zoom.auth.revoke('access-9'))).kind).toBe('unavailable');
  });
});

describe('the Zoom API', () => {
  it('reads who the account is, with the bearer token, tried again after a 429', async () => {
    const { zoom, requests } = await zoomAt([
      { status: 429, json: { code: 429, message: 'slow down' } },
      { status: 200, json: { id: 'zu-1', account_id: 'acc-1', email: 'Ada@Example.com', timezone: 'Europe/Paris' } },
    ]);
    expect(await zoom.api.me('access-1')).toEqual({
      id: 'zu-1',
      accountId: 'acc-1',
      email: 'ada@example.com',
      timeZone: 'Europe/Paris',
    });
    expect(requests.map((request) => request.url)).toEqual(['/v2/users/me', '/v2/users/me']);
    expect(requests[1]!.headers.authorization).toBe('Bearer access-1');
  });

  it("maps Zoom's refusals: 401 (124) unauthorized, 4711 permission_denied, 3001 not_found, 400 invalid_request", async () => {
    const cases: [ScriptedAnswer, string][] = [
      [{ status: 401, json: { code: 124, message: 'Invalid access token.' } }, 'unauthorized'],
      [
        { status: 400, json: { code: 4711, message: 'Invalid access token, does not contain scopes.' } },
        'permission_denied',
      ],
      [{ status: 403, json: { code: 200, message: 'No permission.' } }, 'permission_denied'],
      [{ status: 404, json: { code: 3001, message: 'Meeting does not exist.' } }, 'not_found'],
      [{ status: 400, json: { code: 300, message: 'Invalid meeting.' } }, 'invalid_request'],
      [{ status: 502, json: {} }, 'unavailable'],
    ];
    for (const [answer, kind] of cases) {
      const { zoom } = await zoomAt([answer]);
      const input = { topic: 't', startTime: '2026-12-01T10:00:00.000Z', durationMinutes: 30, timeZone: 'UTC' };
      expect((await failureOf(zoom.api.updateMeeting('access-1', '123', input))).kind, JSON.stringify(answer)).toBe(
        kind,
      );
    }
  });

  it('creates a scheduled meeting once, never repeating the POST after a failure', async () => {
    const ok = await zoomAt([
      { status: 201, json: { id: 85_746_065_432, join_url: 'https://zoom.test/j/85746065432' } },
    ]);
    const meeting = await ok.zoom.api.createMeeting('access-1', {
      topic: 'Meeting with Grace',
      startTime: '2026-12-01T10:00:00.000Z',
      durationMinutes: 45,
      timeZone: 'Europe/Paris',
      agenda: 'Career chat',
    });
    expect(meeting).toEqual({ id: '85746065432', joinUrl: 'https://zoom.test/j/85746065432' });
    expect(ok.requests[0]).toMatchObject({ method: 'POST', url: '/v2/users/me/meetings' });

    const down = await zoomAt([
      { status: 500, json: {} },
      { status: 201, json: { id: 1, join_url: 'https://z.test/j/1' } },
    ]);
    const failure = await failureOf(
      down.zoom.api.createMeeting('access-1', {
        topic: 't',
        startTime: '2026-12-01T10:00:00.000Z',
        durationMinutes: 30,
        timeZone: 'UTC',
      }),
    );
    expect(failure.kind).toBe('unavailable');
    expect(down.requests).toHaveLength(1);
  });

  it('deletes a meeting, one Zoom no longer has being deleted already', async () => {
    const { zoom, requests } = await zoomAt([
      { status: 404, json: { code: 3001, message: 'Meeting does not exist.' } },
    ]);
    await expect(zoom.api.deleteMeeting('access-1', '123')).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/v2/meetings/123' });
  });
});

describe('the Zoom settings', () => {
  it("default to Zoom's own endpoints", () => {
    expect(readZoomSettings({})).toMatchObject({
      oauthBaseUrl: 'https://zoom.us',
      apiBaseUrl: 'https://api.zoom.us/v2',
    });
  });

  it('refuse plain http anywhere but this machine, naming the variable', () => {
    expect(() => readZoomSettings({ ZOOM_OAUTH_BASE_URL: 'http://zoom.example.com' })).toThrow(
      'Zoom settings are invalid: ZOOM_OAUTH_BASE_URL',
    );
    expect(readZoomSettings({ ZOOM_API_BASE_URL: 'http://127.0.0.1:4010/zoom/v2/' }).apiBaseUrl).toBe(
      'http://127.0.0.1:4010/zoom/v2',
    );
  });

  it('give the webhook secret as set, else read it by name, else none', async () => {
    const read = (name: string) => async () => `value of ${name}`;
    expect(
      await zoomProvider(readZoomSettings({ ZOOM_WEBHOOK_SECRET: 'plain' }), { readSecret: read }).webhookSecret(),
    ).toBe('plain');
    expect(
      await zoomProvider(readZoomSettings({ ZOOM_WEBHOOK_SECRET_SECRET: 'named' }), {
        readSecret: read,
      }).webhookSecret(),
    ).toBe('value of named');
    expect(await zoomProvider(readZoomSettings({}), { readSecret: read }).webhookSecret()).toBeNull();
  });
});
