import { templatesRoutes } from '../../shared/routes/templates.js';
import { readConfig } from '../core/config.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import * as templates from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();

const deps: templates.TemplatesDeps = {
  db: createDataClient(config.tableName),
  now,
  newId: templates.newTemplateId,
};

/** The templates Lambda: DESIGN §8 'Templates'. */
export const handler = httpHandler(
  templatesRoutes,
  {
    'GET /api/templates': ({ userId }) => templates.listTemplates(deps, userId),
    'POST /api/templates': async ({ userId, body }) => created(await templates.createTemplate(deps, userId, body)),
    'GET /api/templates/{id}': ({ userId, params }) => templates.getOne(deps, userId, params.id),
    'PUT /api/templates/{id}': ({ userId, params, body }) => templates.updateTemplate(deps, userId, params.id, body),
    'DELETE /api/templates/{id}': ({ userId, params }) => templates.deleteTemplate(deps, userId, params.id),
    'POST /api/templates/{id}/render': ({ userId, params, body }) =>
      templates.renderForContact(deps, userId, params.id, body),
  },
  { logger: createLogger('templates'), corsOrigin: config.corsOrigin },
);
