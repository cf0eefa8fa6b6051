import { draftsRoutes } from '../../shared/routes/drafts.js';
import { domainConfig } from '../core/config.js';
import { cursorSigner } from '../core/cursor.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import * as drafts from './service.js';
import { now } from '../core/clock.js';

const config = domainConfig('drafts');

const logger = createLogger('drafts');
const db = createDataClient(config.tableName);
const deps: drafts.DraftsDeps = {
  db,
  now,
  newId: drafts.newDraftId,
  cursors: cursorSigner(config.secret('CURSOR_SIGNING_KEY')),
  // DESIGN §8: a draft saved here reaches the user's other tabs
  live: createLivePort({ db }),
  logger,
  queue: sqsQueue(createSqsClient()),
};

/** The drafts Lambda: SPEC §7 'Drafts' and GET /api/outreach. */
export const handler = httpHandler(
  draftsRoutes,
  {
    'GET /api/drafts': ({ userId }) => drafts.listDrafts(deps, userId),
    'GET /api/drafts/contact/{contactId}': ({ userId, params, query }) =>
      query.primary === 'true'
        ? drafts.contactPrimaryDraft(deps, userId, params.contactId)
        : drafts.contactDrafts(deps, userId, params.contactId),
    'POST /api/drafts': async ({ userId, body }) => created(await drafts.createDraft(deps, userId, body)),
    'PATCH /api/drafts/{id}': ({ userId, params, body }) => drafts.updateDraft(deps, userId, params.id, body),
    'DELETE /api/drafts/{id}': ({ userId, params }) => drafts.deleteDraft(deps, userId, params.id),
    'POST /api/drafts/contact/{contactId}/clear-primary': ({ userId, params }) =>
      drafts.clearPrimary(deps, userId, params.contactId),
    'POST /api/drafts/{id}/send': ({ userId, params, body }) => drafts.sendDraft(deps, userId, params.id, body ?? {}),
    'GET /api/outreach': ({ userId, query }) => drafts.outreach(deps, userId, query),
  },
  { logger, corsOrigin: config.corsOrigin },
);
