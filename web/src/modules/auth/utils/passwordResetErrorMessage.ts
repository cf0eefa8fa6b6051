import { i18n } from '@/i18n';

/**
 * SPEC §8 'Password reset': an unknown account and a malformed address have their own texts, anything else is
 * 'Failed to reset password'. Cognito names them UserNotFoundException and InvalidParameterException (an AWS pool
 * that hides whether an account exists answers as if it did, which then reads as success).
 */
export const passwordResetErrorMessage = (error: unknown) => {
  const name = error instanceof Error ? error.name : '';
  if (name === 'UserNotFoundException') return i18n.t('auth:reset.userNotFound');
  if (name === 'InvalidParameterException' && /email|username/i.test(error instanceof Error ? error.message : '')) {
    return i18n.t('auth:reset.invalidEmail');
  }
  if (name === 'EmptyResetPasswordUsername') return i18n.t('auth:reset.invalidEmail');
  return i18n.t('auth:reset.failed');
};
