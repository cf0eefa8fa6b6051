import { describe, expect, it } from 'vitest';
import { apiFailure, tokenEndpointFailure } from './failures.js';
import { clientSecretReader, isLocalHttp, readMailSettings } from './settings.js';

describe('the mail sign-in settings', () => {
  it("default to the providers' own endpoints and the common tenant", () => {
    expect(readMailSettings({})).toEqual({
      google: {
        clientId: undefined,
        clientSecret: undefined,
        clientSecretName: undefined,
        oauthBaseUrl: undefined,
        gmailBaseUrl: undefined,
      },
      microsoft: {
        clientId: undefined,
        clientSecret: undefined,
        clientSecretName: undefined,
        tenant: 'common',
        authorityBaseUrl: 'https://login.microsoftonline.com',
        graphBaseUrl: 'https://graph.microsoft.com/',
      },
    });
  });

  it('name the variables that are malformed', () => {
    expect(() => readMailSettings({ GOOGLE_OAUTH_BASE_URL: 'not a url', MICROSOFT_TENANT: 'a/b' })).toThrow(
      'Mail sign-in settings are invalid: GOOGLE_OAUTH_BASE_URL, MICROSOFT_TENANT',
    );
  });

  it('prefer a given secret, else read the named one, else fail naming both variables', async () => {
    const read = (name: string) => async () => `value of ${name}`;
    const given = { clientId: 'c', clientSecret: 'plain', clientSecretName: 'named' };
    expect(await clientSecretReader(given, 'X_SECRET_VAR', read)()).toBe('plain');
    const named = { clientId: 'c', clientSecret: undefined, clientSecretName: 'named' };
    expect(await clientSecretReader(named, 'X_SECRET_VAR', read)()).toBe('value of named');
    const none = { clientId: 'c', clientSecret: undefined, clientSecretName: undefined };
    await expect(clientSecretReader(none, 'X_SECRET_VAR', read)()).rejects.toThrow(
      "No OAuth client secret: set X_SECRET_VAR_SECRET (a secret's name) or X_SECRET_VAR",
    );
  });

  it('allow plain http only towards this machine', () => {
    expect(isLocalHttp('http://localhost:4010/microsoft')).toBe(true);
    expect(isLocalHttp('http://127.0.0.1:4010/microsoft')).toBe(true);
    expect(isLocalHttp('http://login.microsoftonline.com')).toBe(false);
    expect(isLocalHttp('https://localhost:4010')).toBe(false);
  });
});

describe('the mail sign-in failures', () => {
  it('say invalid_grant for a gone grant, invalid_request for our refused request, unavailable for an outage', () => {
    expect(tokenEndpointFailure('Google', 400, 'invalid_grant')).toMatchObject({
      kind: 'invalid_grant',
      message: 'Google refused the grant (400 invalid_grant)',
    });
    expect(tokenEndpointFailure('Google', 400, 'redirect_uri_mismatch').kind).toBe('invalid_request');
    expect(tokenEndpointFailure('Microsoft', 401, 'invalid_client').kind).toBe('invalid_request');
    for (const status of [429, 500, 503, undefined]) {
      expect(tokenEndpointFailure('Google', status, undefined).kind).toBe('unavailable');
    }
  });

  it('say unauthorized when a mailbox API refuses the access token', () => {
    expect(apiFailure('Gmail', 401, 'UNAUTHENTICATED').kind).toBe('unauthorized');
    expect(apiFailure('Gmail', 403, 'PERMISSION_DENIED').kind).toBe('unauthorized');
    expect(apiFailure('Gmail', 404).kind).toBe('invalid_request');
    expect(apiFailure('Gmail', 502).kind).toBe('unavailable');
  });
});
