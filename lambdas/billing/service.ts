import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { plans, planTiers, type SubscriptionStatus } from '../../shared/constants.js';
import { billingMessages, type PaidTier, type Subscription } from '../../shared/schemas/billing.js';
import { type QuotaState, currentQuota, followPlan, toQuota } from '../contacts/index.js';
import { HttpError, notFound } from '../core/errors.js';
import {
  type BillingItem,
  claimCheckoutStart,
  claimCustomer,
  getBilling,
  ownerOfCustomer,
  recordCheckoutPage,
  releaseCheckoutStart,
  writePaymentFailed,
  writeSubscriptionState,
} from '../data/billing.js';
import type { DataClient } from '../data/client.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import type { IdempotencyStore } from '../data/idempotency.js';
import { getUserProfile, setSubscriptionFields } from '../data/user-profile.js';
import { type Billing, type BillingEvent, BillingFailure } from '../providers/billing/port.js';

/**
 * Plans with Stripe (DESIGN §8 'Billing'): Checkout for a paid plan, what became of a Checkout Session, the
 * Customer Portal, and Stripe's webhook. The subscription (USER#<sub>/BILLING), the profile's subscription fields and
 * the quota's plan follow Stripe through one path, `syncSubscription`, whether a webhook or the /success page asks.
 *
 * Ordering: events arrive late, twice and out of order. Their ids are claimed once (a redelivery is a no-op). A
 * subscription or invoice event is never applied from its own payload: the subscription is read again from Stripe,
 * so an old event can only ever apply Stripe's current state. Two deliveries handled at the same moment may still
 * read Stripe in one order and write in the other: each state carries the time it was read (`stateAt`), and the write
 * is conditional on no later read having been written, so the newest state wins. The failed-payment flag, which is
 * the invoice's and not the subscription's, is ordered by the invoice event's `created`.
 */
export type BillingDeps = {
  db: DataClient;
  billing: Billing;
  /** the Stripe price of each paid plan (CDK context in AWS, the sandbox's locally) */
  prices: { starter: string | undefined; pro: string | undefined };
  idempotency: IdempotencyStore;
  now: () => Date;
  /** where Checkout and the Portal send the browser back */
  webOrigin: string;
  logger: Pick<Logger, 'info' | 'warn'>;
};

/** A 5xx whose message is safe to show: Stripe failed, not this request, and the user may retry (STYLE §8). */
class ProviderError extends HttpError {
  override readonly expose = true;
}

const unavailable = (cause: unknown) =>
  new ProviderError(503, billingMessages.unavailable, { code: 'billing_unavailable', cause });

/** A Stripe call whose failure is the user's 503 (nothing was changed), never a bare 500. */
const stripeCall = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BillingFailure) throw unavailable(error);
    throw error;
  }
};

/** Stripe's subscription statuses in the profile's words (SPEC §3, shared/constants.ts). */
const statusOf = (stripeStatus: string): SubscriptionStatus => {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'incomplete':
      return stripeStatus;
    // Stripe gave up collecting: the plan is kept, as past due, until Stripe ends it
    case 'unpaid':
      return 'past_due';
    default:
      // canceled, incomplete_expired, paused: no paid plan
      return 'canceled';
  }
};

/** Whether a subscription in this status pays for its plan (past due: Stripe is still retrying the payment). */
const isLive = (status: SubscriptionStatus) => status === 'active' || status === 'trialing' || status === 'past_due';

const tierOfPrice = (deps: BillingDeps, priceId: string | null): PaidTier | null =>
  priceId === null ? null : priceId === deps.prices.starter ? 'starter' : priceId === deps.prices.pro ? 'pro' : null;

const priceOf = (deps: BillingDeps, tier: PaidTier) => {
  const price = deps.prices[tier];
  if (!price) throw new Error(`No Stripe price for the ${tier} plan: set STRIPE_PRICE_${tier.toUpperCase()}`);
  return price;
};

/** Whether the user pays for a plan now (they change it in the Portal rather than through a second Checkout). */
const hasPaidPlan = (billing: BillingItem | null) =>
  !!billing?.tier && billing.tier !== 'free' && !!billing.status && isLive(billing.status);

/** The wire shape of the subscription (shared/schemas/billing.ts). */
const subscriptionOf = (billing: BillingItem | null, quota: Pick<QuotaState, 'pendingPlan'> | null): Subscription => {
  const paid = hasPaidPlan(billing);
  const cancelAtPeriodEnd = paid && billing?.cancelAtPeriodEnd === true;
  return {
    tier: billing?.tier ?? 'free',
    status: billing?.status ?? 'active',
    renewalDate: paid ? (billing?.periodEnd ?? null) : null,
    cancelAtPeriodEnd,
    // a cancellation ends the plan at renewalDate; a downgrade's (or an ended plan's) slots change at the next period
    pendingTier: cancelAtPeriodEnd ? 'free' : (quota?.pendingPlan ?? null),
    paymentFailed: billing?.paymentFailed === true,
    canManage: !!billing?.customerId,
  };
};

/**
 * The quota's plan and the profile's subscription fields from the billing item as it is now (read again after each
 * write, so a handler that lost the race still leaves what the newest state says). Nothing for a deleted account:
 * its billing item outlives the rest while Stripe has not cancelled the subscription (lambdas/account), and the
 * subscription's later events must not set its quota up again.
 */
const followBilling = async (deps: BillingDeps, uid: string) => {
  const [billing, deleted] = await Promise.all([getBilling(deps.db, uid), isAccountDeleted(deps.db, uid)]);
  if (!billing?.customerId || deleted) return;
  const tier = hasPaidPlan(billing) ? billing.tier! : 'free';
  const now = deps.now();
  await followPlan(deps.db, uid, tier, now);
  await setSubscriptionFields(deps.db, uid, {
    tier: billing.tier ?? 'free',
    status: billing.status ?? 'active',
    renewalDate: hasPaidPlan(billing) ? (billing.periodEnd ?? null) : null,
    updatedAt: now.toISOString(),
  });
};

/**
 * Applies a subscription as Stripe has it now (see the ordering note above): the billing item, then the quota and the
 * profile. Answers the user it belongs to, or null when it is not one of ours (an unknown customer, a price of no
 * plan) or Stripe does not know it.
 */
export const syncSubscription = async (deps: BillingDeps, subscriptionId: string): Promise<string | null> => {
  const stateAt = deps.now().getTime();
  const subscription = await deps.billing.retrieveSubscription(subscriptionId);
  if (!subscription) return null;
  const uid = await ownerOfCustomer(deps.db, subscription.customerId);
  if (!uid) {
    deps.logger.warn('a subscription of a Stripe customer that is none of ours', { subscriptionId });
    return null;
  }
  const status = statusOf(subscription.status);
  const live = isLive(status);
  const paidTier = tierOfPrice(deps, subscription.priceId);
  if (live && !paidTier) {
    deps.logger.warn('a live subscription of a price that is no plan', { subscriptionId, userId: uid });
    return null;
  }
  const written = await writeSubscriptionState(
    deps.db,
    uid,
    subscription.customerId,
    {
      subscriptionId: subscription.id,
      tier: live ? paidTier! : 'free',
      status,
      cancelAtPeriodEnd: live && subscription.cancelAtPeriodEnd,
      periodEnd: live && subscription.periodEnd ? subscription.periodEnd.toISOString() : null,
      stateAt,
      live,
    },
    deps.now(),
  );
  if (!written) deps.logger.info('a subscription state older than the one kept was left out', { subscriptionId });
  await followBilling(deps, uid);
  return uid;
};

const usageOf = (quota: QuotaState) => {
  const wire = toQuota(quota);
  return {
    slotsAllowed: wire.slotsAllowed,
    slotsUsed: wire.slotsUsed,
    bonusSlotsAvailable: wire.bonusSlotsAvailable,
    slotsRefresh: wire.slotsRefresh,
  };
};

/** GET /api/billing/plans: the plans (shared/constants.ts), the user's subscription and this period's slots. */
export const plansOverview = async (deps: BillingDeps, uid: string) => {
  const [billing, quota] = await Promise.all([getBilling(deps.db, uid), currentQuota(deps.db, uid, deps.now())]);
  return {
    plans: planTiers.map((tier) => ({ tier, ...plans[tier] })),
    subscription: subscriptionOf(billing, quota),
    usage: usageOf(quota),
  };
};

/** The user's Stripe customer: made once; two checkouts at once keep the one whose claim was written first. */
const customerOf = async (deps: BillingDeps, uid: string, billing: BillingItem | null) => {
  if (billing?.customerId) return billing.customerId;
  const profile = await getUserProfile(deps.db, uid, ['email']);
  const customer = await stripeCall(() => deps.billing.createCustomer({ uid, email: profile?.email ?? null }));
  if (await claimCustomer(deps.db, uid, customer.id, deps.now())) return customer.id;
  const claimed = (await getBilling(deps.db, uid))?.customerId;
  if (!claimed) throw new Error('The Stripe customer claim failed without a customer');
  return claimed;
};

/**
 * How long a Checkout start stands for the next ones: a double click's second start answers the first's page; a start
 * after it (back from Checkout, Upgrade again) makes a new Checkout, the open one expired.
 */
export const checkoutStartWindowMs = 30_000;

/**
 * POST /api/billing/checkout: a Checkout Session in subscription mode for the user's customer, `client_reference_id`
 * the uid; 409 for a user who pays for a plan already (they change it in the Portal). The customer's earlier open
 * Sessions are expired first, so two Checkout pages cannot both be paid.
 */
export const startCheckout = async (deps: BillingDeps, uid: string, plan: PaidTier) => {
  const billing = await getBilling(deps.db, uid);
  if (hasPaidPlan(billing)) throw new HttpError(409, billingMessages.alreadySubscribed, { code: 'already_subscribed' });
  const priceId = priceOf(deps, plan);
  // starts at once (a double click) make one Checkout: the others answer its page once it is made, 409 before; a
  // start of another plan once it is made goes on (and expires it below)
  const now = deps.now();
  const start = await claimCheckoutStart(deps.db, uid, {
    plan,
    now,
    staleBefore: new Date(now.getTime() - checkoutStartWindowMs),
  });
  if (!start.claimed) {
    if (start.current.url) return { url: start.current.url };
    throw new HttpError(409, billingMessages.checkoutStarting, { code: 'checkout_starting' });
  }
  let session: { url: string };
  try {
    const customerId = await customerOf(deps, uid, billing);
    // one Checkout at a time: a page left open in another tab (or before Back) can no longer start a second
    // subscription, billed beside the first (a customer made just now has none open)
    if (billing?.customerId) {
      const { completed } = await stripeCall(() => deps.billing.expireOpenCheckouts(customerId));
      // paid on that page a moment ago: its subscription is applied now (its webhook may still be on its way) and no
      // second Checkout opens beside it; plans are changed in the Portal
      if (completed.length > 0) {
        for (const session of completed) {
          if (session.subscriptionId) await stripeCall(() => syncSubscription(deps, session.subscriptionId!));
        }
        throw new HttpError(409, billingMessages.alreadySubscribed, { code: 'already_subscribed' });
      }
    }
    session = await stripeCall(() =>
      deps.billing.createCheckoutSession({
        customerId,
        priceId,
        uid,
        plan,
        // Stripe fills {CHECKOUT_SESSION_ID} in
        successUrl: `${deps.webOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.webOrigin}/subscribe`,
      }),
    );
  } catch (error) {
    await releaseCheckoutStart(deps.db, uid, now.toISOString());
    throw error;
  }
  await recordCheckoutPage(deps.db, uid, now.toISOString(), session.url);
  return { url: session.url };
};

/**
 * GET /api/billing/checkout/{sessionId}: what became of the user's Checkout Session, asked of Stripe. A paid one is
 * applied before answering (the same path as the webhook, so whichever comes first does it, once). An unknown session
 * and another user's answer the same 404 (DESIGN §1: another user's ids are not found), never the other's data.
 */
export const checkoutStatus = async (deps: BillingDeps, uid: string, sessionId: string) => {
  const session = await stripeCall(() => deps.billing.retrieveCheckoutSession(sessionId));
  if (!session || session.clientReferenceId !== uid) {
    throw notFound();
  }
  const plan = planTiers.find((tier) => tier === session.metadata.plan) ?? null;
  const paid =
    session.status === 'complete' &&
    (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
  if (paid && session.subscriptionId) await stripeCall(() => syncSubscription(deps, session.subscriptionId!));
  const [billing, quota] = await Promise.all([getBilling(deps.db, uid), currentQuota(deps.db, uid, deps.now())]);
  return {
    status: paid ? ('paid' as const) : session.status === 'expired' ? ('expired' as const) : ('pending' as const),
    plan,
    subscription: subscriptionOf(billing, quota),
  };
};

/** POST /api/billing/portal: a Customer Portal session of the user's customer; 400 before they have one. */
export const portalSession = async (deps: BillingDeps, uid: string) => {
  const billing = await getBilling(deps.db, uid);
  if (!billing?.customerId) throw new HttpError(400, billingMessages.noCustomer, { code: 'no_customer' });
  const customerId = billing.customerId;
  return stripeCall(() => deps.billing.createPortalSession({ customerId, returnUrl: `${deps.webOrigin}/subscribe` }));
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown) =>
  text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null);

/** The subscription an invoice belongs to: `parent.subscription_details` since API 2025-03-31, `subscription` before. */
const invoiceSubscription = (invoice: Record<string, unknown>) => {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
};

const subscriptionEvents = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** One verified event's effects (the caller has claimed its id). */
const applyEvent = async (deps: BillingDeps, event: BillingEvent) => {
  const { object } = event;
  if (event.type === 'checkout.session.completed') {
    const subscriptionId = idOf(object.subscription);
    if (subscriptionId && object.mode !== 'payment') await syncSubscription(deps, subscriptionId);
    return;
  }
  if (subscriptionEvents.has(event.type)) {
    const subscriptionId = idOf(object.id);
    if (subscriptionId) await syncSubscription(deps, subscriptionId);
    return;
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const customerId = idOf(object.customer);
    const uid = customerId ? await ownerOfCustomer(deps.db, customerId) : null;
    if (!customerId || !uid) return;
    await writePaymentFailed(
      deps.db,
      uid,
      customerId,
      event.type === 'invoice.payment_failed',
      event.created,
      deps.now(),
    );
    const subscriptionId = invoiceSubscription(object);
    if (subscriptionId) await syncSubscription(deps, subscriptionId);
    else await followBilling(deps, uid);
  }
};

const badSignature = () => new HttpError(400, billingMessages.badSignature, { code: 'bad_signature' });

/** How long one delivery holds its event id before a retry may take it over (a Lambda cut off mid-way). */
const claimLockMs = 60_000;

/**
 * POST /api/webhooks/stripe (public): the Stripe-Signature is checked on the raw body as API Gateway passed it (base64
 * when it says so); a missing or bad signature is a 400 and changes nothing. An event id is handled once: a redelivery
 * answers 200 without effect; a failure gives the id back (500, so Stripe retries the delivery).
 */
export const stripeWebhook = async (deps: BillingDeps, request: APIGatewayProxyEvent) => {
  const signature = request.headers?.['stripe-signature'] ?? request.headers?.['Stripe-Signature'];
  if (!signature) throw badSignature();
  const rawBody = request.body
    ? request.isBase64Encoded
      ? Buffer.from(request.body, 'base64').toString('utf8')
      : request.body
    : '';
  let event: BillingEvent;
  try {
    event = await deps.billing.constructEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof BillingFailure && error.kind === 'signature') throw badSignature();
    throw error;
  }
  const key = `stripe-event:${event.id}`;
  const now = deps.now();
  const claim = await deps.idempotency.claim(key, new Date(now.getTime() + claimLockMs), now);
  if (claim.outcome !== 'claimed') {
    deps.logger.info('a Stripe event handled already (or being handled) was delivered again', {
      eventId: event.id,
      outcome: claim.outcome,
    });
    return { received: true };
  }
  try {
    await applyEvent(deps, event);
  } catch (error) {
    await deps.idempotency.release(key, claim.token);
    throw error;
  }
  await deps.idempotency.complete(key, claim.token, deps.now());
  return { received: true };
};
