import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { BillingFailure } from '../providers/billing/port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStripe } from '../../infra/local/lambda-env.js';
import { freePort } from '../../infra/local/net.js';
import { type Sandbox, startSandbox } from '../../infra/local/sandbox/server.js';
import { checkoutInSandbox, portalInSandbox } from '../../infra/local/sandbox/stripe-testing.js';
import { billingMessages } from '../../shared/schemas/billing.js';
import { HttpError } from '../core/errors.js';
import { getBilling } from '../data/billing.js';
import { createDataClient } from '../data/client.js';
import { dynamoIdempotencyStore } from '../data/idempotency.js';
import { markAccountDeleted } from '../data/deleted-account.js';
import { getQuota, quotaKey } from '../data/quota.js';
import { deleteItems, userItems } from '../data/user-partition.js';
import { getUserProfile, upsertUserProfile } from '../data/user-profile.js';
import type { Billing } from '../providers/billing/port.js';
import { createStripeClient, readStripeSettings, stripeBilling } from '../providers/billing/stripe.js';
import { apiEvent } from '../test/api-event.js';
import { partitionSnapshot, setAttributes } from '../test/raw-items.js';
import { rollOverEndedPeriods } from './quota-periods.js';
import * as billing from './service.js';

/**
 * The billing service against DynamoDB Local and the sandbox Stripe (infra/local/sandbox/stripe.ts), through the real
 * stripe SDK adapter. The sandbox only records its events here (no webhook endpoint): each test hands them to the
 * webhook handler itself, signed with the endpoint secret as Stripe signs them, in the order the test wants.
 */
let sandbox: Sandbox;
let deps: billing.BillingDeps;
let settings: ReturnType<typeof readStripeSettings>;
/** Stripe calls the service made, by operation */
const calls: string[] = [];
const webOrigin = 'http://localhost:5173';
const silent = { info: () => {}, warn: () => {} };

type RecordedEvent = { id: string; type: string; created: number; event: Record<string, unknown> };

beforeAll(async () => {
  const port = await freePort();
  sandbox = await startSandbox({ port, log: () => {} });
  settings = readStripeSettings({
    STRIPE_SECRET_KEY: localStripe.secretKey,
    STRIPE_WEBHOOK_SECRET: localStripe.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
  });
  const port_ = stripeBilling(createStripeClient(settings), settings);
  // counts the calls, so a test can tell an event that was handled again from one that was not
  const counted = Object.fromEntries(
    Object.entries(port_).map(([name, call]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (call as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as Billing;
  const db = createDataClient(process.env.TABLE_NAME!);
  deps = {
    db,
    billing: counted,
    prices: localStripe.prices,
    idempotency: dynamoIdempotencyStore(db),
    now: () => new Date(),
    webOrigin,
    logger: silent,
  };
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
});

/** A signed-up user: a free profile, as the post-confirmation trigger leaves it. */
const newUser = async () => {
  const uid = randomUUID();
  await upsertUserProfile(deps.db, uid, {
    set: { updatedAt: new Date().toISOString() },
    setIfMissing: {
      email: `${uid.slice(0, 8)}@example.com`,
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
      createdAt: new Date().toISOString(),
    },
  });
  return uid;
};

const sessionIdOf = (url: string) => /\/stripe\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(url)?.[1] ?? '';

/** The user's Stripe customer's events as the sandbox recorded them, oldest first. */
const eventsOf = async (customerId: string): Promise<RecordedEvent[]> => {
  const response = await fetch(`${sandbox.url}/_sandbox/stripe/events?customer=${encodeURIComponent(customerId)}`);
  return ((await response.json()) as RecordedEvent[]).reverse();
};

const sandboxControl = async (path: string, body: Record<string, unknown>) => {
  const response = await fetch(`${sandbox.url}/_sandbox/stripe/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};

/** Stripe's delivery of one event to the webhook: its JSON signed with the endpoint secret (Stripe-Signature). */
const deliver = (event: Record<string, unknown>, signature?: string) => {
  const payload = JSON.stringify(event);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: localStripe.webhookSecret });
  return billing.stripeWebhook(
    deps,
    apiEvent({
      method: 'POST',
      resource: '/api/webhooks/stripe',
      rawBody: payload,
      headers: { 'Stripe-Signature': header },
    }),
  );
};

const deliverAll = async (events: RecordedEvent[]) => {
  for (const recorded of events) await deliver(recorded.event);
};

/** A free user who paid for `plan` on the sandbox's Checkout page (its events recorded, none delivered yet). */
const paidUser = async (plan: 'starter' | 'pro' = 'starter') => {
  const uid = await newUser();
  const { url } = await billing.startCheckout(deps, uid, plan);
  const paid = await checkoutInSandbox(url);
  expect(paid.status, paid.html.slice(0, 300)).toBe(303);
  const customerId = (await getBilling(deps.db, uid))!.customerId!;
  return { uid, customerId, sessionId: sessionIdOf(url) };
};

/**
 * `deps` whose Stripe adapter lets `between` act on the customer's Checkout Sessions that it has just listed open and
 * is about to expire: the person on the earlier page pays, or the session runs out, in that moment.
 */
const racingDeps = async (between: (sessionIds: string[]) => Promise<void>): Promise<billing.BillingDeps> => {
  const client = createStripeClient(settings);
  const sessions = (await client.get()).checkout.sessions;
  const list = sessions.list.bind(sessions);
  sessions.list = (async (...args: Parameters<typeof list>) => {
    const page = await list(...args);
    await between(page.data.map((session) => session.id));
    return page;
  }) as typeof list;
  return { ...deps, billing: stripeBilling(client, settings) };
};

const portalAction = async (uid: string, action: string, card?: string) => {
  const { url } = await billing.portalSession(deps, uid);
  const done = await portalInSandbox(url, action, card);
  expect(done.status, done.html.slice(0, 300)).toBe(303);
};

describe('checkout', () => {
  it('takes a free user through Checkout and Pay; the webhook raises the slots to 150 and the profile to Starter', async () => {
    const uid = await newUser();
    const before = await billing.plansOverview(deps, uid);
    expect(before.usage.slotsAllowed).toBe(25);
    expect(before.subscription).toMatchObject({ tier: 'free', canManage: false });

    const { url } = await billing.startCheckout(deps, uid, 'starter');
    expect(url).toContain('/stripe/checkout/cs_');
    const paid = await checkoutInSandbox(url);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${webOrigin}/success?session_id=${sessionIdOf(url)}`);
    const customerId = (await getBilling(deps.db, uid))!.customerId!;
    await deliverAll(await eventsOf(customerId));

    const after = await billing.plansOverview(deps, uid);
    expect(after.usage.slotsAllowed).toBe(150);
    expect(after.subscription).toMatchObject({
      tier: 'starter',
      status: 'active',
      cancelAtPeriodEnd: false,
      pendingTier: null,
      paymentFailed: false,
      canManage: true,
    });
    expect(after.subscription.renewalDate).not.toBeNull();
    expect(await getUserProfile(deps.db, uid)).toMatchObject({
      subscriptionTier: 'starter',
      subscriptionStatus: 'active',
      subscriptionRenewalDate: after.subscription.renewalDate,
    });
  });

  it('makes one Stripe customer and one Checkout per user, however many checkouts start at once', async () => {
    const uid = await newUser();
    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => billing.startCheckout(deps, uid, 'pro')));
    const customerId = (await getBilling(deps.db, uid))!.customerId!;
    const urls = new Set<string>();
    for (const answer of answers) {
      if (answer.status === 'fulfilled') urls.add(answer.value.url);
      else expect(answer.reason).toMatchObject({ status: 409, message: billingMessages.checkoutStarting });
    }
    expect(urls.size).toBe(1);
    const session = await deps.billing.retrieveCheckoutSession(sessionIdOf([...urls][0]!));
    expect(session).toMatchObject({ customerId, status: 'open' });
  });

  it('lets the next start go on at once when Stripe failed to make the Checkout', async () => {
    const uid = await newUser();
    const down = {
      ...deps,
      billing: {
        ...deps.billing,
        createCheckoutSession: () => Promise.reject(new BillingFailure('unavailable', 'Stripe is unavailable (503)')),
      },
    };
    await expect(billing.startCheckout(down, uid, 'pro')).rejects.toMatchObject({ status: 503 });
    const { url } = await billing.startCheckout(deps, uid, 'pro');
    expect(await deps.billing.retrieveCheckoutSession(sessionIdOf(url))).toMatchObject({ status: 'open' });
  });

  it('answers a second start of the same plan right after with the same Checkout page', async () => {
    const uid = await newUser();
    const first = await billing.startCheckout(deps, uid, 'pro');
    expect(await billing.startCheckout(deps, uid, 'pro')).toEqual(first);
  });

  it('expires the Checkout opened before when another one starts, so two open pages cannot make two subscriptions', async () => {
    const uid = await newUser();
    const first = await billing.startCheckout(deps, uid, 'starter');
    const second = await billing.startCheckout(deps, uid, 'pro');
    expect((await deps.billing.retrieveCheckoutSession(sessionIdOf(first.url)))?.status).toBe('expired');
    await expect(checkoutInSandbox(first.url)).rejects.toThrow();
    expect((await checkoutInSandbox(second.url)).status).toBe(303);
    const customerId = (await getBilling(deps.db, uid))!.customerId!;
    expect(await deps.billing.listSubscriptions(customerId)).toHaveLength(1);
  });

  it('starts the next Checkout when the one opened before ran out while it was being expired', async () => {
    const uid = await newUser();
    const first = await billing.startCheckout(deps, uid, 'starter');
    const racing = await racingDeps(async (ids) => {
      for (const session of ids) await sandboxControl('expire-session', { session });
    });

    const second = await billing.startCheckout(racing, uid, 'pro');

    expect(second.url).not.toBe(first.url);
    expect(await deps.billing.retrieveCheckoutSession(sessionIdOf(first.url))).toMatchObject({ status: 'expired' });
    expect(await deps.billing.retrieveCheckoutSession(sessionIdOf(second.url))).toMatchObject({ status: 'open' });
  });

  it('applies the plan paid on the page opened before while it was being expired, and opens no second Checkout (409)', async () => {
    const uid = await newUser();
    const first = await billing.startCheckout(deps, uid, 'starter');
    const racing = await racingDeps(async () => {
      expect((await checkoutInSandbox(first.url)).status).toBe(303);
    });

    await expect(billing.startCheckout(racing, uid, 'pro')).rejects.toMatchObject({
      status: 409,
      message: billingMessages.alreadySubscribed,
    });

    // applied without waiting for the webhook, and still one subscription: Starter, the plan paid for
    const after = await billing.plansOverview(deps, uid);
    expect(after.subscription).toMatchObject({ tier: 'starter', status: 'active' });
    const customerId = (await getBilling(deps.db, uid))!.customerId!;
    expect(await deps.billing.listSubscriptions(customerId)).toHaveLength(1);
    // the next start, the Checkout claim released, is refused for the paid plan as any other would be
    await expect(billing.startCheckout(deps, uid, 'pro')).rejects.toMatchObject({ status: 409 });
  });

  it('refuses a second Checkout to a user who pays for a plan (409: the Portal changes plans)', async () => {
    const { uid, customerId } = await paidUser();
    await deliverAll(await eventsOf(customerId));
    await expect(billing.startCheckout(deps, uid, 'pro')).rejects.toMatchObject({
      status: 409,
      message: billingMessages.alreadySubscribed,
    });
  });

  it('answers the status of the caller own session from Stripe, applies it once paid, and 404s anyone else', async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const { url } = await billing.startCheckout(deps, owner, 'starter');
    const sessionId = sessionIdOf(url);

    expect(await billing.checkoutStatus(deps, owner, sessionId)).toMatchObject({ status: 'pending', plan: 'starter' });
    const ownerBefore = await partitionSnapshot(deps.db, owner);
    const refused = await billing.checkoutStatus(deps, intruder, sessionId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 404 });
    expect(await partitionSnapshot(deps.db, owner)).toEqual(ownerBefore);

    await checkoutInSandbox(url);
    // no webhook delivered: the status route asks Stripe and applies the subscription itself
    const paid = await billing.checkoutStatus(deps, owner, sessionId);
    expect(paid).toMatchObject({
      status: 'paid',
      plan: 'starter',
      subscription: { tier: 'starter', status: 'active' },
    });
    expect((await billing.plansOverview(deps, owner)).usage.slotsAllowed).toBe(150);
    // still nobody else's, paid or not
    await expect(billing.checkoutStatus(deps, intruder, sessionId)).rejects.toMatchObject({ status: 404 });
    await expect(billing.checkoutStatus(deps, owner, 'cs_test_unknown_session')).rejects.toMatchObject({ status: 404 });
  });

  it('sends a user without a Stripe customer to the plans first (400 noCustomer) instead of a Portal', async () => {
    const uid = await newUser();
    await expect(billing.portalSession(deps, uid)).rejects.toMatchObject({
      status: 400,
      message: billingMessages.noCustomer,
    });
  });
});

describe("Stripe's webhook", () => {
  it('refuses a missing or bad signature with 400 and changes nothing', async () => {
    const { uid, customerId } = await paidUser();
    const [first] = await eventsOf(customerId);
    const before = await partitionSnapshot(deps.db, uid);
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(first!.event),
      secret: 'whsec_not_the_endpoint_secret',
    });
    for (const signature of [forged, 't=1,v1=00', '']) {
      await expect(deliver(first!.event, signature)).rejects.toMatchObject({
        status: 400,
        message: billingMessages.badSignature,
      });
    }
    // a body changed after signing
    const payload = JSON.stringify(first!.event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: localStripe.webhookSecret });
    const tampered = payload.replace(customerId, `${customerId}x`);
    await expect(
      billing.stripeWebhook(
        deps,
        apiEvent({
          method: 'POST',
          resource: '/api/webhooks/stripe',
          rawBody: tampered,
          headers: { 'Stripe-Signature': header },
        }),
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect(await partitionSnapshot(deps.db, uid)).toEqual(before);
    expect((await billing.plansOverview(deps, uid)).usage.slotsAllowed).toBe(25);
  });

  it('checks the signature on the raw body when API Gateway passes it base64-encoded', async () => {
    const { uid, customerId } = await paidUser();
    const events = await eventsOf(customerId);
    for (const recorded of events) {
      const payload = JSON.stringify(recorded.event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: localStripe.webhookSecret });
      const event = apiEvent({
        method: 'POST',
        resource: '/api/webhooks/stripe',
        rawBody: Buffer.from(payload).toString('base64'),
        headers: { 'Stripe-Signature': header },
      });
      await billing.stripeWebhook(deps, { ...event, isBase64Encoded: true });
    }
    expect((await billing.plansOverview(deps, uid)).usage.slotsAllowed).toBe(150);
  });

  it('applies a redelivered event once: the second delivery asks Stripe nothing and changes nothing', async () => {
    const { uid, customerId } = await paidUser();
    const events = await eventsOf(customerId);
    await deliverAll(events);
    const created = events.find((recorded) => recorded.type === 'customer.subscription.created')!;
    const before = await partitionSnapshot(deps.db, uid);
    calls.splice(0);

    expect(await deliver(created.event)).toEqual({ received: true });

    // the signature is checked (locally, with the secret); Stripe itself is not asked again
    expect(calls.filter((call) => call !== 'constructEvent')).toEqual([]);
    expect(await partitionSnapshot(deps.db, uid)).toEqual(before);
  });

  it('ends with the newest state when subscription.updated arrives before .created, and an older event never regresses it', async () => {
    const { uid, customerId } = await paidUser('starter');
    await portalAction(uid, `switch:${localStripe.prices.pro}`);
    const events = await eventsOf(customerId);
    const created = events.find((recorded) => recorded.type === 'customer.subscription.created')!;
    const updated = events.find((recorded) => recorded.type === 'customer.subscription.updated')!;
    const completed = events.find((recorded) => recorded.type === 'checkout.session.completed')!;

    await deliver(updated.event);
    expect((await billing.plansOverview(deps, uid)).subscription.tier).toBe('pro');
    // the older events, late: their payloads say starter; Stripe says pro
    await deliver(created.event);
    await deliver(completed.event);

    const overview = await billing.plansOverview(deps, uid);
    expect(overview.subscription.tier).toBe('pro');
    expect(overview.usage.slotsAllowed).toBe(500);
    expect((await getUserProfile(deps.db, uid))?.subscriptionTier).toBe('pro');
  });

  it('refuses a subscription state read from Stripe before the one kept', async () => {
    const { uid, customerId } = await paidUser('starter');
    await deliverAll(await eventsOf(customerId));
    const kept = (await getBilling(deps.db, uid))!;
    // a delivery that read Stripe earlier (a pro state, say) but writes last
    const { writeSubscriptionState } = await import('../data/billing.js');
    const written = await writeSubscriptionState(
      deps.db,
      uid,
      customerId,
      {
        subscriptionId: kept.subscriptionId!,
        tier: 'pro',
        status: 'active',
        cancelAtPeriodEnd: false,
        periodEnd: kept.periodEnd ?? null,
        stateAt: kept.stateAt! - 1,
        live: true,
      },
      new Date(),
    );
    expect(written).toBe(false);
    expect((await getBilling(deps.db, uid))?.tier).toBe('starter');
  });
  it("keeps a deleted account's quota and profile gone when its subscription changes after the deletion (Stripe could not cancel it yet)", async () => {
    const { uid, customerId } = await paidUser();
    await deliverAll(await eventsOf(customerId));
    const subscriptionId = (await getBilling(deps.db, uid))!.subscriptionId!;
    // the account's deletion as it stands while Stripe is down: the mark first, then all but the billing item
    await markAccountDeleted(deps.db, uid, new Date().toISOString());
    const keys = await userItems(deps.db, uid, { keysOnly: true });
    await deleteItems(
      deps.db,
      keys.filter((key) => key.sk !== 'BILLING'),
    );

    // a later event of the subscription (Stripe delivers them for as long as it lives)
    expect(await billing.syncSubscription(deps, subscriptionId)).toBe(uid);
    expect((await getBilling(deps.db, uid))?.subscriptionId).toBe(subscriptionId);
    expect(await getQuota(deps.db, uid)).toBeNull();
    expect(await getUserProfile(deps.db, uid)).toBeNull();
    expect((await userItems(deps.db, uid, { keysOnly: true })).map((item) => item.sk)).toEqual(['BILLING']);
  });
});

describe('plan changes', () => {
  it('raises the slots at once on an upgrade', async () => {
    const { uid, customerId } = await paidUser('starter');
    await deliverAll(await eventsOf(customerId));
    expect((await billing.plansOverview(deps, uid)).usage.slotsAllowed).toBe(150);
    const seen = (await eventsOf(customerId)).length;

    await portalAction(uid, `switch:${localStripe.prices.pro}`);
    await deliverAll((await eventsOf(customerId)).slice(seen));

    const overview = await billing.plansOverview(deps, uid);
    expect(overview.usage.slotsAllowed).toBe(500);
    expect(overview.subscription).toMatchObject({ tier: 'pro', pendingTier: null });
  });

  /** Moves the user's slot period into the past: it ended a day ago (the job finds it on the period index). */
  const endPeriod = async (uid: string) => {
    const end = new Date(Date.now() - 24 * 60 * 60_000);
    const start = new Date(end.getTime() - 30 * 24 * 60 * 60_000);
    const quota = (await getQuota(deps.db, uid))!;
    await setAttributes(deps.db, quotaKey(uid), {
      periodAnchor: start.toISOString(),
      periodStart: start.toISOString(),
      slotsRefresh: end.toISOString(),
      gsi1sk: `${end.toISOString()}#${uid}`,
      slotsUsed: 3,
    });
    return quota;
  };

  it('keeps the higher slots after a downgrade until the period ends; the quota-periods job then applies it', async () => {
    const { uid, customerId } = await paidUser('pro');
    await deliverAll(await eventsOf(customerId));
    const seen = (await eventsOf(customerId)).length;
    await portalAction(uid, `switch:${localStripe.prices.starter}`);
    await deliverAll((await eventsOf(customerId)).slice(seen));

    const downgraded = await billing.plansOverview(deps, uid);
    expect(downgraded.subscription).toMatchObject({ tier: 'starter', pendingTier: 'starter' });
    expect(downgraded.usage.slotsAllowed).toBe(500);

    await endPeriod(uid);
    const summary = await rollOverEndedPeriods({ db: deps.db, now: () => new Date(), logger: silent });
    expect(summary.rolled).toBeGreaterThanOrEqual(1);

    const quota = (await getQuota(deps.db, uid))!;
    expect(quota).toMatchObject({ plan: 'starter', slotsUsed: 0 });
    expect(quota.pendingPlan).toBeUndefined();
    expect(new Date(quota.slotsRefresh!).getTime()).toBeGreaterThan(Date.now());
    const after = await billing.plansOverview(deps, uid);
    expect(after.usage.slotsAllowed).toBe(150);
    expect(after.subscription.pendingTier).toBeNull();

    // idempotent: the next run does not find it again
    const again = await rollOverEndedPeriods({ db: deps.db, now: () => new Date(), logger: silent });
    expect(again.due).toBeLessThanOrEqual(summary.due - 1);
    expect(await getQuota(deps.db, uid)).toEqual(quota);
  });

  it('keeps the plan of a cancellation until Stripe ends it, then the slots until their period ends', async () => {
    const { uid, customerId } = await paidUser('starter');
    await deliverAll(await eventsOf(customerId));
    let seen = (await eventsOf(customerId)).length;
    await portalAction(uid, 'cancel');
    await deliverAll((await eventsOf(customerId)).slice(seen));

    const cancelled = await billing.plansOverview(deps, uid);
    expect(cancelled.subscription).toMatchObject({
      tier: 'starter',
      status: 'active',
      cancelAtPeriodEnd: true,
      pendingTier: 'free',
    });
    expect(cancelled.usage.slotsAllowed).toBe(150);

    // Stripe's period ends: the subscription is deleted
    seen = (await eventsOf(customerId)).length;
    await sandboxControl('advance', { customer: customerId });
    const ended = (await eventsOf(customerId)).slice(seen);
    expect(ended.map((recorded) => recorded.type)).toContain('customer.subscription.deleted');
    await deliverAll(ended);
    const overview = await billing.plansOverview(deps, uid);
    expect(overview.subscription).toMatchObject({ tier: 'free', status: 'canceled', pendingTier: 'free' });
    expect(overview.usage.slotsAllowed).toBe(150);
    expect(await getUserProfile(deps.db, uid)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'canceled',
    });

    await endPeriod(uid);
    await rollOverEndedPeriods({ db: deps.db, now: () => new Date(), logger: silent });
    expect((await billing.plansOverview(deps, uid)).usage.slotsAllowed).toBe(25);
    // a free user may subscribe again
    await expect(billing.startCheckout(deps, uid, 'starter')).resolves.toMatchObject({ url: expect.any(String) });
  });

  it('flags a failed payment until an invoice is paid', async () => {
    const { uid, customerId } = await paidUser('starter');
    await deliverAll(await eventsOf(customerId));
    let seen = (await eventsOf(customerId)).length;

    await sandboxControl('fail-next-invoice', { customer: customerId });
    await sandboxControl('advance', { customer: customerId });
    const failed = (await eventsOf(customerId)).slice(seen);
    expect(failed.map((recorded) => recorded.type)).toContain('invoice.payment_failed');
    await deliverAll(failed);
    expect((await billing.plansOverview(deps, uid)).subscription).toMatchObject({
      paymentFailed: true,
      status: 'past_due',
      tier: 'starter',
    });

    seen = (await eventsOf(customerId)).length;
    await portalAction(uid, 'payment-method', '4242424242424242');
    const paid = (await eventsOf(customerId)).slice(seen);
    expect(paid.map((recorded) => recorded.type)).toContain('invoice.paid');
    await deliverAll(paid);
    expect((await billing.plansOverview(deps, uid)).subscription).toMatchObject({
      paymentFailed: false,
      status: 'active',
    });
    // Stripe delivers the failure's events again, late: handled already, they change nothing
    await deliverAll(failed);
    expect((await billing.plansOverview(deps, uid)).subscription.paymentFailed).toBe(false);
  });
});
