import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createDataClient } from '../data/client.js';
import { dynamoIdempotencyStore } from '../data/idempotency.js';
import { createStripeBilling } from '../providers/billing/stripe.js';
import type { BillingDeps } from './service.js';
import { now } from '../core/clock.js';

/**
 * The billing domain's dependencies in a Lambda, from its environment, built once (STYLE §10): the table, Stripe (the
 * sandbox locally, through the SDK's host options; its SDK loaded on first use), the event-id claims, the web origin
 * Checkout and the Portal return to.
 */
export const billingDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): BillingDeps => {
  const config = readConfig(env);
  const db = createDataClient(config.tableName);
  const { billing, prices } = createStripeBilling(env);
  return {
    db,
    billing,
    prices,
    idempotency: dynamoIdempotencyStore(db),
    now,
    webOrigin: config.corsOrigin,
    logger,
  };
};
