import {
  confirmResetPassword,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import type { WebConfig } from '@shared/web-config';
import { keepPendingReferralCode } from './amplifyAuth';

/* Sign-in, sign-up and password reset through Amplify: the auth pages' part of it (the session is in amplifyAuth.ts). */

/** Where sign-in or sign-up stands after a call: done, or waiting for the e-mailed confirmation code. */
export type AuthStep = 'done' | 'confirmSignUp';

/** A step Cognito asks for that this app does not offer (MFA, forced new password, ...). */
export class UnsupportedAuthStepError extends Error {
  override readonly name = 'UnsupportedAuthStepError';
}

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

export type PasswordSignUp = { email: string; password: string; name: string; referralCode?: string };

/**
 * Cognito hands `clientMetadata` to the PostConfirmation trigger (lambdas/profiles/post-confirmation.ts), which
 * rewards the referral as the account is confirmed: on AWS with the confirmation code, locally (cognito-local confirms
 * at once) with the sign-up itself. The first sync-user carries the code too, in case the trigger could not.
 */
const referralMetadata = (referralCode: string | undefined) =>
  referralCode ? { clientMetadata: { referralCode } } : {};

/** Creates the Cognito account; on AWS the e-mail is confirmed with a code first, locally it is confirmed at once. */
export const signUpWithPassword = async ({
  email,
  password,
  name,
  referralCode,
}: PasswordSignUp): Promise<AuthStep> => {
  const result = await signUp({
    username: email,
    password,
    options: { userAttributes: { email, name }, ...referralMetadata(referralCode) },
  });
  return result.isSignUpComplete ? 'done' : 'confirmSignUp';
};

export const confirmSignUpCode = async (email: string, code: string, referralCode?: string) => {
  await confirmSignUp({
    username: email,
    confirmationCode: code.trim(),
    ...(referralCode ? { options: referralMetadata(referralCode) } : {}),
  });
};

export type IdentityProvider = WebConfig['identityProviders'][number];

/** Google or Microsoft through the hosted UI (DESIGN §2): the whole page goes to the provider and comes back to /signin. */
export const signInWithProvider = async (
  provider: IdentityProvider,
  { referralCode }: { referralCode?: string } = {},
) => {
  // the referral of a `?ref=CODE` sign-up cannot ride through Cognito's hosted UI: it waits in this tab's storage
  // across the trip to the provider and back, and is sent with the first sync-user on return (useSessionSync)
  if (referralCode) keepPendingReferralCode(referralCode);
  await signInWithRedirect({ provider: provider === 'Google' ? 'Google' : { custom: provider } });
};

/** SPEC §2 'Password reset form': Cognito e-mails a code to the address, if an account has it. */
export const requestPasswordReset = async (email: string) => {
  await resetPassword({ username: email });
};

/** The code from the reset e-mail and the new password. */
export const completePasswordReset = async ({
  email,
  code,
  newPassword,
}: {
  email: string;
  code: string;
  newPassword: string;
}) => {
  await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
};

/** Sends the sign-up confirmation code again (AWS; local sign-ups need none). */
export const resendSignUpEmail = async (email: string) => {
  await resendSignUpCode({ username: email });
};
