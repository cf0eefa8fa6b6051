import { createSign, generateKeyPairSync, type KeyObject, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** RS256 JWTs for authorizer tests: cognito-local's own key (public in its package) or a stranger's. */
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const signJwt = (payload: Record<string, unknown>, key: KeyObject, kid = 'CognitoLocal') => {
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT', kid })}.${base64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url');
  return `${unsigned}.${signature}`;
};

/** The key cognito-local signs with. */
export const cognitoLocalKey = () => {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('cognito-local/package.json')), 'lib', 'keys', 'cognitoLocal.private.json');
  const { pem } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string };
  return createPrivateKey(pem);
};

/** A key nobody trusts. */
export const strangerKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
