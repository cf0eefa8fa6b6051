import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { microsoftVendor } from './microsoft.js';
import { consentInSandbox } from './oauth-consent.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [microsoftVendor], log: () => {} });
});
afterAll(() => sandbox.stop());

const redirectUri = 'http://localhost:5173/outlook-auth';
const scope = 'offline_access User.Read Mail.Send Mail.Read';

/** Consent as `email` to a sign-in as the Outlook adapter asks for it, and redeem the code. */
const connect = async (email: string, scopes = scope) => {
  const verifier = randomBytes(48).toString('base64url');
  const url = new URL(`${sandbox.url}/microsoft/common/oauth2/v2.0/authorize`);
  url.search = new URLSearchParams({
    client_id: 'ms-client',
    response_type: 'code',
    redirect_uri: redirectUri,
    response_mode: 'query',
    scope: scopes,
    state: 'st',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const back = await consentInSandbox(url.href, { email });
  expect(back.prefilled).toBe('you@outlook.com');
  return token({
    grant_type: 'authorization_code',
    code: back.code!,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
};

const token = async (form: Record<string, string>) => {
  const response = await fetch(`${sandbox.url}/microsoft/common/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'ms-client', client_secret: 'ms-secret', ...form }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const me = (accessToken: string, query = '') =>
  fetch(`${sandbox.url}/microsoft/graph/v1.0/me${query}`, { headers: { Authorization: `Bearer ${accessToken}` } });

describe('the Microsoft sandbox', () => {
  it('answers tokens as the identity platform does: the granted scopes without offline_access, ext_expires_in', async () => {
    const { status, body } = await connect('ada@contoso.com');
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^EwBsandbox-/),
      refresh_token: expect.stringMatching(/^M\.C5_Rsandbox-/),
      expires_in: 3600,
      ext_expires_in: 3600,
      scope: 'User.Read Mail.Send Mail.Read',
      token_type: 'Bearer',
    });
  });

  it('gives a refresh token only with offline_access', async () => {
    const { body } = await connect('online@contoso.com', 'User.Read Mail.Read');
    expect(body.refresh_token).toBeUndefined();
  });

  it('rotates the refresh token on each refresh, the old one still valid until the grant ends', async () => {
    const { body } = await connect('rotate@contoso.com');
    const refresh = { grant_type: 'refresh_token', refresh_token: body.refresh_token as string, scope };
    const first = await token(refresh);
    expect(first.body.refresh_token).toEqual(expect.any(String));
    expect(first.body.refresh_token).not.toBe(body.refresh_token);
    expect((await token(refresh)).status).toBe(200);
  });

  it('wants the scopes with a refresh token, no more than were granted', async () => {
    const { body } = await connect('scoped@contoso.com', 'offline_access User.Read');
    const refresh = { grant_type: 'refresh_token', refresh_token: body.refresh_token as string };
    expect(await token(refresh)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await token({ ...refresh, scope: 'User.Read Mail.Send' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope' },
    });
    expect((await token({ ...refresh, scope: 'User.Read' })).status).toBe(200);
  });

  it('refuses in its own shape: an AADSTS code in error_codes and the description', async () => {
    const { status, body } = await token({ grant_type: 'refresh_token', refresh_token: 'M.C5_R.unknown', scope });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/^AADSTS70000: /),
      error_codes: [70000],
      trace_id: expect.any(String),
      correlation_id: expect.any(String),
    });
  });

  it('answers /me with mail for a work account, none for a personal one, and honours $select', async () => {
    const work = await connect('Grace.Hopper@contoso.com');
    expect(await (await me(work.body.access_token as string)).json()).toMatchObject({
      displayName: 'Grace Hopper',
      mail: 'grace.hopper@contoso.com',
      userPrincipalName: 'grace.hopper@contoso.com',
    });
    const personal = await connect('ada@hotmail.com');
    const selected = await (await me(personal.body.access_token as string, '?$select=mail,userPrincipalName')).json();
    expect(selected).toEqual({
      '@odata.context': expect.stringContaining('$metadata#users/$entity'),
      mail: null,
      userPrincipalName: 'ada@hotmail.com',
    });
  });

  it('answers /me 401 to an unknown token and 403 to a token without User.Read', async () => {
    const unknown = await me('EwB.unknown');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });
    const mailOnly = await connect('mailonly@contoso.com', 'offline_access Mail.Read');
    const refused = await me(mailOnly.body.access_token as string);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'Authorization_RequestDenied' } });
  });

  it('says on Deny that the user declined, with the state', async () => {
    const url = new URL(`${sandbox.url}/microsoft/organizations/oauth2/v2.0/authorize`);
    url.search = new URLSearchParams({
      client_id: 'ms-client',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope,
      state: 'deny-me',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const back = await consentInSandbox(url.href, { decision: 'deny' });
    expect(back).toMatchObject({ state: 'deny-me', error: 'access_denied', code: null });
    expect(back.errorDescription).toMatch(/^AADSTS65004: User declined/);
  });
});
