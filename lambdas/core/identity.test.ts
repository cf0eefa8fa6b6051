import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './identity.js';

describe('the identity of verified claims', () => {
  it('takes the user id from the sub and the rest from the e-mail, name and user name claims', () => {
    expect(
      identityFromClaims({
        sub: 'abc',
        email: 'ada@example.com',
        name: 'Ada',
        'cognito:username': 'Google_1',
        token_use: 'id',
      }),
    ).toEqual({ userId: 'abc', email: 'ada@example.com', name: 'Ada', username: 'Google_1' });
  });

  it('falls back to the sub as user name and to no e-mail or name', () => {
    expect(identityFromClaims({ sub: 'abc' })).toEqual({ userId: 'abc', email: '', username: 'abc' });
  });

  it("takes no e-mail that Cognito marks unverified, nor a federated one without its provider's word", () => {
    const microsoft = {
      sub: 'abc',
      email: 'ceo@victim.example',
      'cognito:username': 'Microsoft_1',
      identities: '[{"providerName":"Microsoft","providerType":"OIDC"}]',
    };
    // Microsoft's `email` claim without `xms_edov`: Cognito marks it unverified, or says nothing
    expect(identityFromClaims({ ...microsoft, email_verified: 'false' })?.email).toBe('');
    expect(identityFromClaims({ ...microsoft, email_verified: false })?.email).toBe('');
    expect(identityFromClaims(microsoft)?.email).toBe('');
    // with `xms_edov` (mapped to email_verified), and for Google, whose own claim is mapped
    expect(identityFromClaims({ ...microsoft, email_verified: 'true' })?.email).toBe('ceo@victim.example');
    // an e-mail sign-up of the pool itself, verified by its code
    expect(identityFromClaims({ sub: 'abc', email: 'ada@example.com', email_verified: true })?.email).toBe(
      'ada@example.com',
    );
    expect(identityFromClaims({ sub: 'abc', email: 'ada@example.com', email_verified: 'false' })?.email).toBe('');
  });

  it("takes a Google sign-in's picture when it is an https URL, nothing else", () => {
    const picture = 'https://lh3.googleusercontent.com/a/ACg8oc-example=s96-c';
    expect(identityFromClaims({ sub: 'abc', picture })?.picture).toBe(picture);
    for (const other of [
      'http://example.com/me.png',
      'javascript:alert(1)',
      'not a url',
      `https://x.example/${'a'.repeat(2048)}`,
      42,
    ]) {
      expect(identityFromClaims({ sub: 'abc', picture: other })).not.toHaveProperty('picture');
    }
  });

  it('has no identity without a sub to trust', () => {
    expect(identityFromClaims(undefined)).toBeUndefined();
    expect(identityFromClaims({ email: 'ada@example.com', userId: 'abc' })).toBeUndefined();
    expect(identityFromClaims({ sub: '' })).toBeUndefined();
    expect(identityFromClaims({ sub: 42 })).toBeUndefined();
  });
});
