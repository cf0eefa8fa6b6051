import * as z from 'zod/mini';
import { accountRoutes } from '../../shared/routes/account.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import type { Identity } from '../core/identity.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import { cognitoUserDirectory, createCognitoClient, type UserDirectory } from '../providers/identity/identity.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { LazyClient } from '../providers/lazy-client.js';
import { type AccountIdentity, type ExportDeps, exportAccount } from './export.js';
import type { AccountDeps } from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();
if (!config.bucketName) throw new Error('Lambda environment is incomplete: BUCKET_NAME');
// Read here but required only when an account is deleted, so the Lambda also loads where no user pool runs (the
// integration tests' route contract); a deletion without it fails before anything is removed.
const userPoolId = z.optional(z.string().check(z.minLength(1))).parse(process.env.USER_POOL_ID);
const cognito = createCognitoClient();
const logger = createLogger('account');
const db = createDataClient(config.tableName);
const deps: ExportDeps & Pick<AccountDeps, 'queue' | 'addressHash'> = {
  db,
  storage: s3Storage(createS3Client(), config.bucketName),
  queue: sqsQueue(createSqsClient()),
  now,
  addressHash: keyedHashFromEnv(),
};
// A deletion (service.ts) and the outside services only it releases (the mailboxes' and Zoom's clients, Stripe, the
// live channel), with their domains' and adapters' code: imported and built on the first deletion, so the cold start
// (and an export) neither reads nor runs them
const deletion = new LazyClient(async () => {
  const [{ deleteAccount }, { outsideDepsFromEnv }] = await Promise.all([
    import('./service.js'),
    import('./outside-deps.js'),
  ]);
  return { deleteAccount, outside: outsideDepsFromEnv(db, logger) };
});
const users = (): UserDirectory => {
  if (!userPoolId) throw new Error('Lambda environment is incomplete: USER_POOL_ID');
  return cognitoUserDirectory(cognito, userPoolId);
};

/** The caller (lambdas/core/identity.ts) as the account service names it. */
const owner = ({ userId, email, username }: Identity): AccountIdentity => ({ uid: userId, email, username });

/** The account Lambda: DESIGN §6 "Your data", export and deletion. */
export const handler = httpHandler(
  accountRoutes,
  {
    'GET /api/account/export': ({ identity }) => exportAccount(deps, owner(identity)),
    'DELETE /api/account': async ({ identity }) => {
      const { deleteAccount, outside } = await deletion.get();
      return deleteAccount({ ...deps, ...outside, users: users() }, owner(identity));
    },
  },
  {
    logger,
    corsOrigin: config.corsOrigin,
    isAccountDeleted: (userId) => isAccountDeleted(deps.db, userId),
  },
);
