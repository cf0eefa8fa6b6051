import { useSWRConfig } from 'swr';
import { messages } from '../../../../../shared/messages';
import { useApiClient } from '../../api/hooks/useApiClient';
import { useWebConfig } from '../../config/hooks/useWebConfig';
import { syncUser, type SyncUserBody } from '../../profile/api/profileApi';
import { profileKey } from '../../profile/hooks/useProfile';
import {
  confirmSignUpCode,
  loadCurrentUser,
  resendSignUpEmail,
  signInWithPassword,
  signOutUser,
  signUpWithPassword,
  type AuthStep,
} from '../api/amplifyAuth';
import { setSignedIn, setSignedOut } from '../state/authState';

export type SignInInput = { email: string; password: string };
export type SignUpInput = SignInInput & { name: string; referralCode?: string };
/** The code confirms an account made by sign-up (with its name and referral) or found unconfirmed at sign-in. */
export type ConfirmSignUpInput = SignInInput & Partial<Pick<SignUpInput, 'name' | 'referralCode'>> & { code: string };

/** Cognito compares e-mail usernames as typed: one spelling per address keeps one account per person. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

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
 * Sign-in, sign-up and sign-out as the pages use them. After Cognito accepts someone, the profile is synced
 * (SPEC §7 `POST /api/users/sync-user`: e-mail, name, browser time zone, sign-up data), its answer primes the profile
 * cache, and only then does the auth store say 'authenticated', so the signed-in page opens with the profile at hand.
 */
export const useAuthActions = () => {
  const config = useWebConfig();
  const api = useApiClient();
  const { mutate } = useSWRConfig();

  const finishSignIn = async (body: SyncUserBody) => {
    const user = await loadCurrentUser();
    if (!user) throw new Error(messages.auth.noUser);
    try {
      const profile = await syncUser(api, { ...body, timeZone: browserTimeZone() });
      await mutate(profileKey, profile, { revalidate: false });
    } catch (error) {
      // SPEC §4/§7: a failed sync does not keep anyone out; the signed-in page loads the profile itself.
      console.warn('User sync failed', error);
    }
    setSignedIn(user);
  };

  const signIn = async (input: SignInInput): Promise<AuthStep> => {
    const email = normalizeEmail(input.email);
    const { password } = input;
    const step = await signInWithPassword({ email, password, authFlowType: config.authFlowType });
    if (step === 'done') await finishSignIn({ email });
    return step;
  };

  const completeSignUp = async (input: Omit<ConfirmSignUpInput, 'code'>): Promise<AuthStep> => {
    const email = normalizeEmail(input.email);
    const step = await signInWithPassword({ email, password: input.password, authFlowType: config.authFlowType });
    if (step === 'done') {
      const displayName = input.name?.trim();
      const signup = signupData(input);
      await finishSignIn({
        email,
        ...(displayName ? { displayName } : {}),
        ...(signup ? { signupData: signup } : {}),
      });
    }
    return step;
  };

  const signUp = async (input: SignUpInput): Promise<AuthStep> => {
    const step = await signUpWithPassword({
      email: normalizeEmail(input.email),
      password: input.password,
      name: input.name.trim(),
    });
    return step === 'done' ? completeSignUp(input) : step;
  };

  /** The e-mailed code of an AWS sign-up; then the person is signed in with the password they just chose. */
  const confirmSignUp = async ({ code, ...input }: ConfirmSignUpInput) => {
    await confirmSignUpCode(normalizeEmail(input.email), code);
    return completeSignUp(input);
  };

  const signOut = async () => {
    try {
      await signOutUser();
    } finally {
      // Every cached answer belongs to the person leaving.
      await mutate(() => true, undefined, { revalidate: false });
      setSignedOut({ byUser: true });
    }
  };

  const resendCode = (email: string) => resendSignUpEmail(normalizeEmail(email));

  return { signIn, signUp, confirmSignUp, resendCode, signOut };
};
