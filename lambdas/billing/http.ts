import { billingRoutes } from '../../shared/routes/billing.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { billingDepsFromEnv } from './deps.js';
import * as billing from './service.js';

const config = readConfig();
const logger = createLogger('billing');
const deps = billingDepsFromEnv(logger);

/** The billing Lambda (DESIGN §8 'Billing'): plans, Stripe Checkout and Customer Portal, Stripe's webhook. */
export const handler = httpHandler(
  billingRoutes,
  {
    'GET /api/billing/plans': ({ userId }) => billing.plansOverview(deps, userId),
    'POST /api/billing/checkout': ({ userId, body }) => billing.startCheckout(deps, userId, body.plan),
    'GET /api/billing/checkout/{sessionId}': ({ userId, params }) =>
      billing.checkoutStatus(deps, userId, params.sessionId),
    'POST /api/billing/portal': ({ userId }) => billing.portalSession(deps, userId),
    'POST /api/webhooks/stripe': ({ event }) => billing.stripeWebhook(deps, event),
  },
  { logger, corsOrigin: config.corsOrigin },
);
