import { aiRoutes } from '../../shared/routes/ai.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createOpenAiClient, openAi, readOpenAiSettings } from '../providers/ai/openai.js';
import { generationDepsFromEnv } from './deps.js';
import * as generation from './generation.js';
import * as ai from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();
const settings = readOpenAiSettings();
const logger = createLogger('ai');
const deps: ai.AiDeps = {
  db: createDataClient(config.tableName),
  ai: openAi(createOpenAiClient(settings), settings.model),
  now,
  logger,
};
const generationDeps = generationDepsFromEnv(logger);

/**
 * The AI Lambda (DESIGN §5, §8): SPEC §7 profile normalisation, AI-written e-mails one at a time, and batches of them
 * (queued for the ai-generation worker) with their progress.
 */
export const handler = httpHandler(
  aiRoutes,
  {
    'POST /api/profiles/normalize': ({ userId }) => ai.normalizeProfile(deps, userId),
    'POST /ai/generate-ai-email': ({ userId, body }) => generation.generateEmail(generationDeps, userId, body),
    'POST /api/outreach/generate': ({ userId, body }) => generation.startBatch(generationDeps, userId, body),
    'GET /api/outreach/batches/{batchId}': ({ userId, params }) =>
      generation.batchProgress(generationDeps, userId, params.batchId),
  },
  { logger, corsOrigin: config.corsOrigin },
);
