import { draftsRoutes } from '../../shared/routes/drafts.js';
import { readConfig } from '../core/config.js';
import { cursorSignerFromEnv } from '../core/cursor.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import * as drafts from './service.js';

const config = readConfig();

const deps: drafts.DraftsDeps = {
  db: createDataClient(config.tableName),
  now: () => new Date(),
  newId: drafts.newDraftId,
  cursors: cursorSignerFromEnv(),
};

/** The drafts Lambda: SPEC §7 'Drafts' and GET /api/outreach (issue 11). */
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
    'POST /api/drafts/{id}/send': ({ userId, params }) => drafts.sendDraft(deps, userId, params.id),
    'GET /api/outreach': ({ userId, query }) => drafts.outreach(deps, userId, query),
  },
  { logger: createLogger('drafts'), corsOrigin: config.corsOrigin },
);
