import {
  billingPlansSchema,
  billingUrlSchema,
  checkoutBody,
  checkoutSessionParams,
  checkoutStatusSchema,
} from '../schemas/billing.js';
import type { DomainRouteTable } from './route-spec.js';

/**
 * The billing Lambda's routes (DESIGN §8 'Billing'): Stripe Checkout and the Customer Portal, and Stripe's
 * webhook (public: its Stripe-Signature is checked on the raw body by the handler; event ids de-duplicated).
 */
export const billingRoutes = {
  'GET /api/billing/plans': {
    domain: 'billing',
    auth: 'user',
    summary: "The plans, the user's subscription and slot usage",
    response: billingPlansSchema,
  },
  'POST /api/billing/checkout': {
    domain: 'billing',
    auth: 'user',
    summary: "A Stripe Checkout Session (subscription) for a paid plan, for the user's Stripe customer: its URL",
    body: checkoutBody,
    response: billingUrlSchema,
  },
  'GET /api/billing/checkout/{sessionId}': {
    domain: 'billing',
    auth: 'user',
    summary: 'What became of a Checkout Session of the user, asked of Stripe (what /success shows)',
    params: checkoutSessionParams,
    response: checkoutStatusSchema,
  },
  'POST /api/billing/portal': {
    domain: 'billing',
    auth: 'user',
    summary: 'A Customer Portal session (change plan, payment method, cancel): its URL',
    response: billingUrlSchema,
  },
  'POST /api/webhooks/stripe': {
    domain: 'billing',
    auth: 'public',
    summary: "Stripe's events (Stripe-Signature on the raw body): checkout, subscriptions, invoices",
  },
} as const satisfies DomainRouteTable<'billing'>;
