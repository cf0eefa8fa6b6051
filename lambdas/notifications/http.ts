import { notificationsRoutes } from '../../shared/routes/notifications.js';
import { RawReply } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { notificationsDepsFromEnv } from './deps.js';
import { unsubscribe, unsubscribePageUrl } from './unsubscribe.js';

const logger = createLogger('notifications');
const deps = notificationsDepsFromEnv(logger);

/** The notifications Lambda (DESIGN §9 'Notification e-mails'): the unsubscribe link of every notification e-mail. */
export const handler = httpHandler(
  notificationsRoutes,
  {
    // RFC 8058: the mail client's one-click POST (body `List-Unsubscribe=One-Click`) turns the setting off
    'POST /api/notification-emails/unsubscribe': ({ query }) => unsubscribe(deps, query.token),
    // RFC 8058 §3.1: a GET must not unsubscribe (link scanners open links); a person lands on the web app's page,
    // which posts the token and says what was turned off
    'GET /api/notification-emails/unsubscribe': async ({ query }) => {
      const page = await unsubscribePageUrl(deps, query.token);
      return new RawReply({
        statusCode: 302,
        headers: { Location: page, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
        body: '',
      });
    },
  },
  { logger, corsOrigin: deps.webOrigin },
);
