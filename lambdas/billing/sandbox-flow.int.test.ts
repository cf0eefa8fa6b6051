import Stripe from 'stripe';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutInSandbox, portalInSandbox } from '../../infra/local/sandbox/stripe-testing.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { withLocalStack } from '../../infra/local/test/local-stack.js';
import type { localApi, localUsers } from '../../infra/local/test/local-users.js';
import { billingMessages } from '../../shared/schemas/billing.js';
import { getBilling } from '../data/billing.js';
import type { DataClient } from '../data/client.js';
import { getUserProfile } from '../data/user-profile.js';
import { partitionSnapshot } from '../test/raw-items.js';

/**
 * The upgrade on the local stack, every piece real: a free user asks for Checkout, pays on the sandbox's hosted page
 * (its form, submitted with fetch as a browser would), the sandbox signs and POSTs its events to the gateway's
 * /api/webhooks/stripe, and the user's slots rise to Starter's 150 without the /success page asking anything.
 */
let stack: LocalStack;
let db: DataClient;
let users: ReturnType<typeof localUsers>;
let api: ReturnType<typeof localApi>;

const local = withLocalStack({ name: 'billing-flow' });
beforeAll(() => {
  ({ stack, db, users, api } = local);
});

type Plans = { usage: { slotsAllowed: number }; subscription: { tier: string; status: string } };

describe('upgrading through the sandbox Checkout', () => {
  it('takes a free user to Starter: Pay, then the webhook raises the slots to 150', async () => {
    const user = await users.signUp('billing-flow');
    const token = user.idToken;
    const before = await api('GET', '/api/billing/plans', { token });
    expect(before.status, before.text).toBe(200);
    expect((before.body!.data as Plans).usage.slotsAllowed).toBe(25);

    const checkout = await api('POST', '/api/billing/checkout', { token, body: { plan: 'starter' } });
    expect(checkout.status, checkout.text).toBe(200);
    const { url } = checkout.body!.data as { url: string };
    const paid = await checkoutInSandbox(url);
    expect(paid.status, paid.html.slice(0, 300)).toBe(303);
    expect(paid.location).toMatch(new RegExp(`^${stack.urls.web}/success\\?session_id=cs_`));

    await vi.waitFor(
      async () => {
        const plans = await api('GET', '/api/billing/plans', { token });
        expect((plans.body!.data as Plans).usage.slotsAllowed).toBe(150);
        expect((plans.body!.data as Plans).subscription).toMatchObject({ tier: 'starter', status: 'active' });
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(await getUserProfile(db, user.sub)).toMatchObject({
      subscriptionTier: 'starter',
      subscriptionStatus: 'active',
    });

    // what /success shows, asked of Stripe
    const sessionId = new URL(paid.location!).searchParams.get('session_id')!;
    const status = await api('GET', `/api/billing/checkout/${sessionId}`, { token });
    expect(status.status, status.text).toBe(200);
    expect(status.body!.data).toMatchObject({ status: 'paid', plan: 'starter', subscription: { tier: 'starter' } });
  });

  it('refuses an event whose Stripe-Signature does not verify with 400, and changes nothing', async () => {
    const user = await users.signUp('billing-forged');
    const token = user.idToken;
    const checkout = await api('POST', '/api/billing/checkout', { token, body: { plan: 'pro' } });
    expect(checkout.status, checkout.text).toBe(200);
    await checkoutInSandbox((checkout.body!.data as { url: string }).url);
    // the sandbox's own deliveries of this payment are all answered first
    const customerId = (await getBilling(db, user.sub))!.customerId!;
    await vi.waitFor(
      async () => {
        const events = (await (
          await fetch(`${stack.urls.sandbox}/_sandbox/stripe/events?customer=${customerId}`)
        ).json()) as { type: string; delivery: { state: string } }[];
        expect(events.map((event) => event.type)).toContain('invoice.paid');
        expect(events.filter((event) => event.delivery.state !== 'delivered')).toEqual([]);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect((await getBilling(db, user.sub))?.tier).toBe('pro');
    const before = await partitionSnapshot(db, user.sub);
    // a forged failure of the user's own customer: taken, it would raise the failed-payment banner
    const payload = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000) + 60,
      data: { object: { id: 'in_forged', object: 'invoice', customer: customerId } },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const headers of [{ 'Stripe-Signature': forged }, {}] as Record<string, string>[]) {
      const response = await fetch(`${stack.urls.api}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: payload,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: billingMessages.badSignature });
    }
    expect(await partitionSnapshot(db, user.sub)).toEqual(before);
    expect((await getBilling(db, user.sub))?.paymentFailed).not.toBe(true);
  });

  it("ends with Stripe's newest state when the sandbox delivers a plan's changes newest first", async () => {
    const user = await users.signUp('billing-reversed');
    const token = user.idToken;
    const checkout = await api('POST', '/api/billing/checkout', { token, body: { plan: 'starter' } });
    await checkoutInSandbox((checkout.body!.data as { url: string }).url);
    await vi.waitFor(
      async () => {
        const plans = await api('GET', '/api/billing/plans', { token });
        expect((plans.body!.data as Plans).usage.slotsAllowed).toBe(150);
      },
      { timeout: 15_000, interval: 250 },
    );
    const control = (path: string, body: Record<string, unknown> = {}) =>
      fetch(`${stack.urls.sandbox}/_sandbox/stripe/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const portal = async (action: string) => {
      const answer = await api('POST', '/api/billing/portal', { token });
      expect(answer.status, answer.text).toBe(200);
      const done = await portalInSandbox((answer.body!.data as { url: string }).url, action);
      expect(done.status, done.html.slice(0, 300)).toBe(303);
    };

    expect((await control('hold')).status).toBe(200);
    try {
      // an upgrade, then a cancellation at the period's end: two subscription.updated events, held
      await portal('switch:price_sandbox_pro');
      await portal('cancel');
    } finally {
      // sent newest first: the upgrade's event (its payload: not cancelled) arrives last
      expect((await control('release', { reverse: true })).status).toBe(200);
    }

    const plans = await api('GET', '/api/billing/plans', { token });
    expect(plans.body!.data).toMatchObject({
      usage: { slotsAllowed: 500 },
      subscription: { tier: 'pro', cancelAtPeriodEnd: true, pendingTier: 'free' },
    });
  });
});

describe('a double click on Upgrade', () => {
  it('makes one Stripe customer and leaves one open Checkout, answering every one of 10 starts at once without a 5xx', async () => {
    const user = await users.signUp('billing-race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/api/billing/checkout', { token: user.idToken, body: { plan: 'starter' } }),
      ),
    );
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    const urls = new Set(
      answers.filter((answer) => answer.status === 200).map((answer) => (answer.body!.data as { url: string }).url),
    );
    expect(urls.size).toBeGreaterThanOrEqual(1);
    const stripe = new Stripe('sk_test_sandbox', {
      host: new URL(stack.urls.sandbox).hostname,
      port: Number(new URL(stack.urls.sandbox).port),
      protocol: 'http',
    });
    const billing = (await getBilling(db, user.sub))!;
    const customers = await stripe.customers.list({ email: user.email });
    expect(customers.data.map((customer) => customer.id)).toEqual([billing.customerId]);
    const open = await stripe.checkout.sessions.list({ customer: billing.customerId!, status: 'open' });
    // every answered page is that one open Checkout: none of them is a dead (expired) page
    expect(open.data.map((session) => session.url)).toEqual([...urls]);
  }, 60_000);
});
