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

  it('has no identity without a sub to trust', () => {
    expect(identityFromClaims(undefined)).toBeUndefined();
    expect(identityFromClaims({ email: 'ada@example.com', userId: 'abc' })).toBeUndefined();
    expect(identityFromClaims({ sub: '' })).toBeUndefined();
    expect(identityFromClaims({ sub: 42 })).toBeUndefined();
  });
});
