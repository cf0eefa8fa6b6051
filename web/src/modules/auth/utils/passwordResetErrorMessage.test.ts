import { describe, expect, it } from 'vitest';
import { passwordResetErrorMessage } from './passwordResetErrorMessage';

const cognitoError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('passwordResetErrorMessage (SPEC §8 Password reset)', () => {
  it('names an unknown account', () => {
    expect(
      passwordResetErrorMessage(cognitoError('UserNotFoundException', 'Username/client id combination not found.')),
    ).toBe('No account found with that email');
  });

  it('names a malformed address', () => {
    expect(passwordResetErrorMessage(cognitoError('InvalidParameterException', 'Invalid email address format.'))).toBe(
      'Invalid email address',
    );
  });

  it('says the reset failed for anything else', () => {
    expect(passwordResetErrorMessage(cognitoError('LimitExceededException', 'Attempt limit exceeded'))).toBe(
      'Failed to reset password',
    );
    expect(passwordResetErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to reset password');
    expect(passwordResetErrorMessage('boom')).toBe('Failed to reset password');
  });
});
