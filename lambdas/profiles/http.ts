import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import type { Claims } from '../core/http.js';
import { createDataClient } from '../data/client.js';
import { userProfileEntity } from '../data/user-profile.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import * as profiles from './service.js';

const config = readConfig();
const storage = config.bucketName ? s3Storage(createS3Client(), config.bucketName) : undefined;
const deps: profiles.ProfilesDeps = {
  profiles: userProfileEntity(createDataClient(config.tableName)),
  now: () => new Date(),
  newReferralCode: profiles.newReferralCode,
  documentUrl: (key) => (storage ? storage.presignGet(key) : Promise.resolve('')),
};

const identity = (claims: Claims): profiles.Identity => ({
  uid: claims.sub,
  email: typeof claims.email === 'string' ? claims.email : '',
  ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
});

/** The profiles Lambda: SPEC §3 user profile and settings, §7 'Profile'. */
export const handler = httpHandler(
  'profiles',
  {
    'POST /api/users/sync-user': ({ claims, body }) => profiles.syncUser(deps, identity(claims), body),
    'GET /api/profiles': ({ claims }) => profiles.getProfile(deps, identity(claims)),
    'PUT /api/profiles': ({ claims, body }) => profiles.updateProfile(deps, identity(claims), body),
    'POST /api/profiles': ({ claims, body }) => profiles.updateProfile(deps, identity(claims), body),
    'GET /api/user/profile': ({ claims }) => profiles.getProfile(deps, identity(claims)),
    'GET /api/profiles/settings': ({ claims }) => profiles.getSettings(deps, identity(claims)),
    'PUT /api/profiles/settings': ({ claims, body }) => profiles.updateSettings(deps, identity(claims), body),
  },
  { logger: createLogger('profiles'), corsOrigin: config.corsOrigin },
);
