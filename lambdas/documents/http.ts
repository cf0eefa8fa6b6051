import { ulid } from 'ulid';
import { documentsRoutes } from '../../shared/routes/documents.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import type { Identity } from '../core/identity.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import * as profiles from '../profiles/index.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import * as documents from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();
// Uploads are this Lambda's whole purpose: without its bucket it must not start (infra binds it: `bindBucket`).
if (!config.bucketName) throw new Error('Lambda environment is incomplete: BUCKET_NAME');
const logger = createLogger('documents');
const storage = s3Storage(createS3Client(), config.bucketName);
const db = createDataClient(config.tableName);
const profileDeps: profiles.ProfilesDeps = {
  db,
  now,
  newReferralCode: profiles.newReferralCode,
  documentUrl: (key) => storage.presignGet(key),
};
const deps: documents.DocumentsDeps = {
  db,
  storage,
  now,
  newId: () => ulid(),
  createProfile: (identity) => profiles.getProfile(profileDeps, identity),
  logger,
};

/** The caller (lambdas/core/identity.ts) as the profile and document services name it. */
const owner = ({ userId, email, name }: Identity): profiles.Identity => ({
  uid: userId,
  email,
  ...(name ? { name } : {}),
});

/** The documents Lambda: uploads by presigned POST and their processing (DESIGN §6 "Uploads", SPEC §7 'Profile'). */
export const handler = httpHandler(
  documentsRoutes,
  {
    'POST /api/uploads': ({ identity, body }) => documents.createUpload(deps, owner(identity), body),
    'POST /api/profiles/resume': ({ identity, body }) =>
      documents.processDocument(deps, owner(identity), 'resume', body),
    'POST /api/profiles/cover-letter': ({ identity, body }) =>
      documents.processDocument(deps, owner(identity), 'cover-letter', body),
    'POST /process-file': ({ identity, body }) => documents.processDocument(deps, owner(identity), 'background', body),
    'DELETE /api/profiles/resume': ({ identity }) => documents.removeDocument(deps, owner(identity), 'resume'),
    'DELETE /api/profiles/cover-letter': ({ identity }) =>
      documents.removeDocument(deps, owner(identity), 'cover-letter'),
    'DELETE /api/profiles/background-file': ({ identity }) =>
      documents.removeDocument(deps, owner(identity), 'background'),
    'POST /api/profiles/photo': ({ identity, body }) => documents.processPhoto(deps, owner(identity), body),
    'DELETE /api/profiles/photo': ({ identity }) => documents.removePhoto(deps, owner(identity)),
  },
  { logger, corsOrigin: config.corsOrigin },
);
