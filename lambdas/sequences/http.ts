import { sequencesRoutes } from '../../shared/routes/sequences.js';
import { domainConfig } from '../core/config.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { sequencesDepsFromEnv } from './deps.js';
import * as sequences from './service.js';

const config = domainConfig('sequences');
const logger = createLogger('sequences');
const deps = sequencesDepsFromEnv(logger);

/** The sequences Lambda (DESIGN §9 'Sequences'). */
export const handler = httpHandler(
  sequencesRoutes,
  {
    'GET /api/sequences': ({ userId }) => sequences.listSequences(deps, userId),
    'POST /api/sequences': async ({ userId, body }) => created(await sequences.createSequence(deps, userId, body)),
    'GET /api/sequences/{id}': ({ userId, params }) => sequences.sequenceDetail(deps, userId, params.id),
    'PUT /api/sequences/{id}': ({ userId, params, body }) => sequences.updateSequence(deps, userId, params.id, body),
    'DELETE /api/sequences/{id}': ({ userId, params }) => sequences.deleteSequence(deps, userId, params.id),
    'POST /api/sequences/{id}/enrollments': ({ userId, params, body }) =>
      sequences.enroll(deps, userId, params.id, body.contactIds),
    'GET /api/sequences/{id}/enrollments': ({ userId, params }) => sequences.listEnrollments(deps, userId, params.id),
    'PATCH /api/sequences/{id}/enrollments/{contactId}': ({ userId, params, body }) =>
      sequences.actOnEnrollment(deps, userId, params.id, params.contactId, body.action),
    'GET /api/sequence-enrollments/{contactId}': ({ userId, params }) =>
      sequences.contactEnrollment(deps, userId, params.contactId),
  },
  { logger, corsOrigin: config.corsOrigin },
);
