import { repliesRoutes } from '../../shared/routes/replies.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { replyDepsFromEnv } from './deps-env.js';
import { createPushTokenVerifier, gmailPush, outlookNotifications } from './push.js';
import { checkReplies, outlookBatch, replyCheckStatus } from './service.js';

const config = readConfig();
const logger = createLogger('replies');
const deps = replyDepsFromEnv(logger);
const verifyPush = createPushTokenVerifier(deps.settings);

/** The replies Lambda: the providers' push webhooks and the user's reply checks (DESIGN §8). */
export const handler = httpHandler(
  repliesRoutes,
  {
    'POST /api/webhooks/gmail': ({ event }) => gmailPush(deps, verifyPush, event),
    'POST /api/webhooks/outlook': ({ event }) => outlookNotifications(deps, event),
    'POST /api/conversations/check-replies': ({ userId, body }) => checkReplies(deps, userId, body),
    'POST /outlook/check-replies-batch': ({ userId, body }) => outlookBatch(deps, userId, body),
    'GET /api/reply-checks': ({ userId }) => replyCheckStatus(deps, userId),
  },
  { logger, corsOrigin: config.corsOrigin },
);
