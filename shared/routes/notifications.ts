import { unsubscribeQuery, unsubscribeSchema } from '../schemas/notifications.js';
import type { DomainRouteTable } from './route-spec.js';

/**
 * The notifications Lambda's routes (DESIGN §9 'Notification e-mails'): the unsubscribe link every notification
 * e-mail carries in `List-Unsubscribe`. Public: the link's signed token names the user and the setting (a token
 * changed or forged is refused), as a mail client posts it without anyone signed in (RFC 8058).
 */
export const notificationsRoutes = {
  'POST /api/notification-emails/unsubscribe': {
    domain: 'notifications',
    auth: 'public',
    summary: 'One-click unsubscribe (RFC 8058): turns the setting the signed token names off',
    query: unsubscribeQuery,
    response: unsubscribeSchema,
  },
  'GET /api/notification-emails/unsubscribe': {
    domain: 'notifications',
    auth: 'public',
    summary: "A person opening the unsubscribe link: sent on (302) to the web app's page, which posts it",
    query: unsubscribeQuery,
  },
} as const satisfies DomainRouteTable<'notifications'>;
