import { useSWRConfig } from 'swr';
import { useApiClient } from '@/lib/http/useApiClient';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import type { SyncUserBody } from '@/modules/profile/api/profileApi';
import { profileKey } from '@/modules/profile/hooks/useProfile';
import type { AuthUser } from '../api/amplifyAuth';
import {
  confirmSignUpCode,
  resendSignUpEmail,
  signInWithPassword,
  signUpWithPassword,
  type AuthStep,
} from '../api/amplifySignIn';
import { completeSignIn, signOutOfApp, waitForSignedInUser } from '../api/authSession';
import { syncUserIfDue } from '../api/userSync';
import { setAuthLoading, setAuthReady, setSignedOut } from '../state/authState';

export type SignInInput = { email: string; password: string };
export type SignUpInput = SignInInput & { name: string; referralCode?: string };
/** The code confirms an account made by sign-up (with its name and referral) or found unconfirmed at sign-in. */
export type ConfirmSignUpInput = SignInInput & Partial<Pick<SignUpInput, 'name' | 'referralCode'>> & { code: string };

/** Cognito compares e-mail usernames as typed: one spelling per address keeps one account per person. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Sign-up data of SPEC §7 sync-user: the name split into first and last, and the referral code. */
const signupData = ({ name = '', referralCode }: Partial<SignUpInput>): SyncUserBody['signupData'] => {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  const lastName = rest.join(' ');
  const data = {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(referralCode ? { referralCode } : {}),
  };
  return Object.keys(data).length > 0 ? data : undefined;
};

/**
 * Sign-in, sign-up and sign-out as the pages use them, through the SPEC §4 auth machine: LOAD while Cognito works,
 * ready once a user and ID token exist (requests may go), the profile synced, then SUCCESS, so the signed-in page
 * opens with the profile at hand.
 */
export const useAuthActions = () => {
  const config = useWebConfig();
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const prime = (profile: unknown) => mutate(profileKey, profile, { revalidate: false });

  /** Runs a Cognito step as LOAD; anything but a finished sign-in goes back to signed out (FAILURE). */
  const signingIn = async (run: () => Promise<AuthStep>, sync: (user: AuthUser) => SyncUserBody): Promise<AuthStep> => {
    setAuthLoading();
    try {
      const step = await run();
      if (step !== 'done') {
        setSignedOut();
        return step;
      }
      const user = await waitForSignedInUser();
      setAuthReady();
      await syncUserIfDue(api, user, sync(user), { explicitSignIn: true, prime });
      await completeSignIn(user);
      return step;
    } catch (error) {
      setSignedOut();
      throw error;
    }
  };

  const passwordSignIn = (email: string, password: string) => () =>
    signInWithPassword({ email, password, authFlowType: config.authFlowType });

  const signIn = (input: SignInInput) => {
    const email = normalizeEmail(input.email);
    return signingIn(passwordSignIn(email, input.password), () => ({ email }));
  };

  const completeSignUp = (input: Omit<ConfirmSignUpInput, 'code'>) => {
    const email = normalizeEmail(input.email);
    const displayName = input.name?.trim();
    const signup = signupData(input);
    return signingIn(passwordSignIn(email, input.password), () => ({
      email,
      ...(displayName ? { displayName } : {}),
      ...(signup ? { signupData: signup } : {}),
    }));
  };

  const signUp = async (input: SignUpInput): Promise<AuthStep> => {
    const step = await signUpWithPassword({
      email: normalizeEmail(input.email),
      password: input.password,
      name: input.name.trim(),
      ...(input.referralCode ? { referralCode: input.referralCode } : {}),
    });
    return step === 'done' ? completeSignUp(input) : step;
  };

  /** The e-mailed code of an AWS sign-up; then the person is signed in with the password they just chose. */
  const confirmSignUp = async ({ code, ...input }: ConfirmSignUpInput) => {
    await confirmSignUpCode(normalizeEmail(input.email), code, input.referralCode);
    return completeSignUp(input);
  };

  const signOut = () => signOutOfApp({ byUser: true });

  const resendCode = (email: string) => resendSignUpEmail(normalizeEmail(email));

  return { signIn, signUp, confirmSignUp, resendCode, signOut };
};
