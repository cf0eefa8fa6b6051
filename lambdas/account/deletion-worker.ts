import type { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod/mini';
import { accountDeletionMessageSchema } from '../../shared/schemas/account.js';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { sqsWorker } from '../core/worker.js';
import { createDataClient } from '../data/client.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import { dynamoIdempotencyStore, type IdempotencyStore } from '../data/idempotency.js';
import { cognitoUserDirectory, createCognitoClient, type UserDirectory } from '../providers/identity/identity.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { outsideDepsFromEnv } from './outside-deps.js';
import { type AccountDeps, sweepDeletedAccount } from './service.js';
import { now } from '../core/clock.js';

/**
 * The `account-deletion` queue's worker (DESIGN §4, §6 "Your data"), on the house worker kit: the later pass of a
 * deletion, idempotent on the account. A pass that finds something it cannot remove throws, so it comes back (after
 * `maxReceiveCount` receives: the dead-letter queue and its alarm); the sign-in stays until a pass finds nothing left.
 * @default idempotency claims in the account's own table
 */
export const deletionWorker = (
  deps: Omit<AccountDeps, 'queue'>,
  logger: Logger,
  idempotency: IdempotencyStore = dynamoIdempotencyStore(deps.db),
) =>
  sqsWorker({
    queue: 'account-deletion',
    schema: accountDeletionMessageSchema,
    key: ({ uid }) => [uid],
    handle: async (message) => ({ userId: message.uid, ...(await sweepDeletedAccount(deps, message)) }),
    idempotency,
    logger,
    now: deps.now,
  });

const config = readConfig();
if (!config.bucketName) throw new Error('Lambda environment is incomplete: BUCKET_NAME');
// as in the account Lambda (./http.ts): required only when a sign-in is removed
const userPoolId = z.optional(z.string().check(z.minLength(1))).parse(process.env.USER_POOL_ID);
const cognito = createCognitoClient();
const users: UserDirectory = {
  remove: async (username) => {
    if (!userPoolId) throw new Error('Lambda environment is incomplete: USER_POOL_ID');
    return cognitoUserDirectory(cognito, userPoolId).remove(username);
  },
};

const logger = createLogger('account');
const db = createDataClient(config.tableName);
export const handler = deletionWorker(
  {
    db,
    storage: s3Storage(createS3Client(), config.bucketName),
    users,
    now,
    addressHash: keyedHashFromEnv(),
    ...outsideDepsFromEnv(db, logger),
  },
  logger,
);
