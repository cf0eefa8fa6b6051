import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCredentials } from '../../infra/local/ports.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { withLocalStack } from '../../infra/local/test/local-stack.js';
import { referral } from '../../shared/constants.js';

/*
 * DESIGN §6 through the local stack: cognito-local confirms a local sign-up at once and hands the SignUp call's
 * ClientMetadata (where the web puts `?ref=CODE`) to the PostConfirmation trigger, which rewards the referral before
 * the newcomer's first request. A stack of its own on free ports and a temporary folder.
 */
let stack: LocalStack;
let cognito: CognitoIdentityProviderClient;

const local = withLocalStack({ name: 'referral-stack' });
beforeAll(() => {
  ({ stack } = local);
  cognito = new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: 'us-east-1',
    credentials: localCredentials,
  });
});
afterAll(() => cognito?.destroy());

/** Signs up and in as the web's SignUpForm does (the referral code as clientMetadata); the ID token. */
const signUp = async (name: string, referralCode?: string) => {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Local-passw0rd';
  await cognito.send(
    new SignUpCommand({
      ClientId: stack.webConfig.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
      ...(referralCode ? { ClientMetadata: { referralCode } } : {}),
    }),
  );
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.webConfig.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return AuthenticationResult!.IdToken!;
};

const get = async (token: string, path: string) => {
  const response = await fetch(`${stack.urls.api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
};

describe('a referred e-mail sign-up on the local stack', () => {
  it('is rewarded by the PostConfirmation trigger from the sign-up clientMetadata, before any sync-user', async () => {
    const rita = await signUp('Rita');
    const { code } = (await get(rita, '/api/referrals')) as { code: string };
    const nina = await signUp('Nina', code);
    expect((await get(nina, '/api/profiles/slots')).bonusSlotsAvailable).toBe(referral.newUserBonusSlots);
    expect((await get(rita, '/api/profiles/slots')).bonusSlotsAvailable).toBe(referral.referrerBonusSlots);
    expect(await get(rita, '/api/referrals')).toMatchObject({
      referredCount: 1,
      bonusSlotsEarned: referral.referrerBonusSlots,
      referred: [{ name: 'Nina', rewarded: true }],
    });
  });
});
