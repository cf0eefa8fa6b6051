import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { authErrorMessage } from './authErrorMessage';

const named = (name: string, message = 'raw') => Object.assign(new Error(message), { name });

describe('authErrorMessage', () => {
  it('does not tell a wrong password from an unknown account', () => {
    expect(authErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect e-mail or password.',
    );
    expect(authErrorMessage(named('UserNotFoundException'))).toBe('Incorrect e-mail or password.');
  });

  it('points an existing account to sign-in', () => {
    expect(authErrorMessage(named('UsernameExistsException'))).toMatch(/already exists. Sign in instead/);
  });

  it('explains the password policy for a weak password', () => {
    expect(authErrorMessage(named('InvalidPasswordException'))).toMatch(/too weak. Use at least 8 characters/);
    expect(authErrorMessage(named('InvalidParameterException', 'Password did not conform with policy'))).toMatch(
      /too weak/,
    );
  });

  it("shows an API error's text and falls back to the error's own message", () => {
    expect(
      authErrorMessage(
        new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' }),
      ),
    ).toBe('Server error. Please try again later.');
    expect(authErrorMessage(named('SomethingNew', 'Cognito said no'))).toBe('Cognito said no');
    expect(authErrorMessage('??')).toBe('Something went wrong. Please try again.');
  });
});

describe('authErrorMessage at sign-in', () => {
  it("reads cognito-local's InvalidPasswordException as a wrong password, not a weak one", () => {
    expect(authErrorMessage(named('InvalidPasswordException', 'Invalid password'), 'signIn')).toBe(
      'Incorrect e-mail or password.',
    );
    expect(authErrorMessage(named('InvalidPasswordException', 'Invalid password'), 'signUp')).toMatch(/too weak/);
  });
});

describe('authErrorMessage for a configuration error (SPEC §8)', () => {
  const configuration = 'Authentication configuration error. Please contact support.';

  it.each([
    ['ResourceNotFoundException', 'User pool client 4n2... does not exist.'],
    ['AuthUserPoolException', 'Auth UserPool not configured.'],
    ['InvalidUserPoolConfigurationException', 'SMS configuration is invalid.'],
    ['InvalidLambdaResponseException', 'Invalid lambda response'],
    ['UnexpectedLambdaException', 'PreSignUp failed with error Task timed out.'],
  ])('tells the person to contact support for %s', (name, message) => {
    expect(authErrorMessage(named(name, message), 'signIn')).toBe(configuration);
    expect(authErrorMessage(named(name, message), 'signUp')).toBe(configuration);
  });

  it('reads a NotAuthorizedException about a flow the client does not allow as a configuration error', () => {
    expect(
      authErrorMessage(
        named('NotAuthorizedException', 'USER_PASSWORD_AUTH flow not enabled for this client'),
        'signIn',
      ),
    ).toBe(configuration);
    // any other NotAuthorizedException stays a wrong password
    expect(authErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'), 'signIn')).toBe(
      'Incorrect e-mail or password.',
    );
  });
});
