import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KMSClient } from '@aws-sdk/client-kms';
import { afterAll, describe, expect, it } from 'vitest';
import { LazyClient } from '../lazy-client.js';
import { open, seal } from './envelope.js';
import { ensureKeyFile, keyFileDataKeys } from './key-file.js';
import { kmsDataKeys } from './kms.js';

const dir = mkdtempSync(join(tmpdir(), 'envelope-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = keyFileDataKeys(ensureKeyFile(join(dir, 'token.key')));
const context = { purpose: 'mailbox-tokens', uid: 'user-a', mailbox: 'm1' };
const secret = { accessToken: 'ya29.a-very-secret-access-token', refreshToken: '1//a-very-secret-refresh-token' };

describe('envelope encryption', () => {
  it('opens what it sealed under the same context, and stores nothing readable', async () => {
    const sealed = await seal(keys, context, secret);
    expect(await open(keys, context, sealed)).toEqual(secret);
    const stored = JSON.stringify(sealed);
    expect(stored).not.toContain('very-secret');
    expect(stored).not.toContain(Buffer.from('very-secret').toString('base64'));
  });

  it('seals the same value differently every time (a data key and an IV per write)', async () => {
    const [one, two] = await Promise.all([seal(keys, context, secret), seal(keys, context, secret)]);
    expect(one.key).not.toBe(two.key);
    expect(one.data).not.toBe(two.data);
  });

  it('refuses to open under another user, another mailbox or another purpose', async () => {
    const sealed = await seal(keys, context, secret);
    for (const other of [
      { ...context, uid: 'user-b' },
      { ...context, mailbox: 'm2' },
      { ...context, purpose: 'oauth-verifier' },
    ]) {
      await expect(open(keys, other, sealed)).rejects.toThrow();
    }
  });

  it('refuses a sealed value whose bytes were changed', async () => {
    const sealed = await seal(keys, context, secret);
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    await expect(open(keys, context, { ...sealed, data: data.toString('base64') })).rejects.toThrow();
  });

  it('refuses a value sealed with another master key', async () => {
    const otherKeys = keyFileDataKeys(ensureKeyFile(join(dir, 'other.key')));
    await expect(open(otherKeys, context, await seal(keys, context, secret))).rejects.toThrow();
  });
});

describe('the local key file', () => {
  it('is made once with 32 random bytes, readable by its owner only, and kept on later starts', () => {
    const path = join(dir, 'nested', 'kept.key');
    ensureKeyFile(path);
    const first = readFileSync(path);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    ensureKeyFile(path);
    expect(readFileSync(path).equals(first)).toBe(true);
  });
});

describe('KMS data keys', () => {
  it('asks KMS for an AES-256 data key and for its unwrapping with the encryption context', async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const plaintext = new Uint8Array(32).fill(7);
    const fake = {
      send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: command.constructor.name, input: command.input });
        return command.constructor.name === 'GenerateDataKeyCommand'
          ? { Plaintext: new Uint8Array(plaintext), CiphertextBlob: new Uint8Array([1, 2, 3]) }
          : { Plaintext: new Uint8Array(plaintext) };
      },
    } as unknown as KMSClient;
    const kms = kmsDataKeys(new LazyClient(async () => fake), 'arn:aws:kms:eu-west-1:1:key/k');
    const sealed = await seal(kms, context, secret);
    expect(sealed.by).toBe('kms');
    expect(await open(kms, context, sealed)).toEqual(secret);
    expect(sent).toEqual([
      {
        name: 'GenerateDataKeyCommand',
        input: { KeyId: 'arn:aws:kms:eu-west-1:1:key/k', KeySpec: 'AES_256', EncryptionContext: context },
      },
      {
        name: 'DecryptCommand',
        input: {
          KeyId: 'arn:aws:kms:eu-west-1:1:key/k',
          CiphertextBlob: Buffer.from([1, 2, 3]),
          EncryptionContext: context,
        },
      },
    ]);
    // a value sealed under KMS is not opened with the local key, and the reverse
    await expect(open(keys, context, sealed)).rejects.toThrow(/Sealed by 'kms'/);
  });
});
