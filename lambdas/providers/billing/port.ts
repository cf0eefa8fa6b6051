/**
 * The billing port (DESIGN §5 'billing'): Stripe customers, Checkout Sessions in subscription mode, the
 * Customer Portal, subscriptions as Stripe has them now, and webhook events whose signature was checked. The real
 * adapter (stripe.ts) uses the `stripe` SDK; locally and in tests the same adapter talks to the sandbox
 * (infra/local/sandbox/stripe.ts) through the SDK's host/port/protocol options.
 */

/** A subscription as Stripe has it when asked (not as an event described it some time ago). */
export type BillingSubscription = {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, incomplete, incomplete_expired, unpaid, paused */
  status: string;
  /** the price of its (first) item: which plan it is */
  priceId: string | null;
  periodStart: Date | null;
  /** when the current period ends: the plan renews then, or ends when cancelled */
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type BillingCheckoutSession = {
  id: string;
  /** open, complete, expired */
  status: string;
  /** paid, unpaid, no_payment_required */
  paymentStatus: string;
  /** the uid the session was made for */
  clientReferenceId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
};

/** What `expireOpenCheckouts` found: how many sessions no longer take a payment, and those paid meanwhile. */
export type ExpiredCheckouts = {
  /** sessions listed open that are expired now (by this call, or on their own meanwhile) */
  expired: number;
  /** sessions listed open that were paid before they could be expired */
  completed: BillingCheckoutSession[];
};

/** A webhook event whose signature was verified. `object` is Stripe's `data.object`, read by the service. */
export type BillingEvent = {
  id: string;
  type: string;
  /** seconds since the epoch */
  created: number;
  object: Record<string, unknown>;
};

export type Billing = {
  /** POST /v1/customers (idempotent per user: Stripe's idempotency key names the uid) */
  createCustomer: (input: { uid: string; email: string | null }) => Promise<{ id: string }>;
  /** POST /v1/checkout/sessions in subscription mode for one price */
  createCheckoutSession: (input: {
    customerId: string;
    priceId: string;
    uid: string;
    plan: string;
    successUrl: string;
    cancelUrl: string;
  }) => Promise<{ id: string; url: string }>;
  /** GET /v1/checkout/sessions/{id}; null when Stripe does not know it */
  retrieveCheckoutSession: (id: string) => Promise<BillingCheckoutSession | null>;
  /** GET /v1/subscriptions/{id}; null when Stripe does not know it */
  retrieveSubscription: (id: string) => Promise<BillingSubscription | null>;
  /**
   * Expires the customer's open Checkout Sessions (GET /v1/checkout/sessions?customer=, then POST .../expire each), so
   * a Checkout page left open can no longer start a subscription. A session that left `open` between the listing and
   * its expiry is no failure: one that expired meanwhile is done, one that was paid meanwhile is answered in
   * `completed` (its subscription exists now) for the caller to apply.
   */
  expireOpenCheckouts: (customerId: string) => Promise<ExpiredCheckouts>;
  /** GET /v1/subscriptions?customer=: the customer's subscriptions that are not canceled yet (at most 100) */
  listSubscriptions: (customerId: string) => Promise<BillingSubscription[]>;
  /**
   * DELETE /v1/subscriptions/{id}: ends it now (no further invoice). Null when there is nothing to end: Stripe does
   * not know it, or it ended already (Stripe answers a canceled subscription's cancellation as unknown).
   */
  cancelSubscription: (id: string) => Promise<BillingSubscription | null>;
  /** POST /v1/billing_portal/sessions */
  createPortalSession: (input: { customerId: string; returnUrl: string }) => Promise<{ url: string }>;
  /** Checks Stripe-Signature on the raw body; BillingFailure `signature` when it does not verify. */
  constructEvent: (rawBody: string, signature: string) => Promise<BillingEvent>;
};

/**
 * Why a billing call failed: `unavailable` Stripe did not answer (or answered 5xx/429) after the retries; `refused`
 * Stripe refused the request (the app's mistake: a bad price id, a bad key); `signature` a webhook's signature.
 */
export class BillingFailure extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'signature',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BillingFailure';
  }
}
