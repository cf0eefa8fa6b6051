import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKeyPort, EncryptionContext } from './port.js';

/**
 * Envelope encryption (DESIGN §6): a fresh data key per write (port.ts), the data sealed with AES-256-GCM under it
 * with the encryption context as additional data, and the wrapped key stored beside the ciphertext. What is stored
 * holds no readable byte of the data, and opens only under the context it was sealed with.
 */
export type Sealed = {
  /** format version */
  v: 1;
  /** the adapter that wrapped the key (`kms` | `file`) */
  by: string;
  /** the wrapped data key, base64 */
  key: string;
  iv: string;
  tag: string;
  data: string;
};

/** Whether a stored value is a sealed envelope (an export leaves its ciphertext out: it opens for nobody but us). */
export const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && ['v', 'by', 'key', 'iv', 'tag', 'data'].every((name) => name in value);

/** The context as stable bytes (keys sorted), the additional data of both the wrapped key and the data. */
export const contextBytes = (context: EncryptionContext) =>
  Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((name) => [name, context[name]]),
    ),
    'utf8',
  );

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Seals a JSON value under `context`. */
export const seal = async (keys: DataKeyPort, context: EncryptionContext, value: unknown): Promise<Sealed> => {
  const dataKey = await keys.generate(context);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey.plaintext, iv);
  cipher.setAAD(contextBytes(context));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  dataKey.plaintext.fill(0);
  return {
    v: 1,
    by: keys.kind,
    key: b64(dataKey.wrapped),
    iv: b64(iv),
    tag: b64(cipher.getAuthTag()),
    data: b64(data),
  };
};

/** Opens what `seal` sealed; throws when the context (or any stored byte) differs. */
export const open = async (keys: DataKeyPort, context: EncryptionContext, sealed: Sealed): Promise<unknown> => {
  if (sealed.v !== 1 || sealed.by !== keys.kind) {
    throw new Error(`Sealed by '${sealed.by}' (v${sealed.v}): this Lambda opens '${keys.kind}' v1 only`);
  }
  const key = await keys.unwrap(Buffer.from(sealed.key, 'base64'), context);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(contextBytes(context));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  key.fill(0);
  return JSON.parse(text) as unknown;
};
