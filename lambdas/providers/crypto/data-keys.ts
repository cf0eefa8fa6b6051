import { keyFileDataKeys } from './key-file.js';
import { createKmsClient, kmsDataKeys } from './kms.js';
import type { DataKeyPort } from './port.js';

/** The KMS key (id or ARN) the stack gives a Lambda that keeps tokens (infra/stack.ts). */
export const kmsKeyEnvName = 'TOKEN_KMS_KEY_ID';
/** The local master key file (infra/local/stack.ts: `<localDir>/token.key`). */
export const keyFileEnvName = 'TOKEN_KEY_FILE';

/** The data-key port of a Lambda, from its environment: KMS when a key id is set, else the local key file. */
export const dataKeysFromEnv = (env: NodeJS.ProcessEnv = process.env): DataKeyPort => {
  const keyId = env[kmsKeyEnvName];
  if (keyId) return kmsDataKeys(createKmsClient(), keyId);
  const file = env[keyFileEnvName];
  if (file) return keyFileDataKeys(file);
  throw new Error(`Neither ${kmsKeyEnvName} nor ${keyFileEnvName} is set: tokens could not be kept encrypted`);
};
