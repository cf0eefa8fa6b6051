import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './storedSession';

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('hasStoredSession', () => {
  it('is true when Amplify remembers a user of this app client', () => {
    expect(hasStoredSession('client1', storage({ 'CognitoIdentityServiceProvider.client1.LastAuthUser': 'u-1' }))).toBe(
      true,
    );
  });

  it('is false for another app client, an empty store or blocked storage', () => {
    expect(hasStoredSession('client1', storage({ 'CognitoIdentityServiceProvider.client2.LastAuthUser': 'u-1' }))).toBe(
      false,
    );
    expect(hasStoredSession('client1', storage({}))).toBe(false);
    expect(
      hasStoredSession('client1', {
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe(false);
  });
});
