import { createHash, createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { SandboxContext, SandboxRequest, SandboxResponse, SandboxRouter, SandboxVendor } from './router.js';
import { checkoutPage, controlPage, missingPage, portalPage, successUrl } from './stripe-pages.js';
import {
  declineCard,
  eventCustomer,
  eventObjectId,
  invalid,
  type Metadata,
  missing,
  priceById,
  productById,
  type RecordedEvent,
  StripeError,
  StripeStore,
  sandboxPrices,
  sandboxProducts,
} from './stripe-store.js';

/**
 * The sandbox Stripe (DESIGN §5): the subset of Stripe's `/v1` API the stripe SDK calls for Checkout,
 * subscriptions and the Customer Portal, at the sandbox's root (the SDK is pointed here by its `host`, `port` and
 * `protocol` options and keeps its `/v1/...` paths), form-encoded with bracket notation as the SDK sends it and
 * answered in Stripe's shapes and errors; the hosted Checkout and Portal pages; and the events, POSTed to the
 * configured webhook signed as Stripe signs them (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">`), retried
 * with backoff until one answer is 2xx. Control routes under `/_sandbox/stripe/` (README).
 */

/** Waits before each delivery attempt of an event (Stripe backs off over three days; the sandbox a few seconds). */
export const stripeRetryDelaysMs = [0, 1000, 4000, 10_000];
const deliveryTimeoutMs = 10_000;

/** The `Stripe-Signature` header of `payload` at `timestamp` (seconds), as Stripe computes it. */
export const stripeSignature = (payload: string, secret: string, timestamp: number) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

// ---- form parameters

type Params = { [key: string]: string | Params | Params[] | string[] };

const unsafeKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Stripe's form encoding: `a[b][0][c]=v` (and `a[]=v`) into nested objects and arrays. */
export const parseStripeParams = (...sources: URLSearchParams[]): Params => {
  const root: Record<string, unknown> = {};
  for (const source of sources) {
    for (const [key, value] of source) {
      const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
      if (!match) continue;
      const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((part) => part[1]!)];
      if (path.some((segment) => unsafeKeys.has(segment))) continue;
      let node = root;
      path.forEach((segment, index) => {
        const name = segment === '' ? String(Object.keys(node).length) : segment;
        if (index === path.length - 1) node[name] = value;
        else {
          if (typeof node[name] !== 'object' || node[name] === null) node[name] = {};
          node = node[name] as Record<string, unknown>;
        }
      });
    }
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const converted = entries.map(([key, inner]) => [key, arrays(inner)] as const);
    if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
      return converted.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
    }
    return Object.fromEntries(converted);
  };
  return arrays(root) as Params;
};

const text = (params: Params, name: string, label = name): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${label}`, label, 'parameter_invalid_string');
  return value;
};

const required = (params: Params, name: string, label = name) => {
  const value = text(params, name, label);
  if (value === undefined || value === '') {
    throw invalid(`Missing required param: ${label}.`, label, 'parameter_missing');
  }
  return value;
};

const flag = (params: Params, name: string) => {
  const value = text(params, name);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false')
    throw invalid(`Invalid boolean: ${value}`, name, 'parameter_invalid_boolean');
  return value === 'true';
};

const integer = (params: Params, name: string, label = name) => {
  const value = text(params, name, label);
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, label, 'parameter_invalid_integer');
  return Number(value);
};

const metadataOf = (params: Params, name = 'metadata'): Metadata | undefined => {
  const value = params[name];
  if (value === undefined || value === '') return value === '' ? {} : undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(`Invalid hash: ${name}`, name, 'parameter_invalid');
  const metadata: Metadata = {};
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner !== 'string') throw invalid(`Invalid metadata: ${name}[${key}]`, `${name}[${key}]`);
    metadata[key] = inner;
  }
  return metadata;
};

const objects = (params: Params, name: string): Params[] => {
  const value = params[name];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'object')) {
    throw invalid(`Invalid array: ${name}`, name, 'parameter_invalid');
  }
  return value as Params[];
};

const strings = (params: Params, name: string): string[] => {
  const value = params[name];
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    throw invalid(`Invalid array: ${name}`, name, 'parameter_invalid');
  }
  return value as string[];
};

// ---- answers

/** A list answer: `limit` (1..100, default 10) items after `starting_after` (or before `ending_before`). */
const listOf = <T extends { id: string }>(params: Params, url: string, items: T[]) => {
  const limit = integer(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit', 'parameter_invalid');
  const after = text(params, 'starting_after');
  const before = text(params, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after) start = items.findIndex((item) => item.id === after) + 1;
  if (before) {
    end = Math.max(
      0,
      items.findIndex((item) => item.id === before),
    );
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { object: 'list' as const, data, has_more: start + data.length < end, url };
};

/** Fills `expand` paths (`subscription`, `subscription.latest_invoice`, `data.customer`) with the objects named. */
const expand = (store: StripeStore, value: unknown, paths: string[]): unknown => {
  if (paths.length === 0 || typeof value !== 'object' || value === null) return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    if (!head) continue;
    if (head === 'data' && Array.isArray(copy.data)) {
      copy.data = copy.data.map((entry) => expand(store, entry, [rest.join('.')]));
      continue;
    }
    const field = copy[head];
    const resolved = typeof field === 'string' ? resolve(store, field) : field;
    if (resolved === undefined) {
      throw invalid(`This property cannot be expanded (${path}).`, 'expand', 'parameter_invalid');
    }
    copy[head] = rest.length > 0 ? expand(store, resolved, [rest.join('.')]) : resolved;
  }
  return copy;
};

const resolve = (store: StripeStore, id: string): unknown => {
  if (id.startsWith('cus_')) return store.customer(id);
  if (id.startsWith('sub_')) return store.subscription(id);
  if (id.startsWith('in_')) return store.invoice(id);
  if (id.startsWith('pm_')) return store.paymentMethod(id);
  if (id.startsWith('cs_')) return store.checkoutSession(id);
  if (id.startsWith('price_')) return priceById(id);
  if (id.startsWith('prod_')) return productById(id);
  return undefined;
};

/** Stripe wants a secret key as a bearer token (or as Basic auth's user name), as the SDK sends it. */
const authorize = (request: SandboxRequest) => {
  const header = request.headers.authorization ?? '';
  let key: string | undefined;
  if (header.startsWith('Bearer ')) key = header.slice(7).trim();
  else if (header.startsWith('Basic ')) key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  if (!key) {
    throw new StripeError(
      401,
      'invalid_request_error',
      undefined,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!/^(sk|rk)_test_\w+$/.test(key)) {
    throw new StripeError(
      401,
      'invalid_request_error',
      'api_key_invalid',
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    );
  }
  return key;
};

// ---- webhooks

export type StripeWebhookTarget = { endpoint?: string; secret?: string };

/**
 * Delivers events to the webhook endpoint in the order they were raised (each event's first attempt waits for the
 * one before), a failed attempt being retried later (`stripeRetryDelaysMs`) without holding the others back.
 */
class StripeWebhooks {
  readonly #store: StripeStore;
  readonly #target: StripeWebhookTarget;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(store: StripeStore, target: StripeWebhookTarget) {
    this.#store = store;
    this.#target = target;
    store.onEvents((events) => {
      const ready = events.filter((recorded) => recorded.delivery.state !== 'held');
      if (ready.length > 0) void this.deliver(ready);
    });
  }

  /** Delivers the events in this order; resolves once each has had its first attempt. */
  deliver(events: RecordedEvent[]) {
    const run = this.#queue.then(async () => {
      for (const recorded of events) {
        recorded.delivery.state = 'pending';
        await this.#attempt(recorded, 0);
      }
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  /** Resolves once every event raised so far has had its first attempt. */
  settled() {
    return this.deliver([]);
  }

  async #attempt(recorded: RecordedEvent, index: number) {
    const { endpoint, secret } = this.#target;
    if (!endpoint) {
      recorded.delivery.state = 'none';
      this.#store.save();
      return;
    }
    const payload = JSON.stringify(recorded.event, null, 2);
    const timestamp = this.#store.now();
    const attempt: RecordedEvent['delivery']['attempts'][number] = {
      at: new Date().toISOString(),
      endpoint,
      status: null,
    };
    recorded.delivery.attempts.push(attempt);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': stripeSignature(payload, secret ?? '', timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(deliveryTimeoutMs),
      });
      await response.arrayBuffer();
      attempt.status = response.status;
    } catch (error) {
      attempt.error = (error as Error).message;
    }
    const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (delivered) recorded.delivery.state = 'delivered';
    else if (index + 1 < stripeRetryDelaysMs.length) {
      recorded.delivery.state = 'pending';
      const timer = setTimeout(() => void this.#attempt(recorded, index + 1), stripeRetryDelaysMs[index + 1]);
      timer.unref();
    } else recorded.delivery.state = 'failed';
    this.#store.save();
  }
}

// ---- the vendor

/** The store of this sandbox server (kept in `<dataDir>/stripe.json`). */
export const stripeStoreOf = (context: SandboxContext) =>
  context.shared(
    'stripe-store',
    () => new StripeStore(context.dataDir ? { file: join(context.dataDir, 'stripe.json') } : {}),
  );

type Handler = (request: SandboxRequest, params: Params) => SandboxResponse | Promise<SandboxResponse>;

const register = (router: SandboxRouter, context: SandboxContext) => {
  const store = stripeStoreOf(context);
  const target = context.stripeWebhook;
  const webhooks = context.shared('stripe-webhooks', () => new StripeWebhooks(store, target));
  /** POST answers by Idempotency-Key (the SDK retries a POST with the same key): the first answer is replayed. */
  const replays = new Map<string, { fingerprint: string; response: SandboxResponse }>();

  const api = (method: string, path: string, handle: Handler) =>
    router.route(method, path, async (request) => {
      try {
        authorize(request);
        const params = parseStripeParams(request.query, request.form());
        const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
        const fingerprint = createHash('sha256').update(`${method} ${request.path} ${request.body}`).digest('hex');
        if (typeof key === 'string') {
          const earlier = replays.get(key);
          if (earlier && earlier.fingerprint !== fingerprint) {
            throw new StripeError(
              400,
              'idempotency_error',
              'idempotency_key_in_use',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          }
          if (earlier) {
            return { ...earlier.response, headers: { ...earlier.response.headers, 'Idempotent-Replayed': 'true' } };
          }
        }
        const response = await handle(request, params);
        const expanded = { ...response, json: expand(store, response.json, strings(params, 'expand')) };
        if (typeof key === 'string') {
          replays.set(key, { fingerprint, response: expanded });
          if (replays.size > 1000) replays.delete(replays.keys().next().value!);
        }
        return expanded;
      } catch (error) {
        if (error instanceof StripeError) return { status: error.status, json: error.body() };
        throw error;
      }
    });

  // prices and products: the account's two plans
  api('GET', '/v1/prices/:id', (request) => {
    const price = priceById(request.params.id!);
    if (!price) throw missing('price', request.params.id!);
    return { json: price };
  });
  api('GET', '/v1/prices', (_request, params) => {
    const keys = strings(params, 'lookup_keys');
    const product = text(params, 'product');
    const prices = sandboxPrices
      .filter((price) => keys.length === 0 || keys.includes(price.lookup_key))
      .filter((price) => !product || price.product === product);
    return { json: listOf(params, '/v1/prices', prices) };
  });
  api('GET', '/v1/products/:id', (request) => {
    const product = productById(request.params.id!);
    if (!product) throw missing('product', request.params.id!);
    return { json: product };
  });
  api('GET', '/v1/products', (_request, params) => ({ json: listOf(params, '/v1/products', sandboxProducts) }));

  // customers
  api('POST', '/v1/customers', (_request, params) => ({
    json: store.createCustomer({
      email: text(params, 'email') || null,
      name: text(params, 'name') || null,
      ...(text(params, 'description') !== undefined ? { description: text(params, 'description')! } : {}),
      ...(metadataOf(params) ? { metadata: metadataOf(params)! } : {}),
    }),
  }));
  api('GET', '/v1/customers/:id', (request) => ({ json: store.customer(request.params.id!) }));
  api('POST', '/v1/customers/:id', (request, params) => ({
    json: store.updateCustomer(request.params.id!, {
      ...(text(params, 'email') !== undefined ? { email: text(params, 'email') || null } : {}),
      ...(text(params, 'name') !== undefined ? { name: text(params, 'name') || null } : {}),
      ...(metadataOf(params) ? { metadata: metadataOf(params)! } : {}),
    }),
  }));
  api('DELETE', '/v1/customers/:id', (request) => ({ json: store.deleteCustomer(request.params.id!) }));
  api('GET', '/v1/customers', (_request, params) => {
    const email = text(params, 'email');
    const customers = store
      .customers()
      .filter((customer) => !email || customer.email === email)
      .reverse();
    return { json: listOf(params, '/v1/customers', customers) };
  });

  // Checkout
  api('POST', '/v1/checkout/sessions', (request, params) => {
    const mode = required(params, 'mode');
    if (mode !== 'subscription') {
      throw invalid(`The sandbox Stripe makes Checkout Sessions in subscription mode only, not '${mode}'.`, 'mode');
    }
    const lineItems = objects(params, 'line_items').map((item, index) => ({
      price: required(item, 'price', `line_items[${index}][price]`),
      quantity: integer(item, 'quantity', `line_items[${index}][quantity]`) ?? 1,
    }));
    if (lineItems.length === 0) throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    const customer = text(params, 'customer');
    const customerEmail = text(params, 'customer_email');
    if (customer && customerEmail) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    const subscriptionData = params.subscription_data;
    const subscriptionMetadata =
      typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
        ? metadataOf(subscriptionData as Params)
        : undefined;
    return {
      json: store.createCheckoutSession(
        {
          line_items: lineItems,
          success_url: required(params, 'success_url'),
          ...(text(params, 'cancel_url') ? { cancel_url: text(params, 'cancel_url')! } : {}),
          ...(customer ? { customer } : {}),
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          ...(text(params, 'client_reference_id') ? { client_reference_id: text(params, 'client_reference_id')! } : {}),
          ...(metadataOf(params) ? { metadata: metadataOf(params)! } : {}),
          ...(subscriptionMetadata ? { subscription_metadata: subscriptionMetadata } : {}),
        },
        request.origin,
      ),
    };
  });
  api('GET', '/v1/checkout/sessions/:id', (request) => ({ json: store.checkoutSession(request.params.id!) }));
  api('POST', '/v1/checkout/sessions/:id/expire', (request) => ({
    json: store.expireCheckoutSession(request.params.id!),
  }));
  api('GET', '/v1/checkout/sessions/:id/line_items', (request, params) => {
    const { session, prices } = store.checkoutPage(request.params.id!);
    const items = prices.map(({ price, quantity }, index) => ({
      id: `li_${session.id.slice(8, 20)}${index}`,
      object: 'item',
      amount_subtotal: price.unit_amount * quantity,
      amount_total: price.unit_amount * quantity,
      currency: 'usd',
      description: price.nickname,
      price,
      quantity,
    }));
    return { json: listOf(params, `/v1/checkout/sessions/${session.id}/line_items`, items) };
  });
  api('GET', '/v1/checkout/sessions', (_request, params) => {
    const sessions = store
      .checkoutSessions({
        ...(text(params, 'customer') ? { customer: text(params, 'customer')! } : {}),
        ...(text(params, 'subscription') ? { subscription: text(params, 'subscription')! } : {}),
      })
      .reverse();
    return { json: listOf(params, '/v1/checkout/sessions', sessions) };
  });

  // subscriptions and invoices
  api('GET', '/v1/subscriptions/:id', (request) => ({ json: store.subscription(request.params.id!) }));
  api('GET', '/v1/subscriptions', (_request, params) => {
    const subscriptions = store.subscriptions({
      ...(text(params, 'customer') ? { customer: text(params, 'customer')! } : {}),
      ...(text(params, 'status') ? { status: text(params, 'status')! } : {}),
      ...(text(params, 'price') ? { price: text(params, 'price')! } : {}),
    });
    return { json: listOf(params, '/v1/subscriptions', subscriptions) };
  });
  api('POST', '/v1/subscriptions/:id', (request, params) => {
    const items = objects(params, 'items').map((item, index) => ({
      ...(text(item, 'id') ? { id: text(item, 'id')! } : {}),
      ...(text(item, 'price', `items[${index}][price]`) ? { price: text(item, 'price')! } : {}),
      ...(integer(item, 'quantity', `items[${index}][quantity]`) !== undefined
        ? { quantity: integer(item, 'quantity')! }
        : {}),
      ...(flag(item, 'deleted') ? { deleted: true } : {}),
    }));
    const proration = text(params, 'proration_behavior');
    if (proration && !['create_prorations', 'always_invoice', 'none'].includes(proration)) {
      throw invalid(
        `Invalid proration_behavior: must be one of create_prorations, always_invoice, or none`,
        'proration_behavior',
        'parameter_invalid',
      );
    }
    const cancelAtPeriodEnd = flag(params, 'cancel_at_period_end');
    const details = params.cancellation_details;
    const reason =
      typeof details === 'object' && !Array.isArray(details) ? text(details as Params, 'comment') : undefined;
    return {
      json: store.updateSubscription(request.params.id!, {
        ...(items.length > 0 ? { items } : {}),
        ...(cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: cancelAtPeriodEnd } : {}),
        ...(metadataOf(params) ? { metadata: metadataOf(params)! } : {}),
        ...(proration ? { proration_behavior: proration as 'create_prorations' | 'always_invoice' | 'none' } : {}),
        ...(text(params, 'default_payment_method')
          ? { default_payment_method: text(params, 'default_payment_method')! }
          : {}),
        ...(reason ? { cancellation_reason: reason } : {}),
      }),
    };
  });
  api('DELETE', '/v1/subscriptions/:id', (request) => ({ json: store.cancelSubscription(request.params.id!) }));
  api('GET', '/v1/invoices/:id', (request) => ({ json: store.invoice(request.params.id!) }));
  api('GET', '/v1/invoices', (_request, params) => {
    const invoices = store.invoices({
      ...(text(params, 'customer') ? { customer: text(params, 'customer')! } : {}),
      ...(text(params, 'subscription') ? { subscription: text(params, 'subscription')! } : {}),
      ...(text(params, 'status') ? { status: text(params, 'status')! } : {}),
    });
    return { json: listOf(params, '/v1/invoices', invoices) };
  });
  api('GET', '/v1/payment_methods/:id', (request) => ({ json: store.paymentMethod(request.params.id!) }));

  // Customer Portal
  api('POST', '/v1/billing_portal/sessions', (request, params) => ({
    json: store.createPortalSession(
      {
        customer: required(params, 'customer'),
        ...(text(params, 'return_url') ? { return_url: text(params, 'return_url')! } : {}),
      },
      request.origin,
    ),
  }));

  // events (the app may fetch an event it was told about)
  api('GET', '/v1/events/:id', (request) => {
    const recorded = store.event(request.params.id!);
    if (!recorded) throw missing('event', request.params.id!);
    return { json: recorded.event };
  });
  api('GET', '/v1/events', (_request, params) => {
    const type = text(params, 'type');
    const events = store
      .events()
      .map((recorded) => recorded.event)
      .filter(
        (event) => !type || event.type === type || (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1))),
      )
      .reverse();
    return { json: listOf(params, '/v1/events', events) };
  });

  // ---- the hosted Checkout page
  router.get('/stripe/checkout/:id', (request) => {
    try {
      return { html: checkoutPage(store.checkoutPage(request.params.id!)) };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return {
        status: 404,
        html: missingPage('Something went wrong', 'The page you were looking for could not be found.'),
      };
    }
  });
  router.post('/stripe/checkout/:id', (request) => {
    const id = request.params.id!;
    let view: ReturnType<StripeStore['checkoutPage']>;
    try {
      view = store.checkoutPage(id);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return {
        status: 404,
        html: missingPage('Something went wrong', 'The page you were looking for could not be found.'),
      };
    }
    if (view.session.status === 'complete') return { status: 303, redirect: successUrl(view.session) };
    if (view.session.status !== 'open') return { status: 410, html: checkoutPage(view) };
    const form = request.form();
    const email = (form.get('email') ?? '').trim();
    const declined = form.get('decision') === 'decline';
    const card = declined ? declineCard : (form.get('card') ?? '');
    if (!declined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      return { status: 400, html: checkoutPage({ ...view, email, card, problem: 'Enter a valid e-mail address.' }) };
    }
    try {
      const session = store.payCheckout(id, { email, card });
      return { status: 303, redirect: successUrl(session) };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return {
        status: 402,
        html: checkoutPage({ ...view, email, ...(declined ? {} : { card }), problem: error.message }),
      };
    }
  });

  // ---- the hosted Customer Portal
  const portalView = (id: string) => {
    const portal = store.portalSession(id);
    const customer = store.liveCustomer(portal.customer);
    const subscription = store.currentSubscription(customer.id);
    const methodId = customer.invoice_settings.default_payment_method;
    return { portal, customer, subscription, paymentMethod: methodId ? store.paymentMethod(methodId) : undefined };
  };
  const notices: Record<string, string> = {
    switched: 'Your plan was changed.',
    canceled: 'Your plan was canceled. It stays active until the end of the period.',
    renewed: 'Your plan will renew.',
    'payment-method': 'Your payment method was updated.',
  };
  router.get('/stripe/portal/:id', (request) => {
    try {
      const done = request.query.get('done') ?? '';
      return {
        html: portalPage({ ...portalView(request.params.id!), ...(notices[done] ? { notice: notices[done] } : {}) }),
      };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return { status: 404, html: missingPage('This link has expired', 'Go back to the app and open billing again.') };
    }
  });
  router.post('/stripe/portal/:id', (request) => {
    const id = request.params.id!;
    let view: ReturnType<typeof portalView>;
    try {
      view = portalView(id);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return { status: 404, html: missingPage('This link has expired', 'Go back to the app and open billing again.') };
    }
    const form = request.form();
    const action = form.get('action') ?? '';
    const back = (done: string): SandboxResponse => ({ status: 303, redirect: `/stripe/portal/${id}?done=${done}` });
    try {
      const { subscription } = view;
      if (action === 'payment-method') {
        store.updatePaymentMethod(view.customer.id, form.get('card') ?? '');
        return back('payment-method');
      }
      if (!subscription) throw invalid('There is no plan to change.');
      if (action.startsWith('switch:')) {
        const price = priceById(action.slice('switch:'.length));
        const item = subscription.items.data[0]!;
        if (!price) throw missing('price', action.slice('switch:'.length));
        // the portal charges an upgrade's difference now and credits a downgrade's on the next invoice
        const upgrade = price.unit_amount > item.price.unit_amount;
        store.updateSubscription(subscription.id, {
          items: [{ id: item.id, price: price.id }],
          proration_behavior: upgrade ? 'always_invoice' : 'create_prorations',
        });
        return back('switched');
      }
      if (action === 'cancel') {
        store.updateSubscription(subscription.id, { cancel_at_period_end: true });
        return back('canceled');
      }
      if (action === 'renew') {
        store.updateSubscription(subscription.id, { cancel_at_period_end: false });
        return back('renewed');
      }
      throw invalid(`Unknown action '${action}'.`);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return { status: error.status, html: portalPage({ ...portalView(id), problem: error.message }) };
    }
  });

  // ---- control (README 'Sandbox control')
  const control = (
    path: string,
    handle: (body: Record<string, unknown>) => Promise<SandboxResponse> | SandboxResponse,
  ) =>
    router.post(`/_sandbox/stripe/${path}`, async (request) => {
      // the control page's forms post the same fields as a form, and go back to the page
      const fromPage = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      try {
        const body = fromPage ? Object.fromEntries(request.form()) : (request.json<Record<string, unknown>>() ?? {});
        const response = await handle(body);
        return fromPage ? { status: 303, redirect: '/_sandbox/stripe' } : response;
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        if (fromPage) return { status: error.status, html: missingPage('The sandbox refused', error.message) };
        return { status: error.status, json: error.body() };
      }
    });
  const listed = (recorded: RecordedEvent) => ({
    id: recorded.event.id,
    type: recorded.event.type,
    created: recorded.event.created,
    objectId: eventObjectId(recorded.event),
    customer: eventCustomer(recorded.event),
    delivery: recorded.delivery,
    event: recorded.event,
  });
  router.get('/_sandbox/stripe', () => {
    const subscriptions = store.subscriptions({ status: 'all' }).map((subscription) => {
      const customer = store.customer(subscription.customer);
      return { ...subscription, email: 'email' in customer ? customer.email : null };
    });
    return {
      html: controlPage({ endpoint: target.endpoint, subscriptions, events: store.events().slice(-100).reverse() }),
    };
  });
  router.get('/_sandbox/stripe/events', (request) => {
    const type = request.query.get('type');
    const customer = request.query.get('customer');
    const objectId = request.query.get('object');
    return {
      json: store
        .events()
        .filter((recorded) => !type || recorded.event.type === type)
        .filter((recorded) => !customer || eventCustomer(recorded.event) === customer)
        .filter((recorded) => !objectId || eventObjectId(recorded.event) === objectId)
        .map(listed)
        .reverse(),
    };
  });
  control('resend', async (body) => {
    const recorded = store.event(String(body.eventId ?? ''));
    if (!recorded) throw missing('event', String(body.eventId ?? ''), 'eventId');
    await webhooks.deliver([recorded]);
    return { json: listed(recorded) };
  });
  control('hold', (body) => {
    if (typeof body.customer === 'string') store.holds.customers.add(body.customer);
    else store.holds.all = true;
    return { json: { all: store.holds.all, customers: [...store.holds.customers] } };
  });
  control('release', async (body) => {
    const customer = typeof body.customer === 'string' ? body.customer : undefined;
    if (customer) store.holds.customers.delete(customer);
    else {
      store.holds.all = false;
      store.holds.customers.clear();
    }
    const held = store
      .events()
      .filter((recorded) => recorded.delivery.state === 'held')
      .filter((recorded) => !customer || eventCustomer(recorded.event) === customer);
    const named = Array.isArray(body.eventIds) ? body.eventIds.map(String) : [];
    const first = named.map((id) => {
      const recorded = held.find((item) => item.event.id === id);
      if (!recorded) throw invalid(`Event '${id}' is not held.`, 'eventIds');
      return recorded;
    });
    const rest = held.filter((recorded) => !first.includes(recorded));
    const order = [...first, ...(body.reverse === true ? rest.reverse() : rest)];
    await webhooks.deliver(order);
    return { json: { released: order.map(listed) } };
  });
  control('expire-session', async (body) => {
    const { result: session, events } = store.collect(() => store.expireCheckoutSession(String(body.session ?? '')));
    await webhooks.settled();
    return { json: { session, events: events.map(listed) } };
  });
  control('fail-next-invoice', (body) => {
    store.failNextCharge(String(body.customer ?? ''));
    return { json: { customer: body.customer, failNextInvoice: true } };
  });
  control('advance', async (body) => {
    let id = typeof body.subscription === 'string' ? body.subscription : undefined;
    if (!id && typeof body.customer === 'string') id = store.currentSubscription(body.customer)?.id;
    if (!id) throw invalid('Give a subscription (or a customer with one).', 'subscription');
    const { result: subscription, events } = store.collect(() => store.advance(id));
    await webhooks.settled();
    return { json: { subscription, events: events.map(listed) } };
  });
  control('webhook-config', (body) => {
    if (typeof body.endpoint === 'string') target.endpoint = body.endpoint || undefined;
    if (typeof body.secret === 'string') target.secret = body.secret || undefined;
    return { json: { endpoint: target.endpoint ?? null, secret: target.secret ? 'set' : null } };
  });
  router.get('/_sandbox/stripe/webhook-config', () => ({
    json: { endpoint: target.endpoint ?? null, secret: target.secret ? 'set' : null },
  }));
};

export const stripeVendor: SandboxVendor = {
  name: 'stripe',
  summary:
    'the stripe SDK with host/port/protocol of this server (paths /v1/...); pages /stripe/checkout, /stripe/portal',
  register,
};
