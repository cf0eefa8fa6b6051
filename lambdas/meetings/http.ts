import { meetingsRoutes } from '../../shared/routes/meetings.js';
import { readConfig } from '../core/config.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { meetingsDepsFromEnv } from './deps.js';
import * as meetings from './service.js';
import { zoomRouteHandlers } from './zoom-connection.js';

const config = readConfig();
const logger = createLogger('meetings');
const deps = meetingsDepsFromEnv(logger);

/** The meetings Lambda: SPEC §7 'Zoom' (the connection) and DESIGN §8 'Meetings'. */
export const handler = httpHandler(
  meetingsRoutes,
  {
    ...zoomRouteHandlers(deps),
    'GET /api/meetings': ({ userId, query }) => meetings.listMeetings(deps, userId, query),
    'POST /api/meetings': async ({ userId, body }) => created(await meetings.createMeeting(deps, userId, body)),
    'GET /api/meetings/{id}': ({ userId, params }) => meetings.getMeetingOf(deps, userId, params.id),
    'PATCH /api/meetings/{id}': ({ userId, params, body }) => meetings.updateMeeting(deps, userId, params.id, body),
    'DELETE /api/meetings/{id}': ({ userId, params }) => meetings.cancelMeeting(deps, userId, params.id),
  },
  { logger, corsOrigin: config.corsOrigin },
);
