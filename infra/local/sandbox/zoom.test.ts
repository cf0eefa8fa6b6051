import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, freePort, listen } from '../net.js';
import { consentInSandbox } from './oauth-consent.js';
import { startSandbox, type Sandbox } from './server.js';
import { zoomSignature, zoomVendor } from './zoom.js';
import { connectSandboxZoom } from './zoom-testing.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [zoomVendor], log: () => {} });
});
afterAll(() => sandbox.stop());

const redirectUri = 'http://localhost:5173/app/dashboard';
const client = { id: 'zoom-client', secret: 'zoom-secret' };
const basic = (id = client.id, secret = client.secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

const authorizeUrl = (params: Record<string, string> = {}) => {
  const verifier = randomBytes(48).toString('base64url');
  const url = new URL(`${sandbox.url}/zoom/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.id,
    redirect_uri: redirectUri,
    state: 'st',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...params,
  }).toString();
  return { url: url.href, verifier };
};

const token = async (form: Record<string, string>, authorization: string | null = basic()) => {
  const response = await fetch(`${sandbox.url}/zoom/oauth/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Consent as `email` and redeem the code as the Zoom adapter does. */
const connect = async (email: string) => {
  const { url, verifier } = authorizeUrl();
  const back = await consentInSandbox(url, { email });
  const answer = await token({
    grant_type: 'authorization_code',
    code: back.code!,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string };
};

const api = async (accessToken: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}/zoom/v2${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
};

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}/_sandbox/zoom/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const meetingInput = {
  topic: 'Coffee with Ada',
  type: 2,
  start_time: '2026-12-01T15:00:00Z',
  duration: 30,
  timezone: 'Europe/Paris',
  agenda: 'Career chat',
};

describe('the Zoom sandbox OAuth', () => {
  it('shows the consent page, then a code and the state for a PKCE token exchange with Zoom’s token answer', async () => {
    const { url, verifier } = authorizeUrl({ state: 'abc' });
    const page = await (await fetch(url)).text();
    expect(page).toContain('Sign in with Zoom');
    expect(page).toContain('value="you@zoom.example"');
    expect(page).toContain('>Allow</button>');
    const back = await consentInSandbox(url, { email: 'Ada@Example.com' });
    expect(back).toMatchObject({ state: 'abc', error: null, code: expect.any(String) });
    expect(`${back.url.origin}${back.url.pathname}`).toBe(redirectUri);
    const form = { grant_type: 'authorization_code', code: back.code!, redirect_uri: redirectUri };
    const answer = await token({ ...form, code_verifier: verifier });
    expect(answer).toEqual({
      status: 200,
      body: {
        access_token: expect.any(String),
        token_type: 'bearer',
        refresh_token: expect.any(String),
        expires_in: 3599,
        scope: 'meeting:read meeting:write user:read',
      },
    });
    // a code is single-use, as at Zoom
    expect(await token({ ...form, code_verifier: verifier })).toEqual({
      status: 400,
      body: { reason: 'Invalid authorization code', error: 'invalid_grant' },
    });
  });

  it('refuses a wrong verifier, another redirect URI and a client without Basic authentication', async () => {
    const wrongVerifier = authorizeUrl();
    const first = await consentInSandbox(wrongVerifier.url);
    expect(
      await token({
        grant_type: 'authorization_code',
        code: first.code!,
        redirect_uri: redirectUri,
        code_verifier: randomBytes(48).toString('base64url'),
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request', reason: 'Invalid code verifier' } });

    const wrongRedirect = authorizeUrl();
    const second = await consentInSandbox(wrongRedirect.url);
    expect(
      await token({
        grant_type: 'authorization_code',
        code: second.code!,
        redirect_uri: 'http://localhost:5173/elsewhere',
        code_verifier: wrongRedirect.verifier,
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });

    const inForm = authorizeUrl();
    const third = await consentInSandbox(inForm.url);
    const formClient = await token(
      {
        grant_type: 'authorization_code',
        code: third.code!,
        redirect_uri: redirectUri,
        code_verifier: inForm.verifier,
        client_id: client.id,
        client_secret: client.secret,
      },
      null,
    );
    expect(formClient).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('redirects with access_denied on Deny', async () => {
    const back = await consentInSandbox(authorizeUrl({ state: 'no' }).url, { decision: 'deny' });
    expect(back).toMatchObject({ state: 'no', code: null, error: 'access_denied' });
  });

  it('rotates the refresh token: the one used answers invalid_grant afterwards, its successor works', async () => {
    const tokens = await connect('rotate@example.com');
    const first = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).toEqual({
      status: 400,
      body: { reason: 'Invalid Token!', error: 'invalid_grant' },
    });
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string });
    expect(second.status).toBe(200);
    expect((await api(second.body.access_token as string, 'GET', '/users/me')).status).toBe(200);
  });

  it('revokes a grant: its tokens stop working on the API and for refresh', async () => {
    const tokens = await connect('revoke@example.com');
    const revoked = await fetch(`${sandbox.url}/zoom/oauth/revoke?token=${tokens.access_token}`, {
      method: 'POST',
      headers: { Authorization: basic() },
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ status: 'success' });
    expect(await api(tokens.access_token, 'GET', '/users/me')).toEqual({
      status: 401,
      body: { code: 124, message: 'Invalid access token.' },
    });
    expect(await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('gives access tokens the lifetime set by /_sandbox/zoom/token-lifetime, then Zoom’s again', async () => {
    expect(await control('token-lifetime', { seconds: 1 })).toEqual({ status: 200, body: { seconds: 1 } });
    try {
      const tokens = await connect('short@example.com');
      expect(tokens).toMatchObject({ expires_in: 1 });
      expect((await api(tokens.access_token, 'GET', '/users/me')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await api(tokens.access_token, 'GET', '/users/me')).status).toBe(401);
    } finally {
      expect(await control('token-lifetime', { seconds: null })).toEqual({ status: 200, body: { seconds: 3599 } });
    }
    expect(await connect('long@example.com')).toMatchObject({ expires_in: 3599 });
  });

  it('expires access tokens and ends grants through the shared /_sandbox/oauth control', async () => {
    const tokens = await connect('expire@example.com');
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}/_sandbox/oauth/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('expire', { email: 'expire@example.com', provider: 'zoom' })).status).toBe(200);
    expect((await api(tokens.access_token, 'GET', '/users/me')).status).toBe(401);
    const renewed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(renewed.status).toBe(200);
    expect((await post('revoke', { email: 'expire@example.com' })).status).toBe(200);
    expect((await api(renewed.body.access_token as string, 'GET', '/users/me')).status).toBe(401);
  });
});

describe('the Zoom sandbox API', () => {
  it('answers users/me with the account of the consent', async () => {
    const { access_token } = await connect('grace.hopper@example.com');
    const me = await api(access_token, 'GET', '/users/me');
    expect(me).toMatchObject({
      status: 200,
      body: {
        id: expect.stringMatching(/^[\w-]{22}$/),
        account_id: expect.stringMatching(/^[\w-]{22}$/),
        email: 'grace.hopper@example.com',
        first_name: 'Grace',
        last_name: 'Hopper',
        timezone: 'America/New_York',
        type: 1,
      },
    });
    expect((await api('not-a-token', 'GET', '/users/me')).body).toEqual({
      code: 124,
      message: 'Invalid access token.',
    });
  });

  it('creates, reads, updates and deletes a meeting; another user cannot see it', async () => {
    const ada = await connect('ada@example.com');
    const created = await api(ada.access_token, 'POST', '/users/me/meetings', meetingInput);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      host_id: (await api(ada.access_token, 'GET', '/users/me')).body.id,
      topic: 'Coffee with Ada',
      type: 2,
      start_time: '2026-12-01T15:00:00Z',
      duration: 30,
      timezone: 'Europe/Paris',
      agenda: 'Career chat',
      join_url: `${sandbox.url}/zoom/j/${id}`,
      start_url: expect.any(String),
      password: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
    });
    expect(String(id)).toMatch(/^\d{11}$/);

    const join = await fetch(created.body.join_url as string);
    expect(join.status).toBe(200);
    const page = await join.text();
    expect(page).toContain('Zoom meeting (sandbox)');
    expect(page).toContain('Coffee with Ada');

    const grace = await connect('grace@example.com');
    expect(await api(grace.access_token, 'GET', `/meetings/${id}`)).toEqual({
      status: 404,
      body: { code: 3001, message: `Meeting does not exist: ${id}.` },
    });
    expect((await api(grace.access_token, 'PATCH', `/meetings/${id}`, { topic: 'Mine' })).status).toBe(404);
    expect((await api(grace.access_token, 'DELETE', `/meetings/${id}`)).status).toBe(404);

    const patched = await api(ada.access_token, 'PATCH', `/meetings/${id}`, {
      start_time: '2026-12-02T10:30:00',
      timezone: 'America/New_York',
      duration: 45,
    });
    expect(patched).toEqual({ status: 204, body: undefined });
    // a start time without Z is the meeting's wall clock: 10:30 in New York is 15:30 UTC in December
    expect((await api(ada.access_token, 'GET', `/meetings/${id}`)).body).toMatchObject({
      topic: 'Coffee with Ada',
      start_time: '2026-12-02T15:30:00Z',
      duration: 45,
      timezone: 'America/New_York',
    });

    expect((await api(ada.access_token, 'DELETE', `/meetings/${id}`)).status).toBe(204);
    expect((await api(ada.access_token, 'GET', `/meetings/${id}`)).status).toBe(404);
    expect((await api(ada.access_token, 'DELETE', `/meetings/${id}`)).body).toEqual({
      code: 3001,
      message: `Meeting does not exist: ${id}.`,
    });
    expect((await fetch(created.body.join_url as string)).status).toBe(404);

    const listed = (await (await fetch(`${sandbox.url}/_sandbox/zoom/meetings?email=ada@example.com`)).json()) as {
      id: number;
      deleted: boolean;
      hostEmail: string;
    }[];
    expect(listed.find((meeting) => meeting.id === id)).toMatchObject({
      hostEmail: 'ada@example.com',
      topic: 'Coffee with Ada',
      startTime: '2026-12-02T15:30:00Z',
      duration: 45,
      timezone: 'America/New_York',
      joinUrl: `${sandbox.url}/zoom/j/${id}`,
      deleted: true,
    });
    const others = (await (await fetch(`${sandbox.url}/_sandbox/zoom/meetings?email=grace@example.com`)).json()) as [];
    expect(others).toEqual([]);
  });

  it("connects an account without the app, as the local app's client (connectSandboxZoom)", async () => {
    const { accessToken, refreshToken, expiresAt } = await connectSandboxZoom(sandbox.url, 'helper@example.com');
    expect((await api(accessToken, 'GET', '/users/me')).body).toMatchObject({ email: 'helper@example.com' });
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const grants = (await (await fetch(`${sandbox.url}/_sandbox/oauth/grants`)).json()) as Record<string, unknown>[];
    expect(grants.find((grant) => grant.email === 'helper@example.com')).toMatchObject({
      vendor: 'zoom',
      clientId: 'sandbox-zoom-client',
    });
    const renewed = await token(
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      basic('sandbox-zoom-client', 'sandbox-zoom-client-secret'),
    );
    expect(renewed.status).toBe(200);
  });

  it('refuses a scheduled meeting without a start time or with an unknown zone (code 300)', async () => {
    const { access_token } = await connect('strict@example.com');
    const { start_time: _start, ...withoutStart } = meetingInput;
    expect(await api(access_token, 'POST', '/users/me/meetings', withoutStart)).toMatchObject({
      status: 400,
      body: { code: 300, message: 'Validation Failed.' },
    });
    expect(
      await api(access_token, 'POST', '/users/me/meetings', { ...meetingInput, timezone: 'Mars/Olympus' }),
    ).toMatchObject({ status: 400, body: { code: 300 } });
  });

  it('fails the next calls of an operation as told, then works again', async () => {
    const { access_token, refresh_token } = await connect('flaky@example.com');
    expect((await control('fail', { operation: 'createMeeting', status: 500, times: 2 })).status).toBe(200);
    expect((await api(access_token, 'POST', '/users/me/meetings', meetingInput)).status).toBe(500);
    const limited = await control('fail', { operation: 'createMeeting', status: 429 });
    expect(limited.body.pending).toMatchObject({ createMeeting: { status: 429, remaining: 1 } });
    const throttled = await api(access_token, 'POST', '/users/me/meetings', meetingInput);
    expect(throttled).toMatchObject({ status: 429, body: { code: 429 } });
    expect((await api(access_token, 'POST', '/users/me/meetings', meetingInput)).status).toBe(201);

    await control('fail', { operation: 'token', status: 503 });
    expect((await token({ grant_type: 'refresh_token', refresh_token })).status).toBe(503);
    // the failed attempt did not spend the refresh token
    expect((await token({ grant_type: 'refresh_token', refresh_token })).status).toBe(200);

    expect((await control('fail', { operation: 'nothing', status: 500 })).status).toBe(400);
  });
});

describe('the Zoom sandbox events', () => {
  type Received = { headers: IncomingHttpHeaders; body: string };
  const received: Received[] = [];
  let answerWith = 200;
  let endpoint: Server;
  let endpointUrl: string;

  beforeAll(async () => {
    endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ headers: req.headers, body });
        const event = JSON.parse(body) as { event: string; payload: { plainToken?: string } };
        res.writeHead(answerWith, { 'Content-Type': 'application/json' });
        if (event.event === 'endpoint.url_validation') {
          const plainToken = event.payload.plainToken!;
          const encryptedToken = createHmac('sha256', 'hook-secret').update(plainToken).digest('hex');
          res.end(JSON.stringify({ plainToken, encryptedToken }));
        } else {
          res.end(JSON.stringify({ ok: answerWith < 300 }));
        }
      });
    });
    const port = await freePort();
    await listen(endpoint, port);
    endpointUrl = `http://127.0.0.1:${port}/api/webhooks/zoom`;
  });
  afterAll(() => closeServer(endpoint));

  it('ends the grant on deauthorize and posts app_deauthorized signed as Zoom signs', async () => {
    const tokens = await connect('leaver@example.com');
    const me = (await api(tokens.access_token, 'GET', '/users/me')).body;
    expect(await control('webhook-config', { endpoint: endpointUrl, secret: 'hook-secret' })).toEqual({
      status: 200,
      body: { endpoint: endpointUrl, secret: 'set' },
    });
    const before = Math.floor(Date.now() / 1000);
    const answer = await control('deauthorize', { email: 'Leaver@example.com' });
    expect(answer).toMatchObject({
      status: 200,
      body: { revoked: 1, webhook: { url: endpointUrl, status: 200, body: { ok: true } } },
    });

    const delivery = received.at(-1)!;
    const timestamp = delivery.headers['x-zm-request-timestamp'] as string;
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const expected = `v0=${createHmac('sha256', 'hook-secret').update(`v0:${timestamp}:${delivery.body}`).digest('hex')}`;
    expect(delivery.headers['x-zm-signature']).toBe(expected);
    expect(zoomSignature('hook-secret', timestamp, delivery.body)).toBe(expected);
    expect(JSON.parse(delivery.body)).toEqual({
      event: 'app_deauthorized',
      event_ts: expect.any(Number),
      payload: {
        account_id: me.account_id,
        user_id: me.id,
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
        deauthorization_time: expect.stringMatching(/Z$/),
        client_id: client.id,
      },
    });

    expect((await api(tokens.access_token, 'GET', '/users/me')).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(400);
    // nothing left to deauthorize
    expect((await control('deauthorize', { email: 'leaver@example.com' })).status).toBe(404);
  });

  it('shows people the connected accounts and meetings, and removes the app from the page', async () => {
    const tokens = await connect('page@example.com');
    const created = await api(tokens.access_token, 'POST', '/users/me/meetings', {
      ...meetingInput,
      topic: 'Page <meeting>',
    });
    await control('webhook-config', { endpoint: endpointUrl, secret: 'hook-secret' });
    const page = await (await fetch(`${sandbox.url}/_sandbox/zoom`)).text();
    expect(page).toContain('<h1>Sandbox Zoom</h1>');
    expect(page).toContain('aria-label="Remove app for page@example.com"');
    expect(page).toContain('Page &#60;meeting&#62;');
    expect(page).toContain(`<a href="${created.body.join_url}">${created.body.id}</a>`);
    const count = received.length;
    const removed = await fetch(`${sandbox.url}/_sandbox/zoom/deauthorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'page@example.com' }),
    });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/_sandbox/zoom');
    expect(received.length).toBe(count + 1);
    expect((await api(tokens.access_token, 'GET', '/users/me')).status).toBe(401);
    expect(await (await fetch(`${sandbox.url}/_sandbox/zoom`)).text()).not.toContain('Remove app for page@example.com');
  });

  it("answers with the webhook's status when the webhook refuses the event", async () => {
    await connect('refused@example.com');
    await control('webhook-config', { endpoint: endpointUrl, secret: 'hook-secret' });
    answerWith = 401;
    try {
      const answer = await control('deauthorize', { email: 'refused@example.com' });
      expect(answer).toMatchObject({ status: 401, body: { revoked: 1, webhook: { status: 401 } } });
    } finally {
      answerWith = 200;
    }
  });

  it('validates the endpoint as Zoom does (the plain token and its HMAC)', async () => {
    await control('webhook-config', { endpoint: endpointUrl, secret: 'hook-secret' });
    expect((await control('validate-endpoint', {})).body).toMatchObject({ valid: true });
    await control('webhook-config', { secret: 'another-secret' });
    expect((await control('validate-endpoint', {})).body).toMatchObject({ valid: false });
  });
});

describe('the Zoom sandbox log', () => {
  it('does not print the token a revocation carries in its query', async () => {
    const lines: string[] = [];
    const logged = await startSandbox({
      port: await freePort(),
      vendors: [zoomVendor],
      log: (line) => lines.push(line),
    });
    try {
      const response = await fetch(`${logged.url}/zoom/oauth/revoke?token=secret-token-value`, {
        method: 'POST',
        headers: { Authorization: basic() },
      });
      expect(await response.json()).toEqual({ reason: 'Invalid Token!', error: 'invalid_grant' });
      expect(lines).toEqual(['sandbox POST /zoom/oauth/revoke?token=[redacted] 400']);
    } finally {
      await logged.stop();
    }
  });
});

describe('the Zoom sandbox state', () => {
  it('keeps meetings and grants across a restart in its data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zoom-sandbox-'));
    const port = await freePort();
    try {
      const first = await startSandbox({ port, vendors: [zoomVendor], log: () => {}, dataDir });
      const base = first.url;
      const { url, verifier } = authorizeUrl();
      const back = await consentInSandbox(url.replace(sandbox.url, base), { email: 'kept@example.com' });
      const tokenResponse = await fetch(`${base}/zoom/oauth/token`, {
        method: 'POST',
        headers: { Authorization: basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.code!,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      const { access_token } = (await tokenResponse.json()) as { access_token: string };
      const created = await fetch(`${base}/zoom/v2/users/me/meetings`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(meetingInput),
      });
      const { id } = (await created.json()) as { id: number };
      await first.stop();

      // on another port: fetch keeps its connections to the first server's port alive
      const second = await startSandbox({ port: await freePort(), vendors: [zoomVendor], log: () => {}, dataDir });
      try {
        const read = await fetch(`${second.url}/zoom/v2/meetings/${id}`, {
          headers: { Authorization: `Bearer ${access_token}` },
        });
        expect(read.status).toBe(200);
        expect(await read.json()).toMatchObject({ id, topic: 'Coffee with Ada' });
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
