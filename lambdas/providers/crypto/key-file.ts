import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { contextBytes } from './envelope.js';
import type { DataKeyPort } from './port.js';

const keyBytes = 32;

/**
 * The local master key (DESIGN §6: a key file under `.local/`): 32 random bytes, made on first start with mode 0600
 * and kept, so tokens stored by an earlier run stay readable. Answers the file's path.
 */
export const ensureKeyFile = (path: string) => {
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, randomBytes(keyBytes), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
  return path;
};

/**
 * Data keys wrapped by a local master key, as KMS would: a random key per write, wrapped with AES-256-GCM whose
 * additional data is the encryption context, so unwrapping under another context fails. For a developer's machine
 * and tests only; in AWS the key never leaves KMS (kms.ts).
 */
export const keyFileDataKeys = (path: string): DataKeyPort => {
  let master: Buffer | undefined;
  const masterKey = () => {
    master ??= readFileSync(path);
    if (master.length !== keyBytes) throw new Error(`${path} does not hold a ${keyBytes}-byte key`);
    return master;
  };
  return {
    kind: 'file',
    generate: async (context) => {
      const plaintext = randomBytes(keyBytes);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey(), iv);
      cipher.setAAD(contextBytes(context));
      const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return { plaintext, wrapped: Buffer.concat([iv, cipher.getAuthTag(), sealed]) };
    },
    unwrap: async (wrapped, context) => {
      const bytes = Buffer.from(wrapped);
      const decipher = createDecipheriv('aes-256-gcm', masterKey(), bytes.subarray(0, 12));
      decipher.setAAD(contextBytes(context));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    },
  };
};
