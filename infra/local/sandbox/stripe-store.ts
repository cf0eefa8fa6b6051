import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';
import { plans } from '../../../shared/constants.js';
import { type PaidTier, paidTiers } from '../../../shared/schemas/billing.js';

/**
 * The sandbox Stripe's state: customers, Checkout Sessions, subscriptions, invoices, Customer Portal
 * sessions and the events they raise, in Stripe's own shapes (API version `stripeApiVersion`), kept in
 * `<dataDir>/stripe.json` on every change so a restart keeps what was paid. What a change does follows Stripe's test
 * mode: the test cards below, a period that ends bills the next one, a failed renewal makes the subscription
 * `past_due`, a subscription cancelled at period end is deleted when its period ends.
 */

/** The API version of the stripe SDK the app uses (its events say so, as an account's do). */
export const stripeApiVersion = '2026-10-28.endive';

/** The two prices the sandbox account has, one per paid plan (shared/constants.ts's amounts, monthly, USD). */
export const sandboxPriceIds: Record<PaidTier, string> = {
  starter: 'price_sandbox_starter',
  pro: 'price_sandbox_pro',
};

export type Metadata = Record<string, string>;
type Timestamp = number;
export type StripeList<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: Timestamp;
  currency: 'usd';
  livemode: false;
  lookup_key: string;
  metadata: Metadata;
  nickname: string;
  product: string;
  recurring: { interval: 'month'; interval_count: 1; usage_type: 'licensed'; meter: null; trial_period_days: null };
  tax_behavior: 'exclusive';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
};

export type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: Timestamp;
  default_price: string;
  description: string;
  livemode: false;
  metadata: Metadata;
  name: string;
  type: 'service';
  updated: Timestamp;
};

export type Customer = {
  id: string;
  object: 'customer';
  created: Timestamp;
  email: string | null;
  name: string | null;
  description: string | null;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  metadata: Metadata;
  delinquent: boolean;
  currency: 'usd' | null;
  /** sandbox: deleted by DELETE /v1/customers/:id (the API then answers `{id, object, deleted: true}`) */
  deleted_sandbox?: true;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  customer: string | null;
  created: Timestamp;
  livemode: false;
  metadata: Metadata;
};

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: Timestamp;
  currency: 'usd';
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: Timestamp;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'subscription';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string;
  url: string | null;
  /** sandbox: what the session sells (Stripe answers them at /v1/checkout/sessions/:id/line_items) */
  line_items_sandbox: { price: string; quantity: number }[];
  /** sandbox: `subscription_data[metadata]`, given to the subscription it makes */
  subscription_metadata_sandbox: Metadata;
};

export type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: Timestamp;
  current_period_end: Timestamp;
  current_period_start: Timestamp;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
};

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid' | 'trialing';

export type Subscription = {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: Timestamp;
  cancel_at: Timestamp | null;
  cancel_at_period_end: boolean;
  canceled_at: Timestamp | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: Timestamp;
  currency: 'usd';
  /** older API versions have the period on the subscription, newer ones on its items: the sandbox keeps both */
  current_period_end: Timestamp;
  current_period_start: Timestamp;
  customer: string;
  default_payment_method: string | null;
  ended_at: Timestamp | null;
  items: StripeList<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: Timestamp;
  status: SubscriptionStatus;
};

export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: 'usd';
  description: string;
  period: { start: Timestamp; end: Timestamp };
  pricing: { type: 'price_details'; price_details: { price: string; product: string } };
  quantity: number;
  subscription: string;
};

export type Invoice = {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  created: Timestamp;
  currency: 'usd';
  customer: string;
  customer_email: string | null;
  hosted_invoice_url: string | null;
  lines: StripeList<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: Timestamp | null;
  /** where newer API versions say which subscription an invoice bills */
  parent: {
    type: 'subscription_details';
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: Timestamp;
  period_start: Timestamp;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  status_transitions: { paid_at: Timestamp | null; finalized_at: Timestamp | null };
  /** where older API versions say it */
  subscription: string;
  total: number;
};

export type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: Timestamp;
  customer: string;
  livemode: false;
  locale: null;
  return_url: string | null;
  url: string;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: Timestamp;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** One attempt to deliver an event, as `GET /_sandbox/stripe/events` shows it. */
export type DeliveryAttempt = { at: string; endpoint: string; status: number | null; error?: string };
export type EventDelivery = {
  /** `held`: kept back by `POST /_sandbox/stripe/hold`; `none`: no webhook endpoint was configured */
  state: 'pending' | 'delivered' | 'failed' | 'held' | 'none';
  attempts: DeliveryAttempt[];
};

/**
 * Stripe's test cards (https://docs.stripe.com/testing): `charge` is what a payment with it does; `failsLater` cards
 * pay at Checkout and fail every later charge (4000 0000 0000 0341).
 */
export const testCards: Record<
  string,
  { brand: string; charge: 'succeeds' | 'declined'; declineCode?: string; failsLater?: boolean }
> = {
  '4242424242424242': { brand: 'visa', charge: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', charge: 'succeeds' },
  '4000000000000341': { brand: 'visa', charge: 'succeeds', failsLater: true },
  '4000000000000002': { brand: 'visa', charge: 'declined', declineCode: 'generic_decline' },
  '4000000000009995': { brand: 'visa', charge: 'declined', declineCode: 'insufficient_funds' },
};
export const declineCard = '4000000000000002';
export const successCard = '4242424242424242';

/** Stripe's error answers: `{error: {type, code, message, param?}}` with the status Stripe gives. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error',
    readonly code: string | undefined,
    message: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'`, param);

export const invalid = (message: string, param?: string, code = 'parameter_invalid_empty') =>
  new StripeError(400, 'invalid_request_error', code, message, param);

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const copy = <T>(value: T): T => structuredClone(value);

/** `seconds` plus one calendar month, as a monthly billing period runs (Jan 31 -> Feb 28/29). */
export const addMonth = (seconds: Timestamp) => {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
};

const epoch = Date.UTC(2026, 0, 1) / 1000;

const priceOf = (tier: PaidTier): Price => ({
  id: sandboxPriceIds[tier],
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: epoch,
  currency: 'usd',
  livemode: false,
  lookup_key: `${tier}_monthly`,
  metadata: { tier },
  nickname: plans[tier].label,
  product: `prod_sandbox_${tier}`,
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
  tax_behavior: 'exclusive',
  type: 'recurring',
  unit_amount: plans[tier].priceUsdMonthly * 100,
  unit_amount_decimal: String(plans[tier].priceUsdMonthly * 100),
});

export const sandboxPrices: Price[] = paidTiers.map(priceOf);

export const sandboxProducts: Product[] = paidTiers.map((tier) => ({
  id: `prod_sandbox_${tier}`,
  object: 'product',
  active: true,
  created: epoch,
  default_price: sandboxPriceIds[tier],
  description: `${plans[tier].slotsPerPeriod} contact slots per month`,
  livemode: false,
  metadata: { tier },
  name: plans[tier].label,
  type: 'service',
  updated: epoch,
}));

export const priceById = (id: string) => sandboxPrices.find((price) => price.id === id);
export const productById = (id: string) => sandboxProducts.find((product) => product.id === id);

const savedSchema = z.object({
  version: z.literal(1),
  customers: z.array(z.custom<Customer>()),
  paymentMethods: z.array(z.custom<PaymentMethod>()),
  sessions: z.array(z.custom<CheckoutSession>()),
  subscriptions: z.array(z.custom<Subscription>()),
  invoices: z.array(z.custom<Invoice>()),
  portalSessions: z.array(z.custom<PortalSession>()),
  events: z.array(z.object({ event: z.custom<StripeEvent>(), delivery: z.custom<EventDelivery>() })),
  /** customers whose next charge fails (`POST /_sandbox/stripe/fail-next-invoice`) */
  failNextCharge: z.array(z.string()),
  /** per subscription: proration owed (cents, + or -) billed with its next invoice */
  pendingProration: z.record(z.string(), z.number()),
});
type Saved = z.infer<typeof savedSchema>;

/** Events kept (the oldest are forgotten), as Stripe keeps 30 days of them. */
const maxEvents = 1000;

export type RecordedEvent = { event: StripeEvent; delivery: EventDelivery };

/** The id of the object an event is about. */
export const eventObjectId = (event: StripeEvent) => String(event.data.object.id ?? '');

/** The customer an event concerns (a customer's own events: that customer), or null. */
export const eventCustomer = (event: StripeEvent) => {
  const object = event.data.object;
  const customer = object.object === 'customer' ? object.id : object.customer;
  return typeof customer === 'string' ? customer : null;
};

/** A change that raised events: the listener delivers them (stripe.ts). */
export type EventListener = (events: RecordedEvent[]) => void;

export class StripeStore {
  readonly #file: string | undefined;
  readonly #now: () => number;
  #state: Saved;
  readonly #listeners: EventListener[] = [];
  /** events held back (recorded, not delivered, until released): every one, or those of these customers */
  readonly holds = { all: false, customers: new Set<string>() };
  #collecting: RecordedEvent[][] = [];

  constructor(options: { file?: string; now?: () => number } = {}) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
    this.#state = {
      version: 1,
      customers: [],
      paymentMethods: [],
      sessions: [],
      subscriptions: [],
      invoices: [],
      portalSessions: [],
      events: [],
      failNextCharge: [],
      pendingProration: {},
    };
    if (this.#file && existsSync(this.#file)) {
      const saved = savedSchema.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      // a file of another shape (an older sandbox) is started over rather than half read
      if (saved.success) this.#state = saved.data;
    }
  }

  /** now, in Stripe's seconds */
  now() {
    return Math.floor(this.#now() / 1000);
  }

  save() {
    if (!this.#file) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.#state));
    renameSync(temporary, this.#file);
  }

  onEvents(listener: EventListener) {
    this.#listeners.push(listener);
  }

  // ---- events

  /** Records the events of one change (in this order), saves, and hands them to the deliverer. */
  #raise(changes: { type: string; object: { object: string }; previous?: Record<string, unknown> }[]) {
    const created = this.now();
    const recorded = changes.map(({ type, object, previous }): RecordedEvent => {
      const event: StripeEvent = {
        id: idOf('evt'),
        object: 'event',
        api_version: stripeApiVersion,
        created,
        data: {
          object: copy(object) as Record<string, unknown>,
          ...(previous ? { previous_attributes: previous } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const customer = eventCustomer(event);
      const held = this.holds.all || (customer !== null && this.holds.customers.has(customer));
      return { event, delivery: { state: held ? 'held' : 'pending', attempts: [] } };
    });
    for (const collected of this.#collecting) collected.push(...recorded);
    this.#state.events.push(...recorded);
    if (this.#state.events.length > maxEvents) this.#state.events.splice(0, this.#state.events.length - maxEvents);
    this.save();
    for (const listener of this.#listeners) listener(recorded);
    return recorded;
  }

  events() {
    return this.#state.events;
  }

  /** Runs a change and answers the events it raised. */
  collect<T>(run: () => T) {
    const events: RecordedEvent[] = [];
    this.#collecting.push(events);
    try {
      return { result: run(), events };
    } finally {
      this.#collecting = this.#collecting.filter((collected) => collected !== events);
    }
  }

  event(id: string) {
    return this.#state.events.find((recorded) => recorded.event.id === id);
  }

  // ---- customers and cards

  createCustomer(input: { email?: string | null; name?: string | null; description?: string; metadata?: Metadata }) {
    const customer: Customer = {
      id: idOf('cus'),
      object: 'customer',
      created: this.now(),
      email: input.email ?? null,
      name: input.name ?? null,
      description: input.description ?? null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: input.metadata ?? {},
      delinquent: false,
      currency: null,
    };
    this.#state.customers.push(customer);
    this.#raise([{ type: 'customer.created', object: customer }]);
    return copy(customer);
  }

  #customer(id: string) {
    const customer = this.#state.customers.find((item) => item.id === id);
    if (!customer || customer.deleted_sandbox) throw missing('customer', id);
    return customer;
  }

  /** A customer as the API answers it (a deleted one as Stripe's stub). */
  customer(id: string) {
    const customer = this.#state.customers.find((item) => item.id === id);
    if (customer?.deleted_sandbox) return { id, object: 'customer' as const, deleted: true as const };
    return copy(this.#customer(id));
  }

  /** A customer that has not been deleted (resource_missing otherwise). */
  liveCustomer(id: string) {
    return copy(this.#customer(id));
  }

  customers() {
    return copy(this.#state.customers.filter((customer) => !customer.deleted_sandbox));
  }

  /** DELETE /v1/customers/:id: their subscriptions end now (customer.subscription.deleted), then customer.deleted. */
  deleteCustomer(id: string) {
    const customer = this.#customer(id);
    const now = this.now();
    for (const subscription of this.#state.subscriptions) {
      if (subscription.customer === id && subscription.status !== 'canceled') this.#end(subscription, now);
    }
    customer.deleted_sandbox = true;
    const { deleted_sandbox: _deleted, ...object } = customer;
    this.#raise([{ type: 'customer.deleted', object }]);
    return { id, object: 'customer' as const, deleted: true as const };
  }

  updateCustomer(id: string, input: { email?: string | null; name?: string | null; metadata?: Metadata }) {
    const customer = this.#customer(id);
    const previous: Record<string, unknown> = {};
    if (input.email !== undefined && input.email !== customer.email) {
      previous.email = customer.email;
      customer.email = input.email;
    }
    if (input.name !== undefined && input.name !== customer.name) {
      previous.name = customer.name;
      customer.name = input.name;
    }
    if (input.metadata) {
      previous.metadata = { ...customer.metadata };
      customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    }
    if (Object.keys(previous).length > 0) {
      this.#raise([{ type: 'customer.updated', object: customer, previous }]);
    } else this.save();
    return copy(customer);
  }

  paymentMethod(id: string) {
    const method = this.#state.paymentMethods.find((item) => item.id === id);
    if (!method) throw missing('payment_method', id);
    return copy(method);
  }

  /** A card number typed on a hosted page: its test-card behaviour, or Stripe's error for it. */
  static checkCard(number: string) {
    const digits = number.replace(/[\s-]/g, '');
    const card = testCards[digits];
    if (!card) {
      throw new StripeError(
        402,
        'card_error',
        'card_declined',
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        undefined,
        'test_mode_live_card',
      );
    }
    if (card.charge === 'declined') {
      throw new StripeError(
        402,
        'card_error',
        'card_declined',
        card.declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
        undefined,
        card.declineCode,
      );
    }
    return { digits, ...card };
  }

  /** Attaches a (checked) card to the customer as their default payment method. */
  #attachCard(customer: Customer, digits: string) {
    const card = testCards[digits]!;
    const method: PaymentMethod = {
      id: idOf('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: digits.slice(-4), exp_month: 12, exp_year: 2034, funding: 'credit' },
      customer: customer.id,
      created: this.now(),
      livemode: false,
      metadata: {},
    };
    this.#state.paymentMethods.push(method);
    const previous = { invoice_settings: { ...customer.invoice_settings } };
    customer.invoice_settings.default_payment_method = method.id;
    return { method, previous };
  }

  /** Whether charging the customer now succeeds: their card, and a one-time failure asked for by a test. */
  #charge(customer: Customer) {
    const failNext = this.#state.failNextCharge.indexOf(customer.id);
    if (failNext >= 0) {
      this.#state.failNextCharge.splice(failNext, 1);
      return false;
    }
    const methodId = customer.invoice_settings.default_payment_method;
    const method = this.#state.paymentMethods.find((item) => item.id === methodId);
    if (!method) return false;
    const card = Object.entries(testCards).find(([digits]) => digits.endsWith(method.card.last4))?.[1];
    return !card?.failsLater;
  }

  failNextCharge(customerId: string) {
    this.#customer(customerId);
    this.#state.failNextCharge.push(customerId);
    this.save();
  }

  // ---- Checkout

  createCheckoutSession(
    input: {
      customer?: string;
      customer_email?: string;
      client_reference_id?: string;
      line_items: { price: string; quantity: number }[];
      success_url: string;
      cancel_url?: string;
      metadata?: Metadata;
      subscription_metadata?: Metadata;
    },
    origin: string,
  ) {
    if (input.customer) this.#customer(input.customer);
    let amount = 0;
    input.line_items.forEach((item, index) => {
      const price = priceById(item.price);
      if (!price) throw missing('price', item.price, `line_items[${index}][price]`);
      amount += price.unit_amount * item.quantity;
    });
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const now = this.now();
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: input.cancel_url ?? null,
      client_reference_id: input.client_reference_id ?? null,
      created: now,
      currency: 'usd',
      customer: input.customer ?? null,
      customer_details: null,
      customer_email: input.customer_email ?? null,
      expires_at: now + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: input.metadata ?? {},
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: input.success_url,
      url: `${origin}/stripe/checkout/${id}`,
      line_items_sandbox: input.line_items,
      subscription_metadata_sandbox: input.subscription_metadata ?? {},
    };
    this.#state.sessions.push(session);
    this.save();
    return this.#publicSession(session);
  }

  /** A session as the API answers it (without the sandbox's own fields; its url gone once it is complete). */
  #publicSession(session: CheckoutSession) {
    const { line_items_sandbox: _items, subscription_metadata_sandbox: _metadata, ...rest } = copy(session);
    return rest;
  }

  #session(id: string) {
    const session = this.#state.sessions.find((item) => item.id === id);
    if (!session) throw missing('checkout.session', id, 'session');
    if (session.status === 'open' && session.expires_at <= this.now()) {
      session.status = 'expired';
      session.url = null;
      this.#raise([{ type: 'checkout.session.expired', object: this.#publicSession(session) }]);
    }
    return session;
  }

  /** POST /v1/checkout/sessions/:id/expire: an open session can no longer be paid (checkout.session.expired). */
  expireCheckoutSession(id: string) {
    const session = this.#session(id);
    if (session.status !== 'open') {
      // Stripe's own refusal, word for word: a 400 invalid_request_error naming the session's status
      throw new StripeError(
        400,
        'invalid_request_error',
        undefined,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
      );
    }
    session.status = 'expired';
    session.url = null;
    this.#raise([{ type: 'checkout.session.expired', object: this.#publicSession(session) }]);
    return this.#publicSession(session);
  }

  checkoutSession(id: string) {
    return this.#publicSession(this.#session(id));
  }

  /** The session with what the hosted page shows: its prices and the customer's e-mail. */
  checkoutPage(id: string) {
    const session = this.#session(id);
    const customer = session.customer ? this.#customer(session.customer) : undefined;
    return {
      session: copy(session),
      prices: session.line_items_sandbox.map((item) => ({ price: priceById(item.price)!, quantity: item.quantity })),
      email: customer?.email ?? session.customer_email ?? '',
    };
  }

  checkoutSessions(filter: { customer?: string; subscription?: string }) {
    return this.#state.sessions
      .filter((session) => !filter.customer || session.customer === filter.customer)
      .filter((session) => !filter.subscription || session.subscription === filter.subscription)
      .map((session) => this.#publicSession(session));
  }

  /**
   * The person pays on the hosted page: the card is charged (a declining test card throws Stripe's card error and
   * changes nothing), the customer (made now if the session had none) gets the card, the subscription starts, its
   * first invoice is paid, and checkout.session.completed, customer.subscription.created and invoice.paid follow.
   */
  payCheckout(id: string, input: { email: string; card: string }) {
    const session = this.#session(id);
    if (session.status !== 'open') return this.#publicSession(session);
    const card = StripeStore.checkCard(input.card);
    let customer: Customer;
    let newCustomer: Customer | undefined;
    if (session.customer) customer = this.#customer(session.customer);
    else {
      customer = {
        id: idOf('cus'),
        object: 'customer',
        created: this.now(),
        email: input.email,
        name: null,
        description: null,
        invoice_settings: { default_payment_method: null },
        livemode: false,
        metadata: {},
        delinquent: false,
        currency: null,
      };
      this.#state.customers.push(customer);
      session.customer = customer.id;
      newCustomer = copy(customer);
    }
    customer.currency = 'usd';
    const { method } = this.#attachCard(customer, card.digits);
    const now = this.now();
    const subscription = this.#newSubscription(customer, session, method.id, now);
    const invoice = this.#newInvoice(subscription, 'subscription_create', now);
    this.#payInvoice(invoice, now);
    subscription.latest_invoice = invoice.id;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.customer_details = { email: input.email || customer.email, name: customer.name };
    session.url = null;
    this.#raise([
      ...(newCustomer ? [{ type: 'customer.created', object: newCustomer }] : []),
      { type: 'checkout.session.completed', object: this.#publicSession(session) },
      { type: 'customer.subscription.created', object: subscription },
      { type: 'invoice.paid', object: invoice },
    ]);
    return this.#publicSession(session);
  }

  #newSubscription(customer: Customer, session: CheckoutSession, paymentMethod: string, now: Timestamp) {
    const id = idOf('sub');
    const end = addMonth(now);
    const subscription: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: 'usd',
      current_period_end: end,
      current_period_start: now,
      customer: customer.id,
      default_payment_method: paymentMethod,
      ended_at: null,
      items: {
        object: 'list',
        data: session.line_items_sandbox.map((item) => this.#newItem(id, item.price, item.quantity, now, end)),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...session.subscription_metadata_sandbox },
      start_date: now,
      status: 'active',
    };
    this.#state.subscriptions.push(subscription);
    return subscription;
  }

  #newItem(subscription: string, priceId: string, quantity: number, start: Timestamp, end: Timestamp) {
    const item: SubscriptionItem = {
      id: idOf('si'),
      object: 'subscription_item',
      created: start,
      current_period_end: end,
      current_period_start: start,
      metadata: {},
      price: copy(priceById(priceId)!),
      quantity,
      subscription,
    };
    return item;
  }

  // ---- invoices

  #newInvoice(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    now: Timestamp,
    lines?: { amount: number; description: string; price: Price }[],
  ) {
    const customer = this.#customer(subscription.customer);
    const id = idOf('in');
    const invoiceLines = (
      lines ??
      subscription.items.data.map((item) => ({
        amount: item.price.unit_amount * item.quantity,
        description: `${item.quantity} × ${item.price.nickname} (at $${(item.price.unit_amount / 100).toFixed(2)} / month)`,
        price: item.price,
      }))
    ).map(
      (line): InvoiceLine => ({
        id: idOf('il'),
        object: 'line_item',
        amount: line.amount,
        currency: 'usd',
        description: line.description,
        period: { start: subscription.current_period_start, end: subscription.current_period_end },
        pricing: { type: 'price_details', price_details: { price: line.price.id, product: line.price.product } },
        quantity: 1,
        subscription: subscription.id,
      }),
    );
    const total = Math.max(
      0,
      invoiceLines.reduce((sum, line) => sum + line.amount, 0),
    );
    const invoice: Invoice = {
      id,
      object: 'invoice',
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: 'usd',
      customer: customer.id,
      customer_email: customer.email,
      hosted_invoice_url: null,
      lines: { object: 'list', data: invoiceLines, has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: subscription.current_period_end,
      period_start: subscription.current_period_start,
      status: 'open',
      status_transitions: { paid_at: null, finalized_at: now },
      subscription: subscription.id,
      total,
    };
    this.#state.invoices.push(invoice);
    return invoice;
  }

  #payInvoice(invoice: Invoice, now: Timestamp) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status = 'paid';
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now;
  }

  /** Charges an open invoice: paid, or a failed attempt (retried in 3 days, as Smart Retries would). */
  #attemptInvoice(invoice: Invoice, now: Timestamp) {
    const customer = this.#customer(invoice.customer);
    if (invoice.amount_due === 0 || this.#charge(customer)) {
      this.#payInvoice(invoice, now);
      return true;
    }
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = now + 3 * 24 * 3600;
    return false;
  }

  invoice(id: string) {
    const invoice = this.#state.invoices.find((item) => item.id === id);
    if (!invoice) throw missing('invoice', id);
    return copy(invoice);
  }

  invoices(filter: { customer?: string; subscription?: string; status?: string }) {
    return copy(
      this.#state.invoices
        .filter((invoice) => !filter.customer || invoice.customer === filter.customer)
        .filter((invoice) => !filter.subscription || invoice.subscription === filter.subscription)
        .filter((invoice) => !filter.status || invoice.status === filter.status)
        .reverse(),
    );
  }

  // ---- subscriptions

  #subscription(id: string) {
    const subscription = this.#state.subscriptions.find((item) => item.id === id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  subscription(id: string) {
    return copy(this.#subscription(id));
  }

  subscriptions(filter: { customer?: string; status?: string; price?: string }) {
    return copy(
      this.#state.subscriptions
        .filter((subscription) => !filter.customer || subscription.customer === filter.customer)
        .filter((subscription) =>
          filter.status === 'all'
            ? true
            : filter.status
              ? subscription.status === filter.status
              : subscription.status !== 'canceled',
        )
        .filter(
          (subscription) => !filter.price || subscription.items.data.some((item) => item.price.id === filter.price),
        )
        .reverse(),
    );
  }

  /** The customer's newest subscription that has not ended (what the Customer Portal manages). */
  currentSubscription(customerId: string) {
    return this.subscriptions({ customer: customerId })[0];
  }

  static #previousOf(subscription: Subscription, keys: (keyof Subscription)[]) {
    return Object.fromEntries(keys.map((key) => [key, copy(subscription[key])]));
  }

  #refuseEnded(subscription: Subscription) {
    if (subscription.status === 'canceled') {
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      );
    }
  }

  /**
   * POST /v1/subscriptions/:id: items (an item's `id` changes its price or quantity, `deleted` removes it, an entry
   * without `id` adds an item, as Stripe does), `cancel_at_period_end`, `metadata`, `proration_behavior`
   * (`create_prorations`, the default: the difference is billed with the next invoice; `always_invoice`: invoiced and
   * charged now; `none`). One customer.subscription.updated with `previous_attributes` when something changed.
   */
  updateSubscription(
    id: string,
    input: {
      items?: { id?: string; price?: string; quantity?: number; deleted?: boolean }[];
      cancel_at_period_end?: boolean;
      metadata?: Metadata;
      proration_behavior?: 'create_prorations' | 'always_invoice' | 'none';
      default_payment_method?: string;
      cancellation_reason?: string;
    },
  ) {
    const subscription = this.#subscription(id);
    const now = this.now();
    const changedKeys = new Set<keyof Subscription>();
    const before = copy(subscription);
    if (input.items?.length) {
      this.#refuseEnded(subscription);
      const oldAmount = amountOf(subscription);
      input.items.forEach((change, index) => {
        if (change.price !== undefined && !priceById(change.price)) {
          throw missing('price', change.price, `items[${index}][price]`);
        }
        if (change.id === undefined) {
          if (!change.price) throw invalid('Missing required param: items[0][price].', `items[${index}][price]`);
          if (subscription.items.data.some((item) => item.price.id === change.price)) {
            throw invalid(
              'Cannot add multiple subscription items with the same price.',
              `items[${index}][price]`,
              'parameter_invalid',
            );
          }
          subscription.items.data.push(
            this.#newItem(
              id,
              change.price,
              change.quantity ?? 1,
              subscription.current_period_start,
              subscription.current_period_end,
            ),
          );
          return;
        }
        const item = subscription.items.data.find((existing) => existing.id === change.id);
        if (!item) throw missing('subscription_item', change.id, `items[${index}][id]`);
        if (change.deleted) {
          subscription.items.data = subscription.items.data.filter((existing) => existing.id !== change.id);
          return;
        }
        if (change.price) item.price = copy(priceById(change.price)!);
        if (change.quantity !== undefined) item.quantity = change.quantity;
      });
      if (subscription.items.data.length === 0) {
        throw invalid('A subscription must have at least one active plan.', 'items', 'parameter_invalid');
      }
      changedKeys.add('items');
      const difference = amountOf(subscription) - oldAmount;
      const behaviour = input.proration_behavior ?? 'create_prorations';
      const total = subscription.current_period_end - subscription.current_period_start;
      const proration = Math.round((difference * (subscription.current_period_end - now)) / Math.max(1, total));
      const newEvents: { type: string; object: { object: string }; previous?: Record<string, unknown> }[] = [];
      if (behaviour === 'always_invoice' && proration !== 0) {
        const price = subscription.items.data[0]!.price;
        const invoice = this.#newInvoice(subscription, 'subscription_update', now, [
          { amount: proration, description: `Remaining time on ${price.nickname} after ${isoDay(now)}`, price },
        ]);
        const paid = this.#attemptInvoice(invoice, now);
        subscription.latest_invoice = invoice.id;
        changedKeys.add('latest_invoice');
        if (!paid && subscription.status === 'active') {
          subscription.status = 'past_due';
          changedKeys.add('status');
        }
        newEvents.push({ type: paid ? 'invoice.paid' : 'invoice.payment_failed', object: invoice });
      } else if (behaviour === 'create_prorations' && proration !== 0) {
        this.#state.pendingProration[id] = (this.#state.pendingProration[id] ?? 0) + proration;
      }
      this.#applyScalars(subscription, input, now, changedKeys);
      return this.#raiseUpdate(subscription, before, changedKeys, newEvents);
    }
    this.#applyScalars(subscription, input, now, changedKeys);
    return this.#raiseUpdate(subscription, before, changedKeys, []);
  }

  #applyScalars(
    subscription: Subscription,
    input: {
      cancel_at_period_end?: boolean;
      metadata?: Metadata;
      default_payment_method?: string;
      cancellation_reason?: string;
    },
    now: Timestamp,
    changedKeys: Set<keyof Subscription>,
  ) {
    if (input.cancel_at_period_end !== undefined && input.cancel_at_period_end !== subscription.cancel_at_period_end) {
      this.#refuseEnded(subscription);
      subscription.cancel_at_period_end = input.cancel_at_period_end;
      subscription.cancel_at = input.cancel_at_period_end ? subscription.current_period_end : null;
      subscription.canceled_at = input.cancel_at_period_end ? now : null;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        reason: input.cancel_at_period_end ? (input.cancellation_reason ?? 'cancellation_requested') : null,
      };
      for (const key of ['cancel_at_period_end', 'cancel_at', 'canceled_at', 'cancellation_details'] as const) {
        changedKeys.add(key);
      }
    }
    if (input.metadata) {
      subscription.metadata = mergeMetadata(subscription.metadata, input.metadata);
      changedKeys.add('metadata');
    }
    if (input.default_payment_method !== undefined) {
      this.paymentMethod(input.default_payment_method);
      subscription.default_payment_method = input.default_payment_method;
      changedKeys.add('default_payment_method');
    }
  }

  #raiseUpdate(
    subscription: Subscription,
    before: Subscription,
    changedKeys: Set<keyof Subscription>,
    after: { type: string; object: { object: string }; previous?: Record<string, unknown> }[],
  ) {
    if (changedKeys.size === 0) {
      this.save();
      return copy(subscription);
    }
    this.#raise([
      {
        type: 'customer.subscription.updated',
        object: subscription,
        previous: StripeStore.#previousOf(before, [...changedKeys]),
      },
      ...after,
    ]);
    return copy(subscription);
  }

  /** DELETE /v1/subscriptions/:id: ends it now (customer.subscription.deleted). */
  cancelSubscription(id: string) {
    const subscription = this.#subscription(id);
    if (subscription.status === 'canceled') {
      throw invalid(`No such subscription: '${id}'`, 'id', 'resource_missing');
    }
    this.#end(subscription, this.now());
    return copy(subscription);
  }

  #end(subscription: Subscription, now: Timestamp) {
    subscription.status = 'canceled';
    subscription.ended_at = now;
    subscription.canceled_at ??= now;
    subscription.cancellation_details.reason ??= 'cancellation_requested';
    delete this.#state.pendingProration[subscription.id];
    this.#raise([{ type: 'customer.subscription.deleted', object: subscription }]);
  }

  /**
   * The current period ends now (`POST /_sandbox/stripe/advance`): a subscription cancelled at period end is deleted;
   * otherwise the next period starts now and is billed (with owed prorations): invoice.paid, or with a failing card
   * invoice.payment_failed and status `past_due`, after customer.subscription.updated.
   */
  advance(id: string) {
    const subscription = this.#subscription(id);
    this.#refuseEnded(subscription);
    const now = Math.max(this.now(), subscription.current_period_start + 1);
    if (subscription.cancel_at_period_end) {
      subscription.current_period_end = now;
      for (const item of subscription.items.data) item.current_period_end = now;
      this.#end(subscription, now);
      return copy(subscription);
    }
    const before = copy(subscription);
    const end = addMonth(now);
    subscription.current_period_start = now;
    subscription.current_period_end = end;
    for (const item of subscription.items.data) {
      item.current_period_start = now;
      item.current_period_end = end;
    }
    const proration = this.#state.pendingProration[id] ?? 0;
    delete this.#state.pendingProration[id];
    const price = subscription.items.data[0]!.price;
    const regular = subscription.items.data.map((item) => ({
      amount: item.price.unit_amount * item.quantity,
      description: `${item.quantity} × ${item.price.nickname} (at $${(item.price.unit_amount / 100).toFixed(2)} / month)`,
      price: item.price,
    }));
    const invoice = this.#newInvoice(subscription, 'subscription_cycle', now, [
      ...regular,
      ...(proration !== 0 ? [{ amount: proration, description: 'Prorated plan change', price }] : []),
    ]);
    // an earlier failed invoice is tried again with this one
    const earlier = this.#state.invoices.filter(
      (item) => item.subscription === id && item.status === 'open' && item.id !== invoice.id,
    );
    const paidEarlier = earlier.filter((item) => this.#attemptInvoice(item, now));
    const paid = this.#attemptInvoice(invoice, now);
    subscription.latest_invoice = invoice.id;
    const changed: (keyof Subscription)[] = ['current_period_start', 'current_period_end', 'items', 'latest_invoice'];
    const status = paid && paidEarlier.length === earlier.length ? 'active' : 'past_due';
    if (status !== subscription.status) {
      subscription.status = status;
      changed.push('status');
    }
    this.#raise([
      {
        type: 'customer.subscription.updated',
        object: subscription,
        previous: StripeStore.#previousOf(before, changed),
      },
      ...paidEarlier.map((item) => ({ type: 'invoice.paid', object: item })),
      { type: paid ? 'invoice.paid' : 'invoice.payment_failed', object: invoice },
    ]);
    return copy(subscription);
  }

  // ---- Customer Portal

  createPortalSession(input: { customer: string; return_url?: string }, origin: string) {
    this.#customer(input.customer);
    const id = idOf('bps');
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_sandbox',
      created: this.now(),
      customer: input.customer,
      livemode: false,
      locale: null,
      return_url: input.return_url ?? null,
      url: `${origin}/stripe/portal/${id}`,
    };
    this.#state.portalSessions.push(session);
    this.save();
    return copy(session);
  }

  portalSession(id: string) {
    const session = this.#state.portalSessions.find((item) => item.id === id);
    // a portal link lives 5 minutes at Stripe; the sandbox keeps it for the day, so a page left open still works
    if (!session || session.created + 24 * 3600 < this.now()) throw missing('billing_portal.session', id);
    return copy(session);
  }

  /**
   * The portal's 'Update payment method': the card becomes the customer's default (customer.updated), and open
   * invoices are charged again with it (invoice.paid, and a `past_due` subscription is `active` again).
   */
  updatePaymentMethod(customerId: string, cardNumber: string) {
    const customer = this.#customer(customerId);
    const card = StripeStore.checkCard(cardNumber);
    const { method, previous } = this.#attachCard(customer, card.digits);
    const now = this.now();
    const changes: { type: string; object: { object: string }; previous?: Record<string, unknown> }[] = [
      { type: 'payment_method.attached', object: method },
      { type: 'customer.updated', object: customer, previous },
    ];
    for (const subscription of this.#state.subscriptions.filter(
      (item) => item.customer === customerId && item.status !== 'canceled',
    )) {
      const before = copy(subscription);
      subscription.default_payment_method = method.id;
      const open = this.#state.invoices.filter(
        (item) => item.subscription === subscription.id && item.status === 'open',
      );
      const paid = open.filter((item) => this.#attemptInvoice(item, now));
      const changed: (keyof Subscription)[] = ['default_payment_method'];
      if (subscription.status === 'past_due' && paid.length === open.length) {
        subscription.status = 'active';
        changed.push('status');
      }
      changes.push(
        {
          type: 'customer.subscription.updated',
          object: subscription,
          previous: StripeStore.#previousOf(before, changed),
        },
        ...paid.map((item) => ({ type: 'invoice.paid', object: item })),
      );
    }
    this.#raise(changes);
    return copy(method);
  }
}

const amountOf = (subscription: Subscription) =>
  subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);

const isoDay = (seconds: Timestamp) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Stripe's metadata update: keys are merged, an empty value removes its key. */
const mergeMetadata = (current: Metadata, update: Metadata) => {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
};
