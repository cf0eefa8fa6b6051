import { createHmac } from 'node:crypto';
import { boundSecret, lambdaExtensionSecret, type SecretReader } from '../../core/secrets.js';

/**
 * Keyed one-way fingerprints (HMAC-SHA256) of values we must recognise again without keeping them: the same value
 * gives the same fingerprint under one key, and without the key no one can test a guessed value against a stored
 * fingerprint (a plain hash of an e-mail address is reversed by hashing a list of addresses). `purpose` is part of
 * the input, so a fingerprint made for one purpose never matches one made for another.
 */
export type KeyedHash = (purpose: string, value: string) => Promise<string>;

/** @param key the key, or a reader of it (a Secrets Manager secret read when first needed) */
export const keyedHash = (key: string | (() => Promise<string>)): KeyedHash => {
  const keyOf = typeof key === 'string' ? () => Promise.resolve(key) : key;
  return async (purpose, value) =>
    createHmac('sha256', await keyOf())
      .update(purpose)
      .update('\n')
      .update(value, 'utf8')
      .digest('hex');
};

/**
 * The keyed hash of a Lambda's environment: its bound secret `ADDRESS_HASH_KEY` (lambdas/core/secrets.ts `boundSecret`:
 * the key locally, else the secret `ADDRESS_HASH_KEY_SECRET` names, read when first needed and kept by the extension's
 * cache, never logged). Fails at cold start without either: an unkeyed fingerprint of an address is not an option.
 */
export const keyedHashFromEnv = (
  env: NodeJS.ProcessEnv = process.env,
  readSecret: SecretReader = lambdaExtensionSecret,
): KeyedHash => keyedHash(boundSecret('ADDRESS_HASH_KEY', env, readSecret));
