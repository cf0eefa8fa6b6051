import { pipelineRoutes } from '../../shared/routes/pipeline.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import * as pipeline from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();

const logger = createLogger('pipeline');
const db = createDataClient(config.tableName);
const deps: pipeline.PipelineDeps = {
  db,
  now,
  // DESIGN §8: a contact moved here reaches the user's other tabs
  live: createLivePort({ db }),
  logger,
};

/** The pipeline Lambda (DESIGN §8 'Pipeline'). */
export const handler = httpHandler(
  pipelineRoutes,
  {
    'GET /api/pipeline': ({ userId }) => pipeline.pipeline(deps, userId),
    'PATCH /api/pipeline/{contactId}': ({ userId, params, body }) =>
      pipeline.moveContact(deps, userId, params.contactId, body.stage),
  },
  { logger, corsOrigin: config.corsOrigin },
);
