import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { googleVendor } from './google.js';
import { microsoftVendor } from './microsoft.js';
import { consentInSandbox } from './oauth-consent.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [googleVendor, microsoftVendor], log: () => {} });
});
afterAll(() => sandbox.stop());

const redirectUri = 'http://localhost:5173/gmail-auth';
const readonly = 'https://www.googleapis.com/auth/gmail.readonly';
const send = 'https://www.googleapis.com/auth/gmail.send';

const pkce = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const authorizeUrl = (params: Record<string, string | undefined>, base = sandbox.url) => {
  const url = new URL(`${base}/google/o/oauth2/v2/auth`);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
};

/** A Google sign-in as google-auth-library asks for it. */
const request = (overrides: Record<string, string | undefined> = {}) => {
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({
    client_id: 'test-client',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: `${send} ${readonly}`,
    access_type: 'offline',
    prompt: 'consent',
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  });
  return { url, verifier };
};

const postForm = (path: string, form: Record<string, string>, base = sandbox.url) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

const tokenRequest = (form: Record<string, string>, base = sandbox.url) =>
  postForm('/google/token', { client_id: 'test-client', client_secret: 'test-secret', ...form }, base);

/** Consent as `email` and redeem the code: the token answer. */
const connect = async (email: string, overrides: Record<string, string | undefined> = {}, base = sandbox.url) => {
  const { url, verifier } = request(overrides);
  const { code } = await consentInSandbox(url.replace(sandbox.url, base), { email });
  const response = await tokenRequest(
    { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, code_verifier: verifier },
    base,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token?: string; scope: string };
};

const profile = (accessToken: string, userId = 'me', base = sandbox.url) =>
  fetch(`${base}/gmail/v1/users/${userId}/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });

describe('the Google sandbox consent page', () => {
  it('shows the client, the scopes asked, an email field pre-filled from login_hint, Allow and Deny', async () => {
    const response = await fetch(request({ login_hint: 'ada@gmail.com' }).url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<strong>test-client</strong> wants to access your Google account');
    expect(html).toContain('Send email on your behalf');
    expect(html).toContain(`<code>${readonly}</code>`);
    expect(html).toContain('<input id="email" name="email" type="email" value="ada@gmail.com"');
    expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny" formnovalidate>Deny<\/button>/);
  });

  it('pre-fills you@gmail.com without a login_hint, and escapes what the request says', async () => {
    expect(await (await fetch(request().url)).text()).toContain('value="you@gmail.com"');
    const html = await (await fetch(request({ login_hint: '"><script>alert(1)</script>' }).url)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  it('redirects with a code and the state on Allow, and with access_denied on Deny', async () => {
    const allowed = await consentInSandbox(request({ state: 'abc' }).url, { email: 'Ada@Gmail.com' });
    expect(allowed).toMatchObject({ state: 'abc', error: null, code: expect.stringMatching(/^4\/sandbox-/) });
    expect(`${allowed.url.origin}${allowed.url.pathname}`).toBe(redirectUri);
    const denied = await consentInSandbox(request({ state: 'abc' }).url, { decision: 'deny' });
    expect(denied).toMatchObject({ state: 'abc', code: null, error: 'access_denied' });
  });

  it('keeps the query the redirect URI already has', async () => {
    const { url } = request({ redirect_uri: 'http://localhost:5173/gmail-auth?from=settings' });
    const back = await consentInSandbox(url);
    expect(back.url.searchParams.get('from')).toBe('settings');
    expect(back.code).toBeTruthy();
  });

  it('answers a consent page once: a second submit of the same page is refused', async () => {
    const html = await (await fetch(request().url)).text();
    const consent = /name="consent" value="([^"]+)"/.exec(html)![1]!;
    const form = { consent, email: 'ada@gmail.com', decision: 'allow' };
    const first = await fetch(`${sandbox.url}/google/o/oauth2/v2/auth`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(form),
    });
    expect(first.status).toBe(302);
    const second = await postForm('/google/o/oauth2/v2/auth', form);
    expect(second.status).toBe(400);
    expect(await second.text()).toContain('This sign-in is over');
  });

  it('asks again for an address that is not one', async () => {
    const html = await (await fetch(request().url)).text();
    const consent = /name="consent" value="([^"]+)"/.exec(html)![1]!;
    const again = await postForm('/google/o/oauth2/v2/auth', { consent, email: 'not an address', decision: 'allow' });
    expect(again.status).toBe(400);
    const page = await again.text();
    expect(page).toContain('Enter an e-mail address.');
    expect(/name="consent" value="([^"]+)"/.exec(page)![1]).not.toBe(consent);
  });

  it('shows an error page when the client or the redirect URI is missing', async () => {
    for (const overrides of [{ client_id: undefined }, { redirect_uri: undefined }, { redirect_uri: 'javascript:x' }]) {
      const response = await fetch(request(overrides).url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Error 400: invalid_request');
    }
  });

  it('sends back invalid_request without a PKCE challenge, and errors for a wrong response type or no scope', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'S512' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: undefined }, 'invalid_scope'],
    ];
    for (const [overrides, error] of cases) {
      const response = await fetch(request({ ...overrides, state: 'x' }).url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const back = new URL(response.headers.get('location')!);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('state')).toBe('x');
    }
  });
});

describe('the Google sandbox token endpoint', () => {
  it('answers an hour-long access token, a refresh token and the scopes for an offline sign-in', async () => {
    const tokens = await connect('ada@gmail.com');
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^ya29\.sandbox-/),
      refresh_token: expect.stringMatching(/^1\/\/sandbox-/),
      expires_in: 3600,
      scope: `${send} ${readonly}`,
      token_type: 'Bearer',
    });
  });

  it('gives no refresh token without access_type=offline', async () => {
    const tokens = await connect('online@gmail.com', { access_type: undefined });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('refuses a verifier that does not match the challenge, and a missing one, with invalid_grant', async () => {
    for (const code_verifier of [pkce().verifier, undefined]) {
      const { url } = request();
      const { code } = await consentInSandbox(url);
      const form: Record<string, string> = { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri };
      if (code_verifier) form.code_verifier = code_verifier;
      const response = await tokenRequest(form);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('accepts a plain PKCE challenge when the sign-in asked for plain', async () => {
    const verifier = pkce().verifier;
    const { url } = request({ code_challenge: verifier, code_challenge_method: 'plain' });
    const { code } = await consentInSandbox(url);
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
  });

  it('spends a code on its first use, even a failed one', async () => {
    const { url, verifier } = request();
    const { code } = await consentInSandbox(url);
    const form = { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri };
    expect((await tokenRequest({ ...form, code_verifier: pkce().verifier })).status).toBe(400);
    const again = await tokenRequest({ ...form, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code was already used',
    });
  });

  it('refuses a code for another redirect URI or another client', async () => {
    const { url, verifier } = request();
    const { code } = await consentInSandbox(url);
    const mismatch = await tokenRequest({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: 'http://localhost:5173/other',
      code_verifier: verifier,
    });
    expect(await mismatch.json()).toMatchObject({ error: 'redirect_uri_mismatch' });
    const other = request();
    const back = await consentInSandbox(other.url);
    const stranger = await postForm('/google/token', {
      client_id: 'another-client',
      client_secret: 'x',
      grant_type: 'authorization_code',
      code: back.code!,
      redirect_uri: redirectUri,
      code_verifier: other.verifier,
    });
    expect(await stranger.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('wants a client secret, the same one each time, in the form or as HTTP Basic', async () => {
    const missing = await postForm('/google/token', { client_id: 'test-client', grant_type: 'refresh_token' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: 'invalid_client' });
    await connect('secret@gmail.com');
    const wrong = await tokenRequest({ client_secret: 'guess', grant_type: 'refresh_token', refresh_token: 'x' });
    expect(wrong.status).toBe(401);
    const { refresh_token } = await connect('basic@gmail.com');
    const basic = await fetch(`${sandbox.url}/google/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh_token! }),
    });
    expect(basic.status).toBe(200);
  });

  it('refreshes without a new refresh token, and refuses unknown grant types', async () => {
    const { refresh_token } = await connect('fresh@gmail.com');
    const response = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh_token! });
    const renewed = (await response.json()) as Record<string, unknown>;
    expect(renewed).toMatchObject({ access_token: expect.any(String), expires_in: 3600 });
    expect(renewed.refresh_token).toBeUndefined();
    expect(await (await profile(renewed.access_token as string)).json()).toMatchObject({
      emailAddress: 'fresh@gmail.com',
    });
    const password = await tokenRequest({ grant_type: 'password' });
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('the Google sandbox revocation and Gmail profile', () => {
  it("answers the profile of the token's mailbox, and 401 to an unknown or missing token", async () => {
    const { access_token } = await connect('Profile@Gmail.com');
    expect(await (await profile(access_token)).json()).toEqual({
      emailAddress: 'profile@gmail.com',
      messagesTotal: 0,
      threadsTotal: 0,
      historyId: expect.stringMatching(/^\d+$/),
    });
    expect((await profile(access_token, 'profile@gmail.com')).status).toBe(200);
    expect((await profile(access_token, 'someone@gmail.com')).status).toBe(403);
    const unknown = await profile('ya29.unknown');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    expect((await fetch(`${sandbox.url}/gmail/v1/users/me/profile`)).status).toBe(401);
  });

  it('refuses the profile to a token with gmail.send alone (insufficient scopes)', async () => {
    const { access_token } = await connect('sender@gmail.com', { scope: send });
    const response = await profile(access_token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });

  it('revokes the whole grant by either token; an unknown token is invalid_token', async () => {
    const { access_token, refresh_token } = await connect('revoke@gmail.com');
    const revoked = await fetch(`${sandbox.url}/google/revoke?token=${encodeURIComponent(access_token)}`, {
      method: 'POST',
    });
    expect(revoked.status).toBe(200);
    expect((await profile(access_token)).status).toBe(401);
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh_token! });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const again = await postForm('/google/revoke', { token: refresh_token! });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
  });
});

describe('the sandbox control of OAuth grants', () => {
  const control = (path: string, body: unknown) =>
    fetch(`${sandbox.url}/_sandbox/oauth/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("revokes a mailbox's grants: refresh is invalid_grant and its access tokens 401", async () => {
    const { access_token, refresh_token } = await connect('control@gmail.com');
    expect(await (await control('revoke', { email: 'Control@gmail.com' })).json()).toEqual({ revoked: 1 });
    expect((await profile(access_token)).status).toBe(401);
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh_token! });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await control('revoke', { email: 'control@gmail.com' })).status).toBe(404);
    expect((await control('revoke', { nobody: true })).status).toBe(400);
    const malformed = await fetch(`${sandbox.url}/_sandbox/oauth/revoke`, { method: 'POST', body: '{not json' });
    expect(malformed.status).toBe(400);
  });

  it("revokes one provider's grants of an address when told which", async () => {
    const gmail = await connect('both@example.com');
    const { verifier, challenge } = pkce();
    const outlookUrl = new URL(`${sandbox.url}/microsoft/common/oauth2/v2.0/authorize`);
    outlookUrl.search = new URLSearchParams({
      client_id: 'ms-client',
      redirect_uri: 'http://localhost:5173/outlook-auth',
      response_type: 'code',
      scope: 'offline_access User.Read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const { code } = await consentInSandbox(outlookUrl.href, { email: 'both@example.com' });
    const outlook = (await (
      await postForm('/microsoft/common/oauth2/v2.0/token', {
        client_id: 'ms-client',
        client_secret: 'ms-secret',
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: 'http://localhost:5173/outlook-auth',
        code_verifier: verifier,
      })
    ).json()) as { access_token: string };
    expect(await (await control('revoke', { email: 'both@example.com', provider: 'gmail' })).json()).toEqual({
      revoked: 1,
    });
    expect((await profile(gmail.access_token)).status).toBe(401);
    const me = await fetch(`${sandbox.url}/microsoft/graph/v1.0/me`, {
      headers: { Authorization: `Bearer ${outlook.access_token}` },
    });
    expect(me.status).toBe(200);
  });

  it("expires a mailbox's access tokens while its refresh token keeps working", async () => {
    const { access_token, refresh_token } = await connect('expire@gmail.com');
    expect(await (await control('expire', { email: 'expire@gmail.com' })).json()).toEqual({ expired: 1 });
    expect((await profile(access_token)).status).toBe(401);
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh_token! });
    expect(refresh.status).toBe(200);
  });

  it('lists the grants without their tokens', async () => {
    await connect('listed@gmail.com');
    const grants = (await (await fetch(`${sandbox.url}/_sandbox/oauth/grants`)).json()) as Record<string, unknown>[];
    const listed = grants.find((grant) => grant.email === 'listed@gmail.com');
    expect(listed).toMatchObject({ vendor: 'google', clientId: 'test-client', revoked: false });
    expect(JSON.stringify(grants)).not.toMatch(/ya29\.|1\/\/sandbox/);
  });
});

describe('the sandbox OAuth grants across a restart', () => {
  it('keeps grants and access tokens in the data folder, so connected mailboxes stay connected', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-oauth-'));
    try {
      const first = await startSandbox({ port: await freePort(), vendors: [googleVendor], log: () => {}, dataDir });
      const tokens = await connect('kept@gmail.com', {}, first.url);
      await first.stop();
      expect(existsSync(join(dataDir, 'oauth-grants.json'))).toBe(true);
      const second = await startSandbox({ port: await freePort(), vendors: [googleVendor], log: () => {}, dataDir });
      try {
        expect((await profile(tokens.access_token, 'me', second.url)).status).toBe(200);
        const refresh = await tokenRequest(
          { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
          second.url,
        );
        expect(refresh.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
