import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeServer, freePort, listen } from '../net.js';
import { startSandbox, type Sandbox } from './server.js';
import { stripeVendor } from './stripe.js';
import { checkoutInSandbox, portalInSandbox } from './stripe-testing.js';

const secret = 'whsec_sandbox_test';

/** The app's webhook as far as these tests need: records each delivery, answers `nextStatuses` (then 200). */
type Received = { id: string; type: string; signature: string; body: string; event: Stripe.Event };
const received: Received[] = [];
const nextStatuses: number[] = [];
let receiver: Server;
let sandbox: Sandbox;
let stripe: Stripe;

beforeAll(async () => {
  const receiverPort = await freePort();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as Stripe.Event;
      received.push({
        id: event.id,
        type: event.type,
        signature: String(req.headers['stripe-signature']),
        body,
        event,
      });
      res.writeHead(nextStatuses.shift() ?? 200);
      res.end();
    });
  });
  await listen(receiver, receiverPort);
  const port = await freePort();
  sandbox = await startSandbox({
    port,
    vendors: [stripeVendor],
    log: () => {},
    stripeWebhook: { endpoint: `http://127.0.0.1:${receiverPort}/api/webhooks/stripe`, secret },
  });
  stripe = new Stripe('sk_test_sandbox', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await sandbox.stop();
  await closeServer(receiver);
});
beforeEach(() => {
  nextStatuses.length = 0;
});

const waitFor = async <T>(find: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The events received for `customer`, in arrival order. */
const receivedFor = (customer: string) =>
  received.filter((item) => {
    const object = item.event.data.object as { id?: string; customer?: string };
    return object.customer === customer || object.id === customer;
  });

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}/_sandbox/stripe/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

/** A customer who subscribed to Starter through the hosted Checkout page. */
const subscribed = async (email: string) => {
  const customer = await stripe.customers.create({ email, metadata: { uid: 'user-1' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'user-1',
    line_items: [{ price: 'price_sandbox_starter', quantity: 1 }],
    success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/subscribe',
    subscription_data: { metadata: { uid: 'user-1' } },
  });
  const outcome = await checkoutInSandbox(session.url!);
  expect(outcome.status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  await waitFor(() => receivedFor(customer.id).find((item) => item.type === 'invoice.paid'), 'invoice.paid');
  return { customer, session: paid, subscriptionId: paid.subscription as string };
};

describe('the sandbox Stripe, driven by the stripe SDK', () => {
  it('has the two plan prices of shared/constants.ts and wants a secret key', async () => {
    await expect(stripe.prices.retrieve('price_sandbox_starter')).resolves.toMatchObject({
      object: 'price',
      unit_amount: 1900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    await expect(stripe.prices.retrieve('price_sandbox_pro')).resolves.toMatchObject({ unit_amount: 4900 });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    const anonymous = await fetch(`${sandbox.url}/v1/prices/price_sandbox_pro`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const wrongKey = new Stripe('pk_test_public', {
      host: '127.0.0.1',
      port: Number(new URL(sandbox.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.prices.retrieve('price_sandbox_pro')).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('makes a customer and a Checkout Session in Stripe’s shapes; Pay subscribes and sends signed events in order', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { uid: 'user-1' } });
    expect(customer).toMatchObject({ id: expect.stringMatching(/^cus_/), email: 'ada@example.com' });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ metadata: { uid: 'user-1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-1',
      line_items: [{ price: 'price_sandbox_starter', quantity: 1 }],
      success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/subscribe',
      metadata: { uid: 'user-1', plan: 'starter' },
      subscription_data: { metadata: { uid: 'user-1' } },
    });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      url: `${sandbox.url.replace('localhost', '127.0.0.1')}/stripe/checkout/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: 'user-1',
      mode: 'subscription',
      subscription: null,
      metadata: { uid: 'user-1', plan: 'starter' },
    });

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Starter');
    expect(page).toContain('$19.00');
    expect(page).toContain('>Pay</button>');
    expect(page).toContain('>Back</a>');
    const outcome = await checkoutInSandbox(session.url!);
    expect(outcome.prefilledEmail).toBe('ada@example.com');
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(`http://localhost:5173/success?session_id=${session.id}`);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = paid.subscription as Stripe.Subscription;
    const now = Math.floor(Date.now() / 1000);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      metadata: { uid: 'user-1' },
      cancel_at_period_end: false,
    });
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe('price_sandbox_starter');
    expect(item.current_period_start).toBeGreaterThanOrEqual(now - 5);
    // one calendar month: 28 to 31 days
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    expect(item.current_period_end - item.current_period_start).toBeLessThanOrEqual(31 * 86400);
    expect((subscription as unknown as { current_period_end: number }).current_period_end).toBe(
      item.current_period_end,
    );

    await waitFor(() => receivedFor(customer.id).find((entry) => entry.type === 'invoice.paid'), 'invoice.paid');
    const events = receivedFor(customer.id).filter((entry) => entry.type !== 'customer.created');
    expect(events.map((entry) => entry.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    for (const entry of events) {
      const verified = stripe.webhooks.constructEvent(entry.body, entry.signature, secret);
      expect(verified).toMatchObject({ id: expect.stringMatching(/^evt_/), object: 'event', livemode: false });
      expect(() => stripe.webhooks.constructEvent(entry.body, entry.signature, 'whsec_wrong')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      expect(() => stripe.webhooks.constructEvent(`${entry.body} `, entry.signature, secret)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
    expect(events[0]!.event.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      client_reference_id: 'user-1',
      subscription: subscription.id,
    });
    expect(events[2]!.event.data.object).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_paid: 1900,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    // paying again only leads back to the success page
    const again = await checkoutInSandbox(session.url!).catch((error: Error) => error);
    expect(again).toBeInstanceOf(Error);
  });

  it('Decline leaves the session open and unpaid, says the card was declined and subscribes nobody', async () => {
    const customer = await stripe.customers.create({ email: 'declined@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_sandbox_pro', quantity: 1 }],
      success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
    });
    const outcome = await checkoutInSandbox(session.url!, { decision: 'decline' });
    expect(outcome.status).toBe(402);
    expect(outcome.html).toContain('Your card was declined.');
    const byCard = await checkoutInSandbox(session.url!, { card: '4000 0000 0000 9995' });
    expect(byCard.status).toBe(402);
    expect(byCard.html).toContain('insufficient funds');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
    });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receivedFor(customer.id).map((entry) => entry.type)).toEqual(['customer.created']);

    // the person gave up: the session expires and can no longer be paid
    const expired = await control('expire-session', { session: session.id });
    expect(expired.json.session).toMatchObject({ status: 'expired', url: null });
    expect(receivedFor(customer.id).at(-1)!.type).toBe('checkout.session.expired');
    expect((await fetch(session.url!)).status).toBe(200);
    expect(await (await fetch(session.url!)).text()).toContain('This Checkout Session has expired');
    expect((await checkoutInSandbox(session.url!).catch((error: Error) => error)) instanceof Error).toBe(true);
    // Stripe's refusal to expire a session that is no longer open, word for word
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      message:
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    });
  });

  it('the Customer Portal switches plan and cancels at period end; the period then ends with the deletion', async () => {
    const { customer, subscriptionId } = await subscribed('portal@example.com');
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:5173/subscribe',
    });
    expect(portal.url).toMatch(/\/stripe\/portal\/bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Starter');
    expect(page).toContain('Switch to Pro');
    expect(page).toContain('Cancel plan');
    expect(page).toContain('Update payment method');
    expect(page).toContain('href="http://localhost:5173/subscribe">Return to app</a>');

    const before = receivedFor(customer.id).length;
    expect((await portalInSandbox(portal.url, 'switch:price_sandbox_pro')).status).toBe(303);
    const updated = await waitFor(
      () =>
        receivedFor(customer.id)
          .slice(before)
          .find((entry) => entry.type === 'customer.subscription.updated'),
      'the plan change',
    );
    const object = updated.event.data.object as Stripe.Subscription;
    expect(object.items.data[0]!.price.id).toBe('price_sandbox_pro');
    expect((updated.event.data.previous_attributes as Stripe.Subscription).items.data[0]!.price.id).toBe(
      'price_sandbox_starter',
    );
    // an upgrade is charged its prorated difference at once
    const proration = await waitFor(
      () =>
        receivedFor(customer.id)
          .slice(before)
          .find((entry) => entry.type === 'invoice.paid'),
      'the proration invoice',
    );
    expect((proration.event.data.object as Stripe.Invoice).billing_reason).toBe('subscription_update');

    expect((await portalInSandbox(portal.url, 'cancel')).status).toBe(303);
    const cancelled = await stripe.subscriptions.retrieve(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await waitFor(
      () =>
        receivedFor(customer.id).find(
          (entry) =>
            entry.type === 'customer.subscription.updated' &&
            (entry.event.data.object as Stripe.Subscription).cancel_at_period_end,
        ),
      'the cancellation',
    );
    expect(await (await fetch(portal.url)).text()).toContain('Renew plan');

    const advanced = await control('advance', { subscription: subscriptionId });
    expect(advanced.status).toBe(200);
    expect((advanced.json.events as { type: string }[]).map((event) => event.type)).toEqual([
      'customer.subscription.deleted',
    ]);
    expect(receivedFor(customer.id).at(-1)!.type).toBe('customer.subscription.deleted');
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled' });
  });

  it('a period that ends renews with invoice.paid, or with a failing card past_due until the card is updated', async () => {
    const { customer, subscriptionId } = await subscribed('renewal@example.com');
    const renewed = await control('advance', { subscription: subscriptionId });
    expect((renewed.json.events as { type: string }[]).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    expect(receivedFor(customer.id).at(-1)!.type).toBe('invoice.paid');

    expect((await control('fail-next-invoice', { customer: customer.id })).status).toBe(200);
    const failed = await control('advance', { subscription: subscriptionId });
    expect((failed.json.events as { type: string }[]).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ]);
    expect(receivedFor(customer.id).at(-1)!.event.data.object).toMatchObject({
      object: 'invoice',
      status: 'open',
      attempt_count: 1,
    });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'past_due' });

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(await (await fetch(portal.url)).text()).toContain('Your last payment failed');
    const declined = await portalInSandbox(portal.url, 'payment-method', '4000000000000002');
    expect(declined.status).toBe(402);
    expect((await portalInSandbox(portal.url, 'payment-method', '5555 5555 5555 4444')).status).toBe(303);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active' });
    await waitFor(
      () =>
        receivedFor(customer.id).find(
          (entry) => entry.type === 'invoice.paid' && (entry.event.data.object as Stripe.Invoice).attempt_count === 2,
        ),
      'the retried invoice',
    );
  });

  it('changes and cancels a subscription through the API, each change an event', async () => {
    const { customer, subscriptionId } = await subscribed('api@example.com');
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const changed = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: 'price_sandbox_pro' }],
      proration_behavior: 'create_prorations',
    });
    expect(changed.items.data.map((item) => item.price.id)).toEqual(['price_sandbox_pro']);
    await expect(
      stripe.subscriptions.update(subscriptionId, { items: [{ price: 'price_sandbox_pro' }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const ended = await stripe.subscriptions.cancel(subscriptionId);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await waitFor(
      () => receivedFor(customer.id).find((entry) => entry.type === 'customer.subscription.deleted'),
      'the deletion',
    );
    expect(
      receivedFor(customer.id)
        .map((entry) => entry.type)
        .filter((type) => type.startsWith('customer.subscription.')),
    ).toEqual(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('resends an event with the same id, holds events and releases them out of order, and retries a failed delivery', async () => {
    const { customer } = await subscribed('control@example.com');
    const paid = receivedFor(customer.id).find((entry) => entry.type === 'invoice.paid')!;
    const resent = await control('resend', { eventId: paid.id });
    expect(resent.json).toMatchObject({ id: paid.id, delivery: { state: 'delivered' } });
    expect(received.filter((entry) => entry.id === paid.id)).toHaveLength(2);
    const [first, second] = received.filter((entry) => entry.id === paid.id);
    expect(second!.body).toBe(first!.body);

    // every event held (a server-wide hold), released newest first
    await control('hold', {});
    let held: Stripe.Customer;
    try {
      held = await stripe.customers.create({ email: 'held@example.com' });
      await stripe.customers.update(held.id, { name: 'Held' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receivedFor(held.id)).toEqual([]);
      const listed = (await (await fetch(`${sandbox.url}/_sandbox/stripe/events?customer=${held.id}`)).json()) as {
        type: string;
        delivery: { state: string };
      }[];
      expect(listed.map((event) => [event.type, event.delivery.state])).toEqual([
        ['customer.updated', 'held'],
        ['customer.created', 'held'],
      ]);
    } finally {
      expect((await control('release', { reverse: true })).status).toBe(200);
    }
    expect(receivedFor(held.id).map((entry) => entry.type)).toEqual(['customer.updated', 'customer.created']);

    // one customer's events held, the subscription's update delivered before its creation
    const scoped = await stripe.customers.create({ email: 'scoped@example.com' });
    await waitFor(() => receivedFor(scoped.id)[0], 'customer.created');
    await control('hold', { customer: scoped.id });
    const other = await stripe.customers.create({ email: 'not-held@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: scoped.id,
      line_items: [{ price: 'price_sandbox_starter' }],
      success_url: 'http://localhost:5173/success',
    });
    expect((await checkoutInSandbox(session.url!)).status).toBe(303);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await waitFor(() => receivedFor(other.id)[0], 'the other customer’s event');
    expect(receivedFor(scoped.id)).toHaveLength(1);
    const events = (await (
      await fetch(`${sandbox.url}/_sandbox/stripe/events?customer=${scoped.id}&type=customer.subscription.updated`)
    ).json()) as { id: string }[];
    const release = await control('release', { customer: scoped.id, eventIds: [events[0]!.id] });
    expect((release.json.released as { type: string }[]).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(receivedFor(scoped.id).map((entry) => entry.type)).toEqual([
      'customer.created',
      'customer.subscription.updated',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);

    nextStatuses.push(500);
    const retried = await stripe.customers.create({ email: 'retried@example.com' });
    await waitFor(() => (receivedFor(retried.id).length === 2 ? true : undefined), 'the retry', 4000);
    const [failedAttempt, retry] = receivedFor(retried.id);
    expect(retry!.id).toBe(failedAttempt!.id);
    const [event] = (await (await fetch(`${sandbox.url}/_sandbox/stripe/events?customer=${retried.id}`)).json()) as {
      delivery: { state: string; attempts: { status: number }[] };
    }[];
    expect(event!.delivery.state).toBe('delivered');
    expect(event!.delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
  });

  it('makes the customer of a session that names only an e-mail when it is paid, and a deleted customer ends their plan', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'newcomer@example.com',
      line_items: [{ price: 'price_sandbox_pro' }],
      success_url: 'http://localhost:5173/success',
    });
    const outcome = await checkoutInSandbox(session.url!);
    expect(outcome.prefilledEmail).toBe('newcomer@example.com');
    expect(outcome.location).toBe('http://localhost:5173/success');
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    const customer = paid.customer as Stripe.Customer;
    expect(customer).toMatchObject({ object: 'customer', email: 'newcomer@example.com' });
    await waitFor(() => receivedFor(customer.id).find((entry) => entry.type === 'invoice.paid'), 'invoice.paid');
    expect(receivedFor(customer.id).map((entry) => entry.type)).toEqual([
      'customer.created',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);

    expect(await stripe.customers.del(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    expect(await stripe.subscriptions.retrieve(paid.subscription as string)).toMatchObject({ status: 'canceled' });
    await waitFor(() => receivedFor(customer.id).find((entry) => entry.type === 'customer.deleted'), 'the deletion');
    expect(
      receivedFor(customer.id)
        .slice(-2)
        .map((entry) => entry.type),
    ).toEqual(['customer.subscription.deleted', 'customer.deleted']);
  });

  it('answers a retried POST with the same Idempotency-Key once', async () => {
    const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-once' });
    const again = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-once' });
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-once' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });
});

describe('the sandbox Stripe control page', () => {
  it('lists subscriptions and events for people, whose buttons end a period and resend an event', async () => {
    const { customer, subscriptionId } = await subscribed('page@example.com');
    const page = await (await fetch(`${sandbox.url}/_sandbox/stripe`)).text();
    expect(page).toContain('page@example.com');
    expect(page).toContain(subscriptionId);
    expect(page).toContain('>End period</button>');
    const paid = receivedFor(customer.id).find((entry) => entry.type === 'invoice.paid')!;
    expect(page).toContain(paid.id);
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${sandbox.url}/_sandbox/stripe/${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const resent = await form('resend', { eventId: paid.id });
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe('/_sandbox/stripe');
    expect(received.filter((entry) => entry.id === paid.id)).toHaveLength(2);
    expect((await form('advance', { subscription: subscriptionId })).status).toBe(303);
    expect(receivedFor(customer.id).at(-1)!.event.data.object).toMatchObject({
      object: 'invoice',
      billing_reason: 'subscription_cycle',
    });
    const refused = await form('resend', { eventId: 'evt_nope' });
    expect(refused.status).toBe(404);
  });
});

describe('the sandbox Stripe across restarts', () => {
  it('keeps customers, subscriptions and events in its data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-'));
    try {
      const port = await freePort();
      const client = new Stripe('sk_test_sandbox', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      let first = await startSandbox({ port, vendors: [stripeVendor], log: () => {}, dataDir });
      let subscriptionId: string;
      try {
        const customer = await client.customers.create({ email: 'kept@example.com' });
        const session = await client.checkout.sessions.create({
          mode: 'subscription',
          customer: customer.id,
          line_items: [{ price: 'price_sandbox_starter' }],
          success_url: 'http://localhost:5173/success',
        });
        expect((await checkoutInSandbox(session.url!)).status).toBe(303);
        subscriptionId = (await client.checkout.sessions.retrieve(session.id)).subscription as string;
      } finally {
        await first.stop();
      }
      first = await startSandbox({ port, vendors: [stripeVendor], log: () => {}, dataDir });
      try {
        expect(await client.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active' });
        const events = (await (await fetch(`${first.url}/_sandbox/stripe/events`)).json()) as { type: string }[];
        expect(events.map((event) => event.type)).toContain('checkout.session.completed');
      } finally {
        await first.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
