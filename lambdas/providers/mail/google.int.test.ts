import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import { googleVendor } from '../../../infra/local/sandbox/google.js';
import { consentInSandbox } from '../../../infra/local/sandbox/oauth-consent.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { createGoogleOAuthClient, googleMailAuth } from './google.js';
import { googleScopes } from './scopes.js';
import { createMailAuths } from './mail-auth.js';
import { type MailAuth, MailAuthFailure } from './port.js';
import { readMailSettings } from './settings.js';

let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;
let gmail: MailAuth;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [googleVendor], log: () => {} });
  env = {
    GOOGLE_OAUTH_CLIENT_ID: 'int-google-client',
    GOOGLE_OAUTH_CLIENT_SECRET: 'int-google-secret',
    GOOGLE_OAUTH_BASE_URL: `${sandbox.url}/google`,
    GMAIL_API_BASE_URL: `${sandbox.url}/`,
  };
  gmail = createMailAuths(env).gmail;
});
afterAll(() => sandbox.stop());

const redirectUri = 'http://localhost:5173/gmail-auth';

/** A sign-in through the consent page: the code of its redirect and the verifier `start` kept. */
const signIn = async (auth: MailAuth = gmail, email = 'ada@gmail.com', state = 'state-1') => {
  const { authUrl, codeVerifier } = await auth.start({ state, redirectUri, loginHint: email });
  const back = await consentInSandbox(authUrl);
  return { ...back, codeVerifier, authUrl };
};

const connect = async (email = 'ada@gmail.com') => {
  const { code, codeVerifier } = await signIn(gmail, email);
  return gmail.exchangeCode({ code: code!, redirectUri, codeVerifier });
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailAuthFailure);
  return error as MailAuthFailure;
};

describe('the Gmail sign-in adapter against the sandbox', () => {
  it('asks for sending and read-only Gmail, offline, with consent, an S256 challenge, the state and the hint', async () => {
    const { authUrl, codeVerifier } = await gmail.start({ state: 's-42', redirectUri, loginHint: 'ada@gmail.com' });
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/google/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      access_type: 'offline',
      prompt: 'consent',
      scope: googleScopes.join(' '),
      state: 's-42',
      redirect_uri: redirectUri,
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      login_hint: 'ada@gmail.com',
      response_type: 'code',
      client_id: 'int-google-client',
    });
    expect(codeVerifier).toMatch(/^[\w.~-]{43,128}$/);
    expect(authUrl).not.toContain(codeVerifier);
  });

  it('connects a mailbox: the code and its verifier for tokens, then the address the tokens belong to', async () => {
    const { code, state, prefilled, codeVerifier } = await signIn(gmail, 'Ada@Gmail.com', 'state-7');
    expect(prefilled).toBe('Ada@Gmail.com');
    expect(state).toBe('state-7');
    const before = Date.now();
    const tokens = await gmail.exchangeCode({ code: code!, redirectUri, codeVerifier });
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: expect.any(Date),
      scope: googleScopes.join(' '),
    });
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3590_000);
    expect(tokens.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(await gmail.mailboxAddress(tokens.accessToken)).toBe('ada@gmail.com');
  });

  it('refuses a code with a verifier that is not its own, as invalid_grant (what Google answers a PKCE mismatch)', async () => {
    const { code } = await signIn();
    const { codeVerifier: another } = await gmail.start({ state: 'other', redirectUri });
    const failure = await failureOf(gmail.exchangeCode({ code: code!, redirectUri, codeVerifier: another }));
    expect(failure.kind).toBe('invalid_grant');
    expect(failure.message).toBe('Google refused the grant (400 invalid_grant)');
  });

  it('refuses a code used twice', async () => {
    const { code, codeVerifier } = await signIn();
    await gmail.exchangeCode({ code: code!, redirectUri, codeVerifier });
    const failure = await failureOf(gmail.exchangeCode({ code: code!, redirectUri, codeVerifier }));
    expect(failure.kind).toBe('invalid_grant');
  });

  it('refuses a code redeemed for another redirect URI than it was asked for', async () => {
    const { code, codeVerifier } = await signIn();
    const failure = await failureOf(
      gmail.exchangeCode({ code: code!, redirectUri: 'http://localhost:5173/elsewhere', codeVerifier }),
    );
    expect(failure.kind).toBe('invalid_request');
    expect(failure.message).toContain('redirect_uri_mismatch');
  });

  it('refreshes: a new access token that works, the refresh token kept by the caller (Google gives none back)', async () => {
    const first = await connect('grace@gmail.com');
    const renewed = await gmail.refresh(first.refreshToken!);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.refreshToken).toBeNull();
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(await gmail.mailboxAddress(renewed.accessToken)).toBe('grace@gmail.com');
  });

  it('after the mailbox is revoked in the sandbox, refresh fails invalid_grant and the address unauthorized', async () => {
    const tokens = await connect('revoked@gmail.com');
    const revoked = await fetch(`${sandbox.url}/_sandbox/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'revoked@gmail.com' }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect((await failureOf(gmail.refresh(tokens.refreshToken!))).kind).toBe('invalid_grant');
    const refused = await failureOf(gmail.mailboxAddress(tokens.accessToken));
    expect(refused.kind).toBe('unauthorized');
    expect(refused.message).toBe('Gmail refused the access token (401 UNAUTHENTICATED)');
  });

  it('revokes the grant at Google, and a second revocation of the same token is already done', async () => {
    const tokens = await connect('leaving@gmail.com');
    await gmail.revoke(tokens.refreshToken!);
    expect((await failureOf(gmail.refresh(tokens.refreshToken!))).kind).toBe('invalid_grant');
    expect((await failureOf(gmail.mailboxAddress(tokens.accessToken))).kind).toBe('unauthorized');
    await expect(gmail.revoke(tokens.refreshToken!)).resolves.toBeUndefined();
  });

  it('finds an expired access token unauthorized while its refresh token still works', async () => {
    const tokens = await connect('stale@gmail.com');
    await fetch(`${sandbox.url}/_sandbox/oauth/expire`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'stale@gmail.com' }),
    });
    expect((await failureOf(gmail.mailboxAddress(tokens.accessToken))).kind).toBe('unauthorized');
    const renewed = await gmail.refresh(tokens.refreshToken!);
    expect(await gmail.mailboxAddress(renewed.accessToken)).toBe('stale@gmail.com');
  });

  it('sends the person back with access_denied and the state when they click Deny', async () => {
    const { authUrl } = await gmail.start({ state: 'denied-state', redirectUri });
    const back = await consentInSandbox(authUrl, { decision: 'deny' });
    expect(`${back.url.origin}${back.url.pathname}`).toBe(redirectUri);
    expect(back).toMatchObject({ code: null, state: 'denied-state', error: 'access_denied' });
    expect(back.errorDescription).toBeTruthy();
  });

  it('never puts a token in a failure message', async () => {
    const tokens = await connect('secretive@gmail.com');
    await gmail.revoke(tokens.accessToken);
    for (const failure of [
      await failureOf(gmail.refresh(tokens.refreshToken!)),
      await failureOf(gmail.mailboxAddress(tokens.accessToken)),
    ]) {
      expect(failure.message).not.toContain(tokens.refreshToken!);
      expect(failure.message).not.toContain(tokens.accessToken);
      expect(failure.cause).toBeUndefined();
    }
  });

  it('reads a client secret kept in Secrets Manager by name, when the first sign-in needs it', async () => {
    const reads: string[] = [];
    const readSecret = (name: string) => async () => {
      reads.push(name);
      return 'int-google-secret';
    };
    const settings = readMailSettings({
      ...env,
      GOOGLE_OAUTH_CLIENT_SECRET: undefined,
      GOOGLE_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/google-oauth-client-secret',
    });
    const auth = googleMailAuth(settings.google, createGoogleOAuthClient(settings.google, readSecret));
    expect(reads).toEqual([]);
    const { code, codeVerifier } = await signIn(auth, 'kept@gmail.com');
    await auth.exchangeCode({ code: code!, redirectUri, codeVerifier });
    expect(reads).toEqual(['outreach/dev/google-oauth-client-secret']);
  });

  it('is refused as invalid_request with another client secret than the client showed before', async () => {
    const auth = createMailAuths({ ...env, GOOGLE_OAUTH_CLIENT_SECRET: 'not-the-secret' }).gmail;
    const { code, codeVerifier } = await signIn(auth);
    const failure = await failureOf(auth.exchangeCode({ code: code!, redirectUri, codeVerifier }));
    expect(failure.kind).toBe('invalid_request');
    expect(failure.message).toBe('Google token endpoint refused the request (401 invalid_client)');
  });

  it('fails clearly when used without a client id, and not before', async () => {
    const auths = createMailAuths({ GOOGLE_OAUTH_BASE_URL: `${sandbox.url}/google` });
    await expect(auths.gmail.start({ state: 's', redirectUri })).rejects.toThrow(
      'Gmail sign-in is not configured: set GOOGLE_OAUTH_CLIENT_ID',
    );
  });

  it('fails as unavailable when Google does not answer', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const auth = createMailAuths({ ...env, GOOGLE_OAUTH_BASE_URL: closed, GMAIL_API_BASE_URL: `${closed}/` }).gmail;
    expect((await failureOf(auth.refresh('1//anything'))).kind).toBe('unavailable');
    expect((await failureOf(auth.mailboxAddress('ya29.anything'))).kind).toBe('unavailable');
  });
});
