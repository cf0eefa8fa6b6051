import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import { microsoftVendor } from '../../../infra/local/sandbox/microsoft.js';
import { consentInSandbox } from '../../../infra/local/sandbox/oauth-consent.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { createMailAuths } from './mail-auth.js';
import { microsoftMailAuth, refreshScopes } from './microsoft.js';
import { microsoftScopes } from './scopes.js';
import { type MailAuth, MailAuthFailure } from './port.js';
import { readMailSettings } from './settings.js';

let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;
let outlook: MailAuth;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [microsoftVendor], log: () => {} });
  env = {
    MICROSOFT_OAUTH_CLIENT_ID: 'int-microsoft-client',
    MICROSOFT_OAUTH_CLIENT_SECRET: 'int-microsoft-secret',
    MICROSOFT_AUTHORITY_BASE_URL: `${sandbox.url}/microsoft`,
    MICROSOFT_GRAPH_BASE_URL: `${sandbox.url}/microsoft/graph/`,
  };
  outlook = createMailAuths(env).outlook;
});
afterAll(() => sandbox.stop());

const redirectUri = 'http://localhost:5173/outlook-auth';

const signIn = async (auth: MailAuth = outlook, email = 'ada@contoso.com', state = 'state-1') => {
  const { authUrl, codeVerifier } = await auth.start({ state, redirectUri, loginHint: email });
  return { ...(await consentInSandbox(authUrl)), codeVerifier };
};

const connect = async (email = 'ada@contoso.com') => {
  const { code, codeVerifier } = await signIn(outlook, email);
  return outlook.exchangeCode({ code: code!, redirectUri, codeVerifier });
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailAuthFailure);
  return error as MailAuthFailure;
};

const control = (action: 'revoke' | 'expire', email: string) =>
  fetch(`${sandbox.url}/_sandbox/oauth/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });

describe('the Outlook sign-in adapter against the sandbox', () => {
  it("asks the tenant's v2 authorize endpoint for mail, profile and offline access with an S256 challenge", async () => {
    const { authUrl, codeVerifier } = await outlook.start({ state: 's-9', redirectUri, loginHint: 'ada@contoso.com' });
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/microsoft/common/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'int-microsoft-client',
      response_type: 'code',
      redirect_uri: redirectUri,
      response_mode: 'query',
      scope: 'offline_access User.Read Mail.Send Mail.Read Mail.ReadWrite',
      state: 's-9',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'consent',
      login_hint: 'ada@contoso.com',
    });
    expect(microsoftScopes).toEqual(['offline_access', 'User.Read', 'Mail.Send', 'Mail.Read', 'Mail.ReadWrite']);
    expect(authUrl).not.toContain(codeVerifier);
  });

  it('connects a work mailbox: tokens for the code and its verifier, then the address from Graph /me', async () => {
    const { code, state, prefilled, codeVerifier } = await signIn(outlook, 'ada@contoso.com', 'state-3');
    expect(prefilled).toBe('ada@contoso.com');
    expect(state).toBe('state-3');
    const tokens = await outlook.exchangeCode({ code: code!, redirectUri, codeVerifier });
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: expect.any(Date),
      scope: 'User.Read Mail.Send Mail.Read Mail.ReadWrite',
    });
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(await outlook.mailboxAddress(tokens.accessToken)).toBe('ada@contoso.com');
  });

  it('finds the address of a personal account, which has no mail on /me, in its user principal name', async () => {
    const tokens = await connect('Grace@Outlook.com');
    expect(await outlook.mailboxAddress(tokens.accessToken)).toBe('grace@outlook.com');
  });

  it('refuses a code with a verifier that is not its own, as invalid_grant (what Microsoft answers a PKCE mismatch)', async () => {
    const { code } = await signIn();
    const { codeVerifier: another } = await outlook.start({ state: 'other', redirectUri });
    const failure = await failureOf(outlook.exchangeCode({ code: code!, redirectUri, codeVerifier: another }));
    expect(failure.kind).toBe('invalid_grant');
    expect(failure.message).toBe('Microsoft refused the grant (400 invalid_grant)');
  });

  it('refuses a code used twice', async () => {
    const { code, codeVerifier } = await signIn();
    await outlook.exchangeCode({ code: code!, redirectUri, codeVerifier });
    expect((await failureOf(outlook.exchangeCode({ code: code!, redirectUri, codeVerifier }))).kind).toBe(
      'invalid_grant',
    );
  });

  it('refreshes: a new access token that works and a new refresh token (Microsoft rotates them)', async () => {
    const first = await connect('rotating@contoso.com');
    const renewed = await outlook.refresh(first.refreshToken!);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    expect(await outlook.mailboxAddress(renewed.accessToken)).toBe('rotating@contoso.com');
    const again = await outlook.refresh(renewed.refreshToken!, first.scope?.split(' '));
    expect(await outlook.mailboxAddress(again.accessToken)).toBe('rotating@contoso.com');
  });

  it('renews asking for no more than the grant gave: its named scopes, or those of before Mail.ReadWrite', () => {
    expect(refreshScopes(undefined)).toEqual(['offline_access', 'User.Read', 'Mail.Send', 'Mail.Read']);
    expect(refreshScopes(['User.Read', 'Mail.Send', 'Mail.Read'])).toEqual([
      'offline_access',
      'User.Read',
      'Mail.Send',
      'Mail.Read',
    ]);
    expect(
      refreshScopes([
        'https://graph.microsoft.com/user.read',
        'Mail.Send',
        'Mail.Read',
        'https://graph.microsoft.com/Mail.ReadWrite',
      ]),
    ).toEqual(['offline_access', 'User.Read', 'Mail.Send', 'Mail.Read', 'Mail.ReadWrite']);
  });

  it('after the mailbox is revoked in the sandbox, refresh fails invalid_grant and the address unauthorized', async () => {
    const tokens = await connect('revoked@contoso.com');
    const renewed = await outlook.refresh(tokens.refreshToken!);
    expect(await (await control('revoke', 'revoked@contoso.com')).json()).toEqual({ revoked: 1 });
    for (const refreshToken of [tokens.refreshToken!, renewed.refreshToken!]) {
      expect((await failureOf(outlook.refresh(refreshToken))).kind).toBe('invalid_grant');
    }
    const refused = await failureOf(outlook.mailboxAddress(renewed.accessToken));
    expect(refused.kind).toBe('unauthorized');
    expect(refused.message).toBe('Microsoft Graph refused the access token (401 InvalidAuthenticationToken)');
  });

  it('finds an expired access token unauthorized while its refresh token still works', async () => {
    const tokens = await connect('stale@contoso.com');
    await control('expire', 'stale@contoso.com');
    expect((await failureOf(outlook.mailboxAddress(tokens.accessToken))).kind).toBe('unauthorized');
    const renewed = await outlook.refresh(tokens.refreshToken!);
    expect(await outlook.mailboxAddress(renewed.accessToken)).toBe('stale@contoso.com');
  });

  it('has nothing to revoke at Microsoft: revoke resolves and leaves the grant to the tokens being deleted', async () => {
    const tokens = await connect('leaving@contoso.com');
    await expect(outlook.revoke(tokens.refreshToken!)).resolves.toBeUndefined();
  });

  it('sends the person back with access_denied and the state when they click Deny', async () => {
    const { authUrl } = await outlook.start({ state: 'denied-state', redirectUri });
    const back = await consentInSandbox(authUrl, { decision: 'deny' });
    expect(`${back.url.origin}${back.url.pathname}`).toBe(redirectUri);
    expect(back).toMatchObject({ code: null, state: 'denied-state', error: 'access_denied' });
    expect(back.errorDescription).toContain('declined');
  });

  it('never puts a token in a failure message', async () => {
    const tokens = await connect('secretive@contoso.com');
    await control('revoke', 'secretive@contoso.com');
    for (const failure of [
      await failureOf(outlook.refresh(tokens.refreshToken!)),
      await failureOf(outlook.mailboxAddress(tokens.accessToken)),
    ]) {
      expect(failure.message).not.toContain(tokens.refreshToken!);
      expect(failure.message).not.toContain(tokens.accessToken);
      expect(failure.cause).toBeUndefined();
    }
  });

  it('reads a client secret kept in Secrets Manager by name, when a token request needs it', async () => {
    const reads: string[] = [];
    const readSecret = (name: string) => async () => {
      reads.push(name);
      return 'int-microsoft-secret';
    };
    const settings = readMailSettings({
      ...env,
      MICROSOFT_OAUTH_CLIENT_SECRET: undefined,
      MICROSOFT_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/microsoft-oauth-client-secret',
    });
    const auth = microsoftMailAuth(settings.microsoft, readSecret);
    const { code, codeVerifier } = await signIn(auth, 'kept@contoso.com');
    expect(reads).toEqual([]);
    await auth.exchangeCode({ code: code!, redirectUri, codeVerifier });
    expect(reads).toEqual(['outreach/dev/microsoft-oauth-client-secret']);
  });

  it('is refused as invalid_request with another client secret than the client showed before', async () => {
    const auth = createMailAuths({ ...env, MICROSOFT_OAUTH_CLIENT_SECRET: 'not-the-secret' }).outlook;
    const { code, codeVerifier } = await signIn(auth);
    const failure = await failureOf(auth.exchangeCode({ code: code!, redirectUri, codeVerifier }));
    expect(failure.kind).toBe('invalid_request');
    expect(failure.message).toBe('Microsoft token endpoint refused the request (401 invalid_client)');
  });

  it('uses the configured tenant', async () => {
    const auth = createMailAuths({ ...env, MICROSOFT_TENANT: 'contoso.onmicrosoft.com' }).outlook;
    const { authUrl } = await auth.start({ state: 's', redirectUri });
    expect(new URL(authUrl).pathname).toBe('/microsoft/contoso.onmicrosoft.com/oauth2/v2.0/authorize');
    const { code, codeVerifier } = await signIn(auth, 'tenant@contoso.com');
    const tokens = await auth.exchangeCode({ code: code!, redirectUri, codeVerifier });
    expect(await auth.mailboxAddress(tokens.accessToken)).toBe('tenant@contoso.com');
  });

  it('fails clearly when used without a client id, and not before', async () => {
    const auths = createMailAuths({ MICROSOFT_AUTHORITY_BASE_URL: `${sandbox.url}/microsoft` });
    await expect(auths.outlook.start({ state: 's', redirectUri })).rejects.toThrow(
      'Outlook sign-in is not configured: set MICROSOFT_OAUTH_CLIENT_ID',
    );
  });

  it('refuses plain http towards anything but this machine', async () => {
    const auth = createMailAuths({ ...env, MICROSOFT_AUTHORITY_BASE_URL: 'http://login.example.test' }).outlook;
    await expect(auth.refresh('M.C5_R.anything')).rejects.toThrow(
      'The Microsoft authority must be https (plain http only towards localhost, the sandbox)',
    );
  });

  it('fails as unavailable when Microsoft does not answer', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const auth = createMailAuths({
      ...env,
      MICROSOFT_AUTHORITY_BASE_URL: closed,
      MICROSOFT_GRAPH_BASE_URL: `${closed}/`,
    }).outlook;
    expect((await failureOf(auth.refresh('M.C5_R.anything'))).kind).toBe('unavailable');
    expect((await failureOf(auth.mailboxAddress('EwB.anything'))).kind).toBe('unavailable');
  });
});
