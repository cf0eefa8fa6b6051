import type { PaidTier } from '@shared/schemas/billing';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

/** DESIGN §8 'Billing': the plans, the user's subscription and the slot usage (what /subscribe shows). */
export const getBillingPlans = (api: Api) => api.request('GET /api/billing/plans');

/** A Stripe Checkout Session for a paid plan: the URL of Stripe's hosted page. */
export const createCheckout = (api: Api, plan: PaidTier) =>
  api.request('POST /api/billing/checkout', { body: { plan } });

/** What became of a Checkout Session, asked of Stripe by the server (what /success shows). */
export const getCheckoutStatus = (api: Api, sessionId: string) =>
  api.request('GET /api/billing/checkout/{sessionId}', { params: { sessionId } });

/** A Customer Portal session (plan changes, payment method, cancelling): the URL of Stripe's hosted page. */
export const createPortal = (api: Api) => api.request('POST /api/billing/portal');
