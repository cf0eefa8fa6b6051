import { profilesRoutes } from '../../shared/routes/profiles.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import type { Identity } from '../core/identity.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import { linkOrigin } from './referrals.js';
import * as profiles from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();
const storage = config.bucketName ? s3Storage(createS3Client(), config.bucketName) : undefined;
const deps: profiles.SignUpDeps = {
  db: createDataClient(config.tableName),
  now,
  newReferralCode: profiles.newReferralCode,
  addressHash: keyedHashFromEnv(),
  documentUrl: (key) => (storage ? storage.presignGet(key) : Promise.resolve('')),
};

/** The caller (lambdas/core/identity.ts) as the profile service names it. */
const owner = ({ userId, email, name, picture }: Identity): profiles.Identity => ({
  uid: userId,
  email,
  ...(name ? { name } : {}),
  ...(picture ? { picture } : {}),
});

/** The profiles Lambda: SPEC §3 user profile and settings, §7 'Profile'. */
export const handler = httpHandler(
  profilesRoutes,
  {
    'POST /api/users/sync-user': ({ identity, body }) => profiles.syncUser(deps, owner(identity), body),
    'GET /api/profiles': ({ identity }) => profiles.getProfile(deps, owner(identity)),
    'PUT /api/profiles': ({ identity, body }) => profiles.updateProfile(deps, owner(identity), body),
    'POST /api/profiles': ({ identity, body }) => profiles.updateProfile(deps, owner(identity), body),
    'GET /api/user/profile': ({ identity }) => profiles.getProfile(deps, owner(identity)),
    'GET /api/profiles/settings': ({ identity }) => profiles.getSettings(deps, owner(identity)),
    'PUT /api/profiles/settings': ({ identity, body }) => profiles.updateSettings(deps, owner(identity), body),
    'GET /api/referrals': ({ identity, event }) =>
      profiles.getReferrals(deps, owner(identity), linkOrigin(config.corsOrigin, event.headers?.origin)),
  },
  { logger: createLogger('profiles'), corsOrigin: config.corsOrigin },
);
