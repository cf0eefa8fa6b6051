import { healthRoutes } from '../../shared/routes/health.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { checkTable, createDataClient } from '../data/client.js';
import { now } from '../core/clock.js';

const config = readConfig();
const data = createDataClient(config.tableName);

/** GET /api/health (public): the API answers and its table is reachable. */
export const handler = httpHandler(
  healthRoutes,
  {
    'GET /api/health': async () => {
      await checkTable(data);
      return { status: 'ok' as const, time: now().toISOString(), version: config.version };
    },
  },
  { logger: createLogger('health'), corsOrigin: config.corsOrigin },
);
