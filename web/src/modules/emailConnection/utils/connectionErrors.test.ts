import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { setLanguage } from '@/i18n/language';
import { connectFlowError, connectionErrorOf, expiredConnectionError } from './connectionErrors';

const apiError = (status: number, code: string, serverMessage?: string) =>
  new ApiError({ status, code, message: serverMessage ?? `status ${status}`, serverMessage });

describe('connectionErrorOf (SPEC §8 refresh failure mapping)', () => {
  it('maps a network failure to a network error that needs no reconnect', () => {
    expect(connectionErrorOf(new Error('Network error. Please check your connection.'))).toMatchObject({
      type: 'network_error',
      requiresReconnect: false,
    });
    expect(connectionErrorOf(apiError(0, 'timeout'))).toMatchObject({ type: 'network_error' });
    expect(
      connectionErrorOf(apiError(503, 'provider_unavailable', 'The e-mail provider could not be reached.')),
    ).toMatchObject({
      type: 'network_error',
      requiresReconnect: false,
    });
  });

  it('maps expired to token_expired with a reconnect', () => {
    expect(connectionErrorOf(new Error('Authentication expired'))).toMatchObject({
      type: 'token_expired',
      requiresReconnect: true,
    });
  });

  it("maps invalid_grant, permission and access denied to a reconnect, keeping the server's text", () => {
    const reauthorize =
      'Your email connection needs to be re-authorized. The token has been invalidated or permissions revoked.';
    expect(connectionErrorOf(apiError(401, 'invalid_grant', reauthorize))).toEqual({
      type: 'invalid_grant',
      requiresReconnect: true,
      message: reauthorize,
      timestamp: expect.any(Number),
    });
    expect(connectionErrorOf(new Error('Insufficient permission'))).toMatchObject({
      type: 'permission_denied',
      requiresReconnect: true,
    });
    expect(connectionErrorOf(new Error('access denied by the user'))).toMatchObject({
      type: 'permission_denied',
      requiresReconnect: true,
    });
  });

  it('maps rate and HTTP 429 to rate limited', () => {
    expect(
      connectionErrorOf(apiError(429, 'rate_limited', 'Too many requests. Please try again later.')),
    ).toMatchObject({
      type: 'rate_limited',
      requiresReconnect: false,
    });
    expect(connectionErrorOf(new Error('rate limit exceeded'))).toMatchObject({ type: 'rate_limited' });
  });

  it('maps anything else to an unexpected error with a text to show', () => {
    expect(connectionErrorOf(new Error('Boom'))).toMatchObject({ type: 'unexpected_error', message: 'Boom' });
    expect(connectionErrorOf(undefined)).toMatchObject({ type: 'unexpected_error', message: 'An error occurred' });
  });
});

describe("the connect flow's own failures", () => {
  it("mean the same in every language: a refused consent asks for a reconnect, said in the interface's words", async () => {
    await setLanguage('de');
    expect(connectionErrorOf(connectFlowError('access_denied'))).toMatchObject({
      type: 'permission_denied',
      requiresReconnect: true,
      message:
        'Die Outlook-Autorisierung wurde verweigert. Bitte versuchen Sie es erneut und erteilen Sie die nötigen Berechtigungen.',
    });
    expect(connectionErrorOf(connectFlowError('oauth_url_failed', { provider: 'Gmail' }))).toMatchObject({
      type: 'unexpected_error',
      requiresReconnect: false,
      message: 'Der Dienst hat keine OAuth-URL für Gmail geliefert',
    });
  });
});

describe('expiredConnectionError', () => {
  it('says why a connection the server holds as expired needs a reconnect', () => {
    expect(expiredConnectionError('invalid_grant')).toMatchObject({
      type: 'invalid_grant',
      requiresReconnect: true,
      message:
        'Your email connection needs to be re-authorized. The token has been invalidated or permissions revoked.',
    });
    expect(expiredConnectionError('permission_denied').message).toBe(
      'Permissions for this email connection have been revoked. Please re-authorize.',
    );
    expect(expiredConnectionError(null).message).toBe('Authentication expired. Please reconnect your account.');
  });
});
