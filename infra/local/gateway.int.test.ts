import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../lambdas/data/client.js';
import { getUserProfile } from '../../lambdas/data/user-profile.js';
import { routeEntries } from '../../shared/routes.js';
import { localCredentials } from './ports.js';
import { freeStackPorts, startLocalStack, type LocalStack } from './stack.js';
import { cognitoLocalKey, signJwt, strangerKey } from './test/tokens.js';

/**
 * The local stack's gateway against cognito-local and the real handlers: the same JWT checks as API Gateway's Cognito
 * authorizer, sign-ups confirmed at once with the profile created by the post-confirmation trigger, and the shim's
 * token refresh. A second stack on free ports and a temporary folder, beside any `npm start`.
 */
let stack: LocalStack;
let localDir: string;
let cognitoClient: CognitoIdentityProviderClient;

beforeAll(async () => {
  localDir = mkdtempSync(join(tmpdir(), 'local-stack-'));
  stack = await startLocalStack({
    localDir,
    web: false,
    ports: await freeStackPorts(),
    log: () => {},
  });
  cognitoClient = new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: 'us-east-1',
    credentials: localCredentials,
  });
});
afterAll(async () => {
  cognitoClient?.destroy();
  await stack?.stop();
  rmSync(localDir, { recursive: true, force: true });
});

const signUpAndIn = async () => {
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'Local-passw0rd';
  const signUp = await cognitoClient.send(
    new SignUpCommand({
      ClientId: stack.webConfig.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Grace Hopper' },
      ],
    }),
  );
  const { AuthenticationResult } = await cognitoClient.send(
    new InitiateAuthCommand({
      ClientId: stack.webConfig.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { email, signUp, tokens: AuthenticationResult! };
};

const api = (path: string, init: RequestInit = {}) => fetch(`${stack.urls.api}${path}`, init);
const concretePath = (path: string) => path.replace(/\{(\w+)\+?\}/g, 'some-$1');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describe('the local gateway behind cognito-local', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const idClaims = () => ({
    sub: crypto.randomUUID(),
    email: 'someone@example.com',
    token_use: 'id',
    aud: stack.webConfig.userPoolClientId,
    iss: `${stack.urls.cognito}/${stack.webConfig.userPoolId}`,
    iat: now() - 60,
    exp: now() + 3600,
  });
  const badTokens: [string, () => string][] = [
    ['a garbage token', () => 'Bearer not-a-jwt'],
    [
      'an expired ID token',
      () => `Bearer ${signJwt({ ...idClaims(), iat: now() - 7200, exp: now() - 3600 }, cognitoLocalKey())}`,
    ],
    ['an ID token signed by another key', () => signJwt(idClaims(), strangerKey())],
    ['an access token', () => signJwt({ ...idClaims(), token_use: 'access' }, cognitoLocalKey())],
    ['an ID token for another app client', () => signJwt({ ...idClaims(), aud: 'another-client' }, cognitoLocalKey())],
    [
      'an ID token of another issuer',
      () => signJwt({ ...idClaims(), iss: 'http://localhost:1/local_other' }, cognitoLocalKey()),
    ],
  ];

  describe.each(routeEntries().filter((route) => route.auth === 'user'))('$key', (route) => {
    const refused = async (authorization?: string) => {
      const response = await api(concretePath(route.path), {
        method: route.method,
        headers: {
          'Content-Type': 'application/json',
          ...(authorization ? { Authorization: authorization } : {}),
        },
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, error: 'Authentication required', code: 'unauthorized' });
    };

    it('answers 401 Authentication required without a token', () => refused());
    it.each(badTokens)('answers 401 Authentication required with %s', (_case, token) => refused(token()));
  });

  it('accepts a well-formed ID token of the pool, raw or as Bearer (the checks themselves are what refuse)', async () => {
    for (const authorization of [
      signJwt(idClaims(), cognitoLocalKey()),
      `Bearer ${signJwt(idClaims(), cognitoLocalKey())}`,
    ]) {
      const response = await api('/api/user/profile', { headers: { Authorization: authorization } });
      expect(response.status).not.toBe(401);
    }
  });

  it('confirms a sign-up at once and creates the profile through the post-confirmation trigger', async () => {
    const { email, signUp } = await signUpAndIn();
    expect(signUp.UserConfirmed).toBe(true);
    const db = createDataClient(stack.env.TABLE_NAME!, {
      endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB!,
      region: 'us-east-1',
    });
    const data = await getUserProfile(db, signUp.UserSub!);
    expect(data).toMatchObject({ uid: signUp.UserSub, email, displayName: 'Grace Hopper', subscriptionTier: 'free' });
  });

  it('lets a signed-in user read the profile: GET /api/profiles answers 200', async () => {
    const { email, tokens, signUp } = await signUpAndIn();
    const response = await api('/api/profiles', { headers: { Authorization: `Bearer ${tokens.IdToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.web);
    expect(await response.json()).toMatchObject({
      success: true,
      data: { uid: signUp.UserSub, email, subscriptionTier: 'free', subscriptionStatus: 'active' },
    });
  });

  it('answers GetTokensFromRefreshToken through the shim with tokens the gateway accepts', async () => {
    const { tokens, signUp } = await signUpAndIn();
    const { AuthenticationResult } = await cognitoClient.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: stack.webConfig.userPoolClientId,
        RefreshToken: tokens.RefreshToken,
      }),
    );
    expect(AuthenticationResult).toMatchObject({
      AccessToken: expect.any(String),
      IdToken: expect.any(String),
      RefreshToken: tokens.RefreshToken,
      TokenType: 'Bearer',
      ExpiresIn: 3600,
    });
    expect(claimsOf(AuthenticationResult!.IdToken!)).toMatchObject({ sub: signUp.UserSub, token_use: 'id' });
    const response = await api('/api/profiles', { headers: { Authorization: AuthenticationResult!.IdToken! } });
    expect(response.status).toBe(200);
  });

  it('refuses a refresh with an unknown refresh token as Cognito does', async () => {
    await expect(
      cognitoClient.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.webConfig.userPoolClientId, RefreshToken: 'nope' }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('lets the web origin call Cognito through the shim (CORS)', async () => {
    const preflight = await fetch(stack.urls.cognito, {
      method: 'OPTIONS',
      headers: {
        Origin: stack.urls.web,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(stack.urls.web);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('serves the public health route without a token', async () => {
    const response = await api('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });
});
