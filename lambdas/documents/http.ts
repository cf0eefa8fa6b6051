import { ulid } from 'ulid';
import { readConfig } from '../core/config.js';
import { httpHandler, type Claims } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { userProfileEntity } from '../data/user-profile.js';
import * as profiles from '../profiles/service.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import * as documents from './service.js';

const config = readConfig();
// Uploads are this Lambda's whole purpose: without its bucket it must not start (infra binds it: `bindBucket`).
if (!config.bucketName) throw new Error('Lambda environment is incomplete: BUCKET_NAME');
const logger = createLogger('documents');
const storage = s3Storage(createS3Client(), config.bucketName);
const profileEntity = userProfileEntity(createDataClient(config.tableName));
const profileDeps: profiles.ProfilesDeps = {
  profiles: profileEntity,
  now: () => new Date(),
  newReferralCode: profiles.newReferralCode,
  documentUrl: (key) => storage.presignGet(key),
};
const deps: documents.DocumentsDeps = {
  profiles: profileEntity,
  storage,
  now: () => new Date(),
  newId: () => ulid(),
  createProfile: (identity) => profiles.getProfile(profileDeps, identity),
  logger,
};

const identity = (claims: Claims): profiles.Identity => ({
  uid: claims.sub,
  email: typeof claims.email === 'string' ? claims.email : '',
  ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
});

/** The documents Lambda: uploads by presigned POST and their processing (DESIGN §6 "Uploads", SPEC §7 'Profile'). */
export const handler = httpHandler(
  'documents',
  {
    'POST /api/uploads': ({ claims, body }) => documents.createUpload(deps, identity(claims), body),
    'POST /api/profiles/resume': ({ claims, body }) =>
      documents.processDocument(deps, identity(claims), 'resume', body),
    'POST /api/profiles/cover-letter': ({ claims, body }) =>
      documents.processDocument(deps, identity(claims), 'cover-letter', body),
    'POST /process-file': ({ claims, body }) => documents.processDocument(deps, identity(claims), 'background', body),
    'DELETE /api/profiles/resume': ({ claims }) => documents.removeDocument(deps, identity(claims), 'resume'),
    'DELETE /api/profiles/cover-letter': ({ claims }) =>
      documents.removeDocument(deps, identity(claims), 'cover-letter'),
    'DELETE /api/profiles/background-file': ({ claims }) =>
      documents.removeDocument(deps, identity(claims), 'background'),
  },
  { logger, corsOrigin: config.corsOrigin },
);
