import { describe, expect, it } from 'vitest';
import { keyedHash, keyedHashFromEnv } from './keyed-hash.js';

describe('keyed fingerprints', () => {
  it('give one value the same fingerprint under one key and purpose, and hold nothing of it', async () => {
    const hash = keyedHash('key-one');
    const fingerprint = await hash('deleted-address', 'rita@example.com');
    expect(await hash('deleted-address', 'rita@example.com')).toBe(fingerprint);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint).not.toContain('rita');
  });

  it('differ under another key, for another purpose and for another value', async () => {
    const fingerprint = await keyedHash('key-one')('deleted-address', 'rita@example.com');
    expect(await keyedHash('key-two')('deleted-address', 'rita@example.com')).not.toBe(fingerprint);
    expect(await keyedHash('key-one')('referred-mailbox', 'rita@example.com')).not.toBe(fingerprint);
    expect(await keyedHash('key-one')('deleted-address', 'nina@example.com')).not.toBe(fingerprint);
  });

  it('read the key from the environment, or the secret named there, and refuse to run without either', async () => {
    const local = keyedHashFromEnv({ ADDRESS_HASH_KEY: 'key-one' });
    expect(await local('p', 'v')).toBe(await keyedHash('key-one')('p', 'v'));
    const read: string[] = [];
    const fromSecret = keyedHashFromEnv({ ADDRESS_HASH_KEY_SECRET: 'app/dev/address-hash-key' }, (name) => async () => {
      read.push(name);
      return 'key-one';
    });
    expect(await fromSecret('p', 'v')).toBe(await keyedHash('key-one')('p', 'v'));
    expect(read).toEqual(['app/dev/address-hash-key']);
    expect(() => keyedHashFromEnv({})).toThrow(/ADDRESS_HASH_KEY/);
  });
});
