import { isApiError } from '@/lib/http/ApiError';
import { i18n } from '@/i18n';
import { passwordHint } from './passwordPolicy';

/**
 * What to tell a person whose sign-in, sign-up or confirmation failed. Cognito's exception names (surfaced by Amplify
 * as `error.name`) become plain sentences; anything unknown shows Amplify's own message rather than nothing.
 */
const byName: Record<string, () => string> = {
  NotAuthorizedException: () => i18n.t('auth:errors.wrongCredentials'),
  UserNotFoundException: () => i18n.t('auth:errors.wrongCredentials'),
  UsernameExistsException: () => i18n.t('auth:errors.accountExists'),
  AliasExistsException: () => i18n.t('auth:errors.accountExists'),
  InvalidPasswordException: () => i18n.t('auth:errors.weakPassword', { hint: passwordHint() }),
  CodeMismatchException: () => i18n.t('auth:errors.codeMismatch'),
  ExpiredCodeException: () => i18n.t('auth:errors.codeExpired'),
  LimitExceededException: () => i18n.t('auth:errors.tooManyAttempts'),
  TooManyRequestsException: () => i18n.t('auth:errors.tooManyAttempts'),
  TooManyFailedAttemptsException: () => i18n.t('auth:errors.tooManyAttempts'),
  PasswordResetRequiredException: () => i18n.t('auth:errors.resetRequired'),
  NetworkError: () => i18n.t('auth:errors.network'),
  EmptySignInUsername: () => i18n.t('auth:errors.emailRequired'),
  EmptySignInPassword: () => i18n.t('auth:errors.passwordRequired'),
  EmptySignUpUsername: () => i18n.t('auth:errors.emailRequired'),
  EmptySignUpPassword: () => i18n.t('auth:errors.choosePassword'),
  EmptyConfirmSignUpCode: () => i18n.t('auth:errors.codeRequired'),
};

/**
 * SPEC §8 'Configuration' (DESIGN §2: provider-neutral): Cognito refusing because the app's user pool, client or
 * triggers are set up wrongly. Nothing the person types can fix these, so they are told to contact support rather
 * than shown Cognito's text.
 */
const configurationErrors = new Set([
  'ResourceNotFoundException',
  'AuthUserPoolException',
  'InvalidUserPoolConfigurationException',
  'InvalidLambdaResponseException',
  'UnexpectedLambdaException',
]);

/** NotAuthorizedException is also Cognito's answer to an auth flow the app client does not allow. */
const flowNotEnabled = /not enabled for this client/i;

const isConfigurationError = (error: Error) =>
  configurationErrors.has(error.name) ||
  (error.name === 'NotAuthorizedException' && flowNotEnabled.test(error.message));

/** What the person was doing: a password refused at sign-in is a wrong one, at sign-up a weak one. */
export type AuthAction = 'signIn' | 'signUp' | 'confirm' | 'other';

export const authErrorMessage = (error: unknown, action: AuthAction = 'other') => {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) {
    if (isConfigurationError(error)) return i18n.t('auth:errors.configuration');
    // cognito-local answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException
    if (action === 'signIn' && error.name === 'InvalidPasswordException') return byName.NotAuthorizedException!();
    const known = byName[error.name];
    if (known) return known();
    if (error.name === 'InvalidParameterException' && /password/i.test(error.message))
      return byName.InvalidPasswordException!();
    if (error.message) return error.message;
  }
  return i18n.t('auth:errors.unknown');
};
