import { aiRoutes } from '../../shared/routes/ai.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createOpenAiClient, openAi, readOpenAiSettings } from '../providers/ai/openai.js';
import * as ai from './service.js';

const config = readConfig();
const settings = readOpenAiSettings();
const logger = createLogger('ai');
const deps: ai.AiDeps = {
  db: createDataClient(config.tableName),
  ai: openAi(createOpenAiClient(settings), settings.model),
  now: () => new Date(),
  logger,
};

/** The AI Lambda: SPEC §7 profile normalisation through the AI port (DESIGN §5). */
export const handler = httpHandler(
  aiRoutes,
  {
    'POST /api/profiles/normalize': ({ userId }) => ai.normalizeProfile(deps, userId),
  },
  { logger, corsOrigin: config.corsOrigin },
);
