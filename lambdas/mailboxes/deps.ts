import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createDataClient } from '../data/client.js';
import { dataKeysFromEnv } from '../providers/crypto/data-keys.js';
import { createLivePort } from '../providers/live/live.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import { createMailAuths } from '../providers/mail/mail-auth.js';
import { type MailboxesDeps, newMailboxId } from './service.js';

/**
 * The mailboxes domain's dependencies in a Lambda (its HTTP Lambda and the token-refresh job), from its environment,
 * built once (STYLE §10): the table, the data keys (KMS in AWS, the key file locally), the Google and Microsoft
 * sign-in adapters and mail APIs (the sandbox locally, by base URL), the live channel.
 */
export const mailboxesDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): MailboxesDeps => {
  const config = readConfig(env);
  const db = createDataClient(config.tableName);
  return {
    db,
    keys: dataKeysFromEnv(env),
    mail: createMailAuths(env),
    mailApis: createMailApis(env),
    live: createLivePort({ db }),
    now: () => new Date(),
    newId: newMailboxId,
    webOrigin: config.corsOrigin,
    logger,
  };
};
