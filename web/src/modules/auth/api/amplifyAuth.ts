import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signOut, type AuthSession } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
// Completes a hosted-UI sign-in when the provider sends the browser back to /signin with its code.
import 'aws-amplify/auth/enable-oauth-listener';
import type { WebConfig } from '@shared/web-config';

/*
 * The session as every signed-in page needs it: configure, the current user, the ID token, sign-out. Sign-in, sign-up
 * and password reset are in amplifySignIn.ts: a module is bundled whole with everything its exports use anywhere, and
 * Amplify's sign-in flows (SRP and its big-number maths among them) are no part of a signed-in page's first load.
 */

/** The signed-in person as the ID token describes them. */
export type AuthUser = { userId: string; email: string; name: string };

let configured: WebConfig | undefined;

/**
 * Points Amplify at the user pool of `config.json` (DESIGN §2); locally at cognito-local through
 * `Auth.Cognito.userPoolEndpoint`. Idempotent: the app providers call it on every mount.
 */
export const configureAmplify = (config: WebConfig) => {
  if (configured === config) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain && config.identityProviders.length > 0
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                  // the app client's callback and sign-out URLs (infra/constructs/auth.ts)
                  redirectSignIn: [`${window.location.origin}/signin`],
                  redirectSignOut: [`${window.location.origin}/signin`],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
        signUpVerificationMethod: 'code',
      },
    },
  });
  configured = config;
};

const userFromSession = (userId: string, session: AuthSession): AuthUser | null => {
  const claims = session.tokens?.idToken?.payload;
  if (!claims) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { userId, email: text(claims.email), name: text(claims.name) };
};

/** The signed-in user, or null when nobody is (or the session cannot be refreshed). */
export const loadCurrentUser = async (): Promise<AuthUser | null> => {
  let userId: string;
  try {
    ({ userId } = await getCurrentUser());
  } catch (error) {
    if (error instanceof Error && error.name === 'UserUnAuthenticatedException') return null;
    throw error;
  }
  return userFromSession(userId, await fetchAuthSession());
};

/**
 * How far Cognito's clock is ahead of this browser's (ms), as Amplify measured it when it stored the tokens (`iat`
 * against the browser's clock at that moment); 0 when it has none.
 */
const clockDrift = async () => (await cognitoUserPoolsTokenProvider.authTokenStore.loadTokens())?.clockDrift ?? 0;

/**
 * The Cognito ID token the API expects as bearer token and when it expires by this browser's clock; `force` makes
 * Amplify refresh it with the refresh token. Undefined when nobody is signed in. The token cache (tokenCache.ts)
 * decides when to force. The expiry is corrected by the clock drift, as Amplify's own expiry check does: a computer
 * whose clock is an hour ahead would otherwise see every new token as expired and renew it on every request, in
 * every tab.
 */
export const fetchIdToken = async (force: boolean) => {
  const idToken = (await fetchAuthSession({ forceRefresh: force })).tokens?.idToken;
  if (!idToken) return undefined;
  const exp = idToken.payload.exp;
  if (typeof exp !== 'number') return { token: idToken.toString() };
  return { token: idToken.toString(), expiresAt: exp * 1000 - (await clockDrift()) };
};

export const pendingReferralKey = 'outreach.pendingReferralCode';

/** Keeps a hosted-UI sign-up's referral code in this tab (sessionStorage outlives the redirect to the provider). */
export const keepPendingReferralCode = (code: string) => {
  try {
    sessionStorage.setItem(pendingReferralKey, code);
  } catch {
    // storage blocked: the sign-up goes on without its referral
  }
};

/** The referral code a hosted-UI sign-up carried, once. */
export const takePendingReferralCode = () => {
  try {
    const code = sessionStorage.getItem(pendingReferralKey) ?? undefined;
    sessionStorage.removeItem(pendingReferralKey);
    return code;
  } catch {
    return undefined;
  }
};

/** Ends the session in this browser (tokens removed, refresh token revoked where Cognito supports it). */
export const signOutUser = () => signOut();
