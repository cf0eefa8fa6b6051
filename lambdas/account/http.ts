import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { readConfig } from '../core/config.js';
import { httpHandler, type Claims } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { cognitoUserDirectory, createCognitoClient, type UserDirectory } from '../providers/identity/identity.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import * as account from './service.js';

const config = readConfig();
if (!config.bucketName) throw new Error('Lambda environment is incomplete: BUCKET_NAME');
// Read here but required only when an account is deleted, so the Lambda also loads where no user pool runs (the
// integration tests' route contract); a deletion without it fails before anything is removed.
const userPoolId = z.string().min(1).optional().parse(process.env.USER_POOL_ID);
const data = createDataClient(config.tableName);
const cognito = createCognitoClient();
const deps: Omit<account.AccountDeps, 'users'> = {
  db: { documents: DynamoDBDocumentClient.from(data.client), table: data.table },
  storage: s3Storage(createS3Client(), config.bucketName),
  now: () => new Date(),
};
const users = (): UserDirectory => {
  if (!userPoolId) throw new Error('Lambda environment is incomplete: USER_POOL_ID');
  return cognitoUserDirectory(cognito, userPoolId);
};

const identity = (claims: Claims): account.AccountIdentity => ({
  uid: claims.sub,
  email: typeof claims.email === 'string' ? claims.email : '',
  // e-mail sign-ups have their sub as user name; Google and Microsoft users have `Google_...`, `Microsoft_...`
  username: typeof claims['cognito:username'] === 'string' ? claims['cognito:username'] : claims.sub,
});

/** The account Lambda: DESIGN §6 "Your data", export and deletion. */
export const handler = httpHandler(
  'account',
  {
    'GET /api/account/export': ({ claims }) => account.exportAccount(deps, identity(claims)),
    'DELETE /api/account': ({ claims }) => account.deleteAccount({ ...deps, users: users() }, identity(claims)),
  },
  { logger: createLogger('account'), corsOrigin: config.corsOrigin },
);
