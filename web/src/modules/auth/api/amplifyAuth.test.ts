// @vitest-environment happy-dom
import { Amplify } from 'aws-amplify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchIdToken } from './amplifyAuth';
import { createTokenCache } from './tokenCache';

const clientId = 'client-1';
const username = 'ada';
const hour = 3_600_000;
/** this computer's clock runs 2 h ahead of Cognito's */
const ahead = 2 * hour;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** a token as Cognito issues it, dated by Cognito's clock (Amplify reads tokens; it checks no signature) */
const jwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'none' })}.${base64url(claims)}.signature`;

/** the session Amplify keeps in local storage after a sign-in: tokens, and Cognito's clock drift as it measured it */
const storeSession = (cognitoNow: number, drift: number) => {
  const iat = Math.floor(cognitoNow / 1000);
  const claims = { sub: 'sub-1', iat, exp: iat + 3600, username };
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, username);
  localStorage.setItem(`${prefix}.${username}.accessToken`, jwt({ ...claims, token_use: 'access' }));
  localStorage.setItem(`${prefix}.${username}.idToken`, jwt({ ...claims, token_use: 'id', email: 'ada@example.com' }));
  localStorage.setItem(`${prefix}.${username}.refreshToken`, 'refresh-token');
  localStorage.setItem(`${prefix}.${username}.clockDrift`, String(drift));
};

describe('the ID token on a computer whose clock is wrong', () => {
  beforeEach(() => {
    localStorage.clear();
    Amplify.configure({ Auth: { Cognito: { userPoolId: 'us-east-1_pool', userPoolClientId: clientId } } });
    // a refresh would go to Cognito: none may happen here
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new Error('no refresh expected');
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('expires by this computer’s clock an hour after Cognito issued it, however far the clocks are apart', async () => {
    // signed in a moment ago: Cognito dated the token by its clock, Amplify measured the drift by this computer's
    storeSession(Date.now() - ahead, -ahead);
    const fetched = await fetchIdToken(false);
    expect(fetched?.expiresAt).toBeGreaterThan(Date.now() + hour - 60_000);
    expect(fetched?.expiresAt).toBeLessThanOrEqual(Date.now() + hour);
  });

  it('is served from the token cache without a refresh, rather than renewed on every request', async () => {
    storeSession(Date.now() - ahead, -ahead);
    const fetchToken = vi.fn(fetchIdToken);
    const tokens = createTokenCache({ fetchToken, onForcedSignOut: () => undefined });
    const first = await tokens.getToken();
    expect(first).toBeTruthy();
    expect(await tokens.getToken()).toBe(first);
    expect(fetchToken.mock.calls).toEqual([[false]]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
