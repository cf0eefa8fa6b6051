import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { BillingFailure } from './port.js';
import { createStripeClient, readStripeSettings, stripeBilling } from './stripe.js';

describe('the Stripe settings', () => {
  it('take the sandbox on this machine over plain http, and refuse plain http towards any other host', () => {
    expect(
      readStripeSettings({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '4010', STRIPE_API_PROTOCOL: 'http' }),
    ).toMatchObject({ host: '127.0.0.1', port: 4010, protocol: 'http' });
    expect(() => readStripeSettings({ STRIPE_API_HOST: 'api.example.com', STRIPE_API_PROTOCOL: 'http' })).toThrow(
      /STRIPE_API_PROTOCOL/,
    );
    expect(() => readStripeSettings({ STRIPE_API_PORT: 'not-a-port' })).toThrow(/STRIPE_API_PORT/);
  });
});

describe('the Stripe client', () => {
  it('reads the API key from Secrets Manager by name when first used, not when the Lambda starts', async () => {
    const read = vi.fn(async () => 'sk_test_from_secret');
    const readSecret = vi.fn(() => read);
    const client = createStripeClient(
      readStripeSettings({ STRIPE_SECRET_KEY_SECRET: 'outreach/dev/stripe' }),
      readSecret,
    );
    expect(read).not.toHaveBeenCalled();

    const stripe = await client.get();

    expect(readSecret).toHaveBeenCalledWith('outreach/dev/stripe');
    expect(read).toHaveBeenCalledTimes(1);
    expect(stripe).toBeInstanceOf(Stripe);
    await client.get();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('says which variable is missing when no key is configured', async () => {
    await expect(createStripeClient(readStripeSettings({})).get()).rejects.toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('webhook events', () => {
  const settings = readStripeSettings({ STRIPE_WEBHOOK_SECRET: 'whsec_test_endpoint' });
  const billing = stripeBilling(createStripeClient(settings), settings);
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'invoice.paid',
    created: 1_700_000_000,
    data: { object: { id: 'in_1', customer: 'cus_1' } },
  });

  it('verifies the signature on the raw body without an API key, and reads the event', async () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_endpoint' });
    await expect(billing.constructEvent(payload, header)).resolves.toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      created: 1_700_000_000,
      object: { id: 'in_1', customer: 'cus_1' },
    });
  });

  it('refuses another secret, a changed body and an old timestamp as a signature failure', async () => {
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const own = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_endpoint' });
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_test_endpoint',
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const [body, header] of [
      [payload, other],
      [payload.replace('cus_1', 'cus_2'), own],
      [payload, old],
    ] as const) {
      const refused = await billing.constructEvent(body, header).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BillingFailure);
      expect(refused).toMatchObject({ kind: 'signature' });
    }
  });
});
