import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  type AuthSession,
} from 'aws-amplify/auth';
// Completes a hosted-UI sign-in when the provider sends the browser back to /signin with its code.
import 'aws-amplify/auth/enable-oauth-listener';
import type { WebConfig } from '@shared/web-config';

/** The signed-in person as the ID token describes them. */
export type AuthUser = { userId: string; email: string; name: string };

/** Where sign-in or sign-up stands after a call: done, or waiting for the e-mailed confirmation code. */
export type AuthStep = 'done' | 'confirmSignUp';

/** A step Cognito asks for that this app does not offer (MFA, forced new password, ...). */
export class UnsupportedAuthStepError extends Error {
  override readonly name = 'UnsupportedAuthStepError';
}

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
 * The Cognito ID token the API expects as bearer token and when it expires; `force` makes Amplify refresh it with the
 * refresh token. Undefined when nobody is signed in. The token cache (tokenCache.ts) decides when to force.
 */
export const fetchIdToken = async (force: boolean) => {
  const idToken = (await fetchAuthSession({ forceRefresh: force })).tokens?.idToken;
  if (!idToken) return undefined;
  const exp = idToken.payload.exp;
  return { token: idToken.toString(), ...(typeof exp === 'number' ? { expiresAt: exp * 1000 } : {}) };
};

export type PasswordSignIn = { email: string; password: string; authFlowType: WebConfig['authFlowType'] };

/** E-mail + password sign-in; cognito-local needs USER_PASSWORD_AUTH (no SRP), AWS uses SRP: `config.json` says which. */
export const signInWithPassword = async ({ email, password, authFlowType }: PasswordSignIn): Promise<AuthStep> => {
  const attempt = () => signIn({ username: email, password, options: { authFlowType } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    // A session left over from another account in this browser: replace it rather than refuse.
    if (!(error instanceof Error && error.name === 'UserAlreadyAuthenticatedException')) throw error;
    await signOut();
    result = await attempt();
  }
  const step = result.nextStep.signInStep;
  if (step === 'DONE') return 'done';
  if (step === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  throw new UnsupportedAuthStepError(`Sign-in needs a step this app does not offer yet (${step}).`);
};

export type PasswordSignUp = { email: string; password: string; name: string };

/** Creates the Cognito account; on AWS the e-mail is confirmed with a code first, locally it is confirmed at once. */
export const signUpWithPassword = async ({ email, password, name }: PasswordSignUp): Promise<AuthStep> => {
  const result = await signUp({
    username: email,
    password,
    options: { userAttributes: { email, name } },
  });
  return result.isSignUpComplete ? 'done' : 'confirmSignUp';
};

export const confirmSignUpCode = async (email: string, code: string) => {
  await confirmSignUp({ username: email, confirmationCode: code.trim() });
};

export type IdentityProvider = WebConfig['identityProviders'][number];

/** Google or Microsoft through the hosted UI (DESIGN §2): the whole page goes to the provider and comes back to /signin. */
export const signInWithProvider = async (provider: IdentityProvider, { referralCode }: { referralCode?: string } = {}) => {
  // the referral of a `?ref=CODE` sign-up survives the trip to the provider (synced on return, useSessionSync)
  if (referralCode) sessionStorage.setItem(pendingReferralKey, referralCode);
  await signInWithRedirect({ provider: provider === 'Google' ? 'Google' : { custom: provider } });
};

const pendingReferralKey = 'outreach.pendingReferralCode';

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

/** SPEC §2 'Password reset form': Cognito e-mails a code to the address, if an account has it. */
export const requestPasswordReset = async (email: string) => {
  await resetPassword({ username: email });
};

/** The code from the reset e-mail and the new password. */
export const completePasswordReset = async ({ email, code, newPassword }: { email: string; code: string; newPassword: string }) => {
  await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
};

/** Ends the session in this browser (tokens removed, refresh token revoked where Cognito supports it). */
export const signOutUser = () => signOut();

/** Sends the sign-up confirmation code again (AWS; local sign-ups need none). */
export const resendSignUpEmail = async (email: string) => {
  await resendSignUpCode({ username: email });
};
