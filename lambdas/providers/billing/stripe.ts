import type Stripe from 'stripe';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import type { RetryPolicy } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { vendorLimits } from '../vendor-limits.js';
import {
  type Billing,
  type BillingCheckoutSession,
  BillingFailure,
  type BillingSubscription,
  type ExpiredCheckouts,
} from './port.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** The stripe SDK (about 240 KiB minified), imported when a billing call first needs it. */
const loadSdk = () => import('stripe');

const optional = /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.trim(), z.minLength(1))));

/**
 * The variables the Stripe adapter reads (the CDK stack sets them in AWS; infra/local/lambda-env.ts locally). The API
 * key and the webhook signing secret are Secrets Manager secrets whose NAMES are given in AWS (read at run time through
 * the Lambda extension), or the values themselves locally, where the sandbox plays Stripe. Host, port and protocol are
 * the SDK's own options (its paths stay `/v1/...`): unset in AWS (api.stripe.com), the sandbox locally.
 * zod/mini, as every schema of the Lambdas (lambdas/core/config.ts).
 */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    STRIPE_SECRET_KEY: optional,
    STRIPE_SECRET_KEY_SECRET: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_WEBHOOK_SECRET_SECRET: optional,
    STRIPE_API_HOST: optional,
    STRIPE_API_PORT: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65_535))),
    STRIPE_API_PROTOCOL: z.optional(z.enum(['http', 'https'])),
    /** the price ids of the paid plans (DESIGN §6): CDK context in AWS, the sandbox's locally */
    STRIPE_PRICE_STARTER: optional,
    STRIPE_PRICE_PRO: optional,
  }),
);

export type StripeSettings = {
  secretKey: string | undefined;
  secretKeyName: string | undefined;
  webhookSecret: string | undefined;
  webhookSecretName: string | undefined;
  host: string | undefined;
  port: number | undefined;
  protocol: 'http' | 'https' | undefined;
  prices: { starter: string | undefined; pro: string | undefined };
};

const localHosts = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** The Stripe adapter's settings; a malformed value fails here, naming the variable. */
export const readStripeSettings = (env: NodeJS.ProcessEnv = process.env): StripeSettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Stripe settings are invalid: ${names}`);
  }
  const settings = parsed.data;
  // the API key travels to this host: plain http only towards this machine (the sandbox)
  if (settings.STRIPE_API_PROTOCOL === 'http' && !localHosts.includes(settings.STRIPE_API_HOST ?? '')) {
    throw new Error('Stripe settings are invalid: STRIPE_API_PROTOCOL http is for a sandbox on this machine only');
  }
  return {
    secretKey: settings.STRIPE_SECRET_KEY,
    secretKeyName: settings.STRIPE_SECRET_KEY_SECRET,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
    webhookSecretName: settings.STRIPE_WEBHOOK_SECRET_SECRET,
    host: settings.STRIPE_API_HOST,
    port: settings.STRIPE_API_PORT,
    protocol: settings.STRIPE_API_PROTOCOL,
    prices: { starter: settings.STRIPE_PRICE_STARTER, pro: settings.STRIPE_PRICE_PRO },
  };
};

type SecretReader = (name: string) => () => Promise<string>;

/** A value given in the environment, or read from Secrets Manager by name when first needed (the extension caches). */
const valueOrSecret = (value: string | undefined, name: string | undefined, variable: string, read: SecretReader) => {
  if (value) return () => Promise.resolve(value);
  if (name) return read(name);
  return () =>
    Promise.reject(new Error(`Stripe is not configured: set ${variable}_SECRET (a secret's name) or ${variable}`));
};

/**
 * The Stripe client of a Lambda, built once (STYLE §10) on first use: the SDK is loaded then, and the key read (the
 * Secrets Manager extension answers only during an invocation). Attempts are cut and retried by the SDK itself under
 * `policy` (its POST retries carry an idempotency key).
 */
export const createStripeClient = (
  settings: StripeSettings,
  readSecret: SecretReader = lambdaExtensionSecret,
  policy: RetryPolicy = vendorLimits.stripe,
) =>
  new LazyClient(async () => {
    const [sdk, key] = await Promise.all([
      loadSdk(),
      valueOrSecret(settings.secretKey, settings.secretKeyName, 'STRIPE_SECRET_KEY', readSecret)(),
    ]);
    return new sdk.default(key, {
      maxNetworkRetries: policy.retries,
      timeout: policy.attemptTimeoutMs,
      telemetry: false,
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
    });
  });

/**
 * What we read of a subscription. Since API version 2025-03-31 the period sits on each item; older versions (and
 * simpler fakes) have it on the subscription.
 * @link https://docs.stripe.com/api/subscriptions/object
 */
const subscriptionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    customer: z.union([z.string(), z.object({ id: z.string() })]),
    status: z.string().check(z.minLength(1)),
    cancel_at_period_end: z.nullish(z.boolean()),
    current_period_start: z.nullish(z.number()),
    current_period_end: z.nullish(z.number()),
    items: z.nullish(
      z.object({
        data: z.array(
          z.object({
            price: z.nullish(z.object({ id: z.string() })),
            current_period_start: z.nullish(z.number()),
            current_period_end: z.nullish(z.number()),
          }),
        ),
      }),
    ),
  }),
);

/** @link https://docs.stripe.com/api/checkout/sessions/object */
const checkoutSessionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    url: z.nullish(z.string()),
    status: z.nullish(z.string()),
    payment_status: z.nullish(z.string()),
    client_reference_id: z.nullish(z.string()),
    customer: z.nullish(z.union([z.string(), z.object({ id: z.string() })])),
    subscription: z.nullish(z.union([z.string(), z.object({ id: z.string() })])),
    metadata: z.nullish(z.record(z.string(), z.string())),
  }),
);

/** @link https://docs.stripe.com/api/events/object */
const eventSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    type: z.string().check(z.minLength(1)),
    created: z.number(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  }),
);

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const dateOf = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

const toSubscription = (answer: unknown): BillingSubscription => {
  const parsed = subscriptionSchema.safeParse(answer);
  if (!parsed.success) throw new BillingFailure('refused', 'Stripe answered an unexpected subscription shape');
  const subscription = parsed.data;
  const item = subscription.items?.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    periodStart: dateOf(item?.current_period_start ?? subscription.current_period_start),
    periodEnd: dateOf(item?.current_period_end ?? subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
};

const toCheckoutSession = (answer: unknown): BillingCheckoutSession => {
  const parsed = checkoutSessionSchema.safeParse(answer);
  if (!parsed.success) throw new BillingFailure('refused', 'Stripe answered an unexpected session shape');
  const session = parsed.data;
  return {
    id: session.id,
    status: session.status ?? 'open',
    paymentStatus: session.payment_status ?? 'unpaid',
    clientReferenceId: session.client_reference_id ?? null,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    metadata: session.metadata ?? {},
  };
};

type Sdk = Awaited<ReturnType<typeof loadSdk>>['default'];

/** Status and code only: Stripe's message may quote the request. */
const describe = (error: { statusCode?: number; code?: string; type?: string }) =>
  [error.statusCode ?? 'no answer', error.code ?? error.type].filter(Boolean).join(' ');

/** Stripe does not know the object: a 404, or `resource_missing` (a cancelled subscription's cancellation, a 400). */
const isMissing = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.errors.StripeInvalidRequestError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

const toFailure = (sdk: Sdk, error: unknown): BillingFailure => {
  // outages, rate limits and timeouts: the SDK has already retried them
  if (
    error instanceof sdk.errors.StripeConnectionError ||
    error instanceof sdk.errors.StripeAPIError ||
    error instanceof sdk.errors.StripeRateLimitError ||
    (error instanceof sdk.errors.StripeError && (error.statusCode ?? 0) >= 500)
  ) {
    return new BillingFailure('unavailable', `Stripe is unavailable (${describe(error)})`, { cause: error });
  }
  if (error instanceof sdk.errors.StripeError) {
    return new BillingFailure('refused', `Stripe refused the request (${describe(error)})`);
  }
  return new BillingFailure('refused', `Stripe request failed: ${(error as Error).message}`, { cause: error });
};

/**
 * The billing port over the stripe SDK (DESIGN §5). `client` is the lazily built SDK client; the webhook signing
 * secret is read when the first event arrives.
 */
export const stripeBilling = (
  client: LazyClient<Stripe>,
  settings: StripeSettings,
  readSecret: SecretReader = lambdaExtensionSecret,
): Billing => {
  const webhookSecret = valueOrSecret(
    settings.webhookSecret,
    settings.webhookSecretName,
    'STRIPE_WEBHOOK_SECRET',
    readSecret,
  );
  /** One SDK call, its errors as BillingFailure; `missing` answers Stripe's 404 instead of failing. */
  const call = async <T>(run: (stripe: Stripe) => Promise<T>, missing?: () => T): Promise<T> => {
    const [sdk, stripe] = await Promise.all([loadSdk(), client.get()]);
    try {
      return await run(stripe);
    } catch (error) {
      if (missing && isMissing(sdk.default, error)) return missing();
      throw toFailure(sdk.default, error);
    }
  };

  return {
    createCustomer: ({ uid, email }) =>
      call(async (stripe) => {
        const customer = await stripe.customers.create(
          { ...(email ? { email } : {}), metadata: { uid } },
          // two checkouts of one user at once make one customer (Stripe keeps idempotency keys for 24 h)
          { idempotencyKey: `customer-${uid}` },
        );
        return { id: customer.id };
      }),

    createCheckoutSession: (input) =>
      call(async (stripe) => {
        const answer = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.uid,
          line_items: [{ price: input.priceId, quantity: 1 }],
          metadata: { uid: input.uid, plan: input.plan },
          subscription_data: { metadata: { uid: input.uid, plan: input.plan } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        const session = checkoutSessionSchema.parse(answer);
        if (!session.url) throw new BillingFailure('refused', 'Stripe answered a Checkout Session without a URL');
        return { id: session.id, url: session.url };
      }),

    retrieveCheckoutSession: (id) =>
      call(
        async (stripe) => toCheckoutSession(await stripe.checkout.sessions.retrieve(id)),
        () => null,
      ),

    retrieveSubscription: (id) =>
      call(
        async (stripe) => toSubscription(await stripe.subscriptions.retrieve(id)),
        () => null,
      ),

    expireOpenCheckouts: (customerId) =>
      call(async (stripe) => {
        const sdk = await loadSdk();
        const page = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
        const open = page.data.filter((session) => session.status === 'open');
        const result: ExpiredCheckouts = { expired: 0, completed: [] };
        for (const { id } of open) {
          try {
            await stripe.checkout.sessions.expire(id);
            result.expired += 1;
          } catch (error) {
            // Stripe refuses to expire a session that is no longer open (400 'Only Checkout Sessions with a status in
            // ["open"] can be expired. This Checkout Session has a status of `complete`.'): the person paid, or the
            // session ran out, after the listing. What it is now decides, not the wording of the refusal.
            const notOpen = error instanceof sdk.default.errors.StripeInvalidRequestError && error.statusCode === 400;
            if (!notOpen) throw error;
            const session = toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
            if (session.status === 'expired') result.expired += 1;
            else if (session.status === 'complete') result.completed.push(session);
            else throw error;
          }
        }
        return result;
      }),

    listSubscriptions: (customerId) =>
      call(async (stripe) => {
        const page = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
        return page.data.map(toSubscription);
      }),

    cancelSubscription: (id) =>
      call(
        async (stripe) => toSubscription(await stripe.subscriptions.cancel(id)),
        () => null,
      ),

    createPortalSession: ({ customerId, returnUrl }) =>
      call(async (stripe) => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return { url: session.url };
      }),

    constructEvent: async (rawBody, signature) => {
      // no API key needed: the signature is an HMAC of the signing secret
      const [sdk, secret] = await Promise.all([loadSdk(), webhookSecret()]);
      let event: unknown;
      try {
        event = sdk.default.webhooks.constructEvent(rawBody, signature, secret);
      } catch (error) {
        if (error instanceof sdk.default.errors.StripeSignatureVerificationError) {
          throw new BillingFailure('signature', 'The Stripe-Signature does not verify');
        }
        throw error;
      }
      const parsed = eventSchema.safeParse(event);
      if (!parsed.success) throw new BillingFailure('refused', 'Stripe sent an event of an unexpected shape');
      return {
        id: parsed.data.id,
        type: parsed.data.type,
        created: parsed.data.created,
        object: parsed.data.data.object,
      };
    },
  };
};

/** The billing port of a Lambda from its environment (the sandbox locally, by the SDK's host options). */
export const createStripeBilling = (env: NodeJS.ProcessEnv = process.env) => {
  const settings = readStripeSettings(env);
  return { billing: stripeBilling(createStripeClient(settings), settings), prices: settings.prices };
};
