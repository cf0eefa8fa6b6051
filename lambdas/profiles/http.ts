import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import type { Claims } from '../core/http.js';
import { createDataClient } from '../data/client.js';
import { userProfileEntity } from '../data/user-profile.js';
import * as profiles from './service.js';

const config = readConfig();
const deps: profiles.ProfilesDeps = {
  profiles: userProfileEntity(createDataClient(config.tableName)),
  now: () => new Date(),
  newReferralCode: profiles.newReferralCode,
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
