import { isApiError } from '@/lib/http/ApiError';
import { passwordHint } from './passwordPolicy';

/**
 * What to tell a person whose sign-in, sign-up or confirmation failed. Cognito's exception names (surfaced by Amplify
 * as `error.name`) become plain sentences; anything unknown shows Amplify's own message rather than nothing.
 */
const byName: Record<string, string> = {
  NotAuthorizedException: 'Incorrect e-mail or password.',
  UserNotFoundException: 'Incorrect e-mail or password.',
  UsernameExistsException: 'An account with this e-mail already exists. Sign in instead.',
  AliasExistsException: 'An account with this e-mail already exists. Sign in instead.',
  InvalidPasswordException: `That password is too weak. ${passwordHint}`,
  CodeMismatchException: 'That code is not right. Check the e-mail we sent and try again.',
  ExpiredCodeException: 'That code has expired. Request a new one and try again.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyFailedAttemptsException: 'Too many attempts. Please wait a few minutes and try again.',
  PasswordResetRequiredException: 'Your password must be reset before you can sign in.',
  NetworkError: 'Network error. Please check your connection.',
  EmptySignInUsername: 'Enter your e-mail address.',
  EmptySignInPassword: 'Enter your password.',
  EmptySignUpUsername: 'Enter your e-mail address.',
  EmptySignUpPassword: 'Enter a password.',
  EmptyConfirmSignUpCode: 'Enter the code from the e-mail.',
};

/** What the person was doing: a password refused at sign-in is a wrong one, at sign-up a weak one. */
export type AuthAction = 'signIn' | 'signUp' | 'confirm' | 'other';

export const authErrorMessage = (error: unknown, action: AuthAction = 'other') => {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) {
    // cognito-local answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException
    if (action === 'signIn' && error.name === 'InvalidPasswordException') return byName.NotAuthorizedException!;
    const known = byName[error.name];
    if (known) return known;
    if (error.name === 'InvalidParameterException' && /password/i.test(error.message))
      return byName.InvalidPasswordException!;
    if (error.message) return error.message;
  }
  return 'Something went wrong. Please try again.';
};
