import type { KMSClient, KMSClientConfig } from '@aws-sdk/client-kms';
import { LazyClient } from '../lazy-client.js';
import type { DataKeyPort } from './port.js';

/** The KMS SDK, imported when a token is first sealed or opened. */
const loadSdk = () => import('@aws-sdk/client-kms');

/** The KMS client of a Lambda, built once (STYLE §10), on first use. */
export const createKmsClient = (config: KMSClientConfig = {}) =>
  new LazyClient(async () => new (await loadSdk()).KMSClient({ maxAttempts: 3, ...config }));

/**
 * Data keys of a KMS key (symmetric, rotated yearly: infra/constructs/data.ts): GenerateDataKey and Decrypt with the
 * encryption context, which KMS binds to the wrapped key (and writes to CloudTrail with each use).
 * @link https://docs.aws.amazon.com/kms/latest/APIReference/API_GenerateDataKey.html
 */
export const kmsDataKeys = (client: LazyClient<KMSClient>, keyId: string): DataKeyPort => ({
  kind: 'kms',
  generate: async (context) => {
    const [{ GenerateDataKeyCommand }, kms] = await Promise.all([loadSdk(), client.get()]);
    const answer = await kms.send(
      new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }),
    );
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS answered GenerateDataKey without a key');
    return { plaintext: answer.Plaintext, wrapped: answer.CiphertextBlob };
  },
  unwrap: async (wrapped, context) => {
    const [{ DecryptCommand }, kms] = await Promise.all([loadSdk(), client.get()]);
    const answer = await kms.send(
      new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: { ...context } }),
    );
    if (!answer.Plaintext) throw new Error('KMS answered Decrypt without a key');
    return answer.Plaintext;
  },
});
