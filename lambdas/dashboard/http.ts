import { dashboardRoutes } from '../../shared/routes/dashboard.js';
import { readConfig } from '../core/config.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import * as activity from './activity.js';
import type { DashboardDeps } from './deps.js';
import { recordPageVisits } from './page-visits.js';
import { dashboardSummary } from './summary.js';
import { pendingTasks } from './tasks.js';
import { now } from '../core/clock.js';

const config = readConfig();
const logger = createLogger('dashboard');
const db = createDataClient(config.tableName);
const deps: DashboardDeps = { db, now, live: createLivePort({ db }), logger };

/** The dashboard Lambda: DESIGN §8 'Dashboard and analytics' and the activity log (SPEC §3, §9). */
export const handler = httpHandler(
  dashboardRoutes,
  {
    'GET /api/dashboard/summary': ({ userId }) => dashboardSummary(deps, userId),
    'GET /api/dashboard/pending-tasks': ({ userId }) => pendingTasks(deps, userId),
    'GET /api/dashboard/all': async ({ userId }) => {
      const [summary, tasks] = await Promise.all([dashboardSummary(deps, userId), pendingTasks(deps, userId)]);
      return { summary, pendingTasks: tasks };
    },
    'GET /api/activity': ({ userId }) => activity.listActivity(deps, userId),
    'POST /api/activity': async ({ userId, body }) => created(await activity.startBrowserActivity(deps, userId, body)),
    'PATCH /api/activity/{id}': ({ userId, params, body }) =>
      activity.updateBrowserActivity(deps, userId, params.id, body),
    'POST /api/track': ({ body }) => recordPageVisits(deps, body),
  },
  { logger, corsOrigin: config.corsOrigin },
);
