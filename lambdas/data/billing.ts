import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './dynamo.js';
import type { PlanTier, SubscriptionStatus } from '../../shared/constants.js';
import type { DataClient } from './client.js';
import { isConditionFailed, writtenIf } from './entity/condition.js';
import { expressionAttributes, expressionParts, updateExpression, updateParams } from './expressions.js';
import { tenantKey } from './entity/keys.js';
import { transact } from './entity/transaction.js';

/**
 * A user's subscription as Stripe's webhooks and the Checkout status route keep it (DESIGN §8 'Billing'):
 * - `USER#<sub>` / `BILLING`: the Stripe customer (set once), the subscription and its state;
 * - `STRIPECUSTOMER#<customerId>` / `STRIPECUSTOMER`: whose customer it is (the webhooks name customers, not users).
 * Every state write is conditional on the customer being the user's and on its ordering marker, so a stale answer
 * never overwrites a newer one (lambdas/billing/service.ts says how the markers are taken).
 */
export type BillingItem = {
  uid: string;
  customerId?: string;
  subscriptionId?: string;
  /** the plan Stripe bills for now; free once the subscription ended */
  tier?: PlanTier;
  status?: SubscriptionStatus;
  /** when the subscription's current period ends (ISO 8601) */
  periodEnd?: string;
  cancelAtPeriodEnd?: boolean;
  /** the last invoice failed (the banner), until an invoice is paid */
  paymentFailed?: boolean;
  /** epoch ms at which the written subscription state was asked of Stripe: a write older than this is refused */
  stateAt?: number;
  /** `created` (epoch s) of the newest invoice event applied to `paymentFailed` */
  invoiceAt?: number;
  updatedAt?: string;
};

export const billingRecord = 'billing';
/** The customer's owner: machinery of the webhooks, not the owner's data. */
export const stripeCustomerRecord = 'stripe-customer';

export const billingKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'BILLING' });
const customerKey = (customerId: string) => ({ pk: `STRIPECUSTOMER#${customerId}`, sk: 'STRIPECUSTOMER' });

// the subscription of a user (GetItem); null before their first checkout
export const getBilling = async (db: DataClient, uid: string): Promise<BillingItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: billingKey(uid), ConsistentRead: true }),
  );
  return Item ? ({ ...Item, uid } as BillingItem) : null;
};

// whose Stripe customer this is (GetItem); null when it is none of ours
export const ownerOfCustomer = async (db: DataClient, customerId: string): Promise<string | null> => {
  const { Item } = await db.documents.send(new GetCommand({ TableName: db.table, Key: customerKey(customerId) }));
  return typeof Item?.uid === 'string' ? Item.uid : null;
};

/**
 * Forgets whose Stripe customer this is (the account's deletion, DESIGN §6 "Your data"), on the condition that it is
 * `uid`'s: false when it is no one's (already forgotten) or another user's.
 */
export const forgetCustomerOwner = (db: DataClient, customerId: string, uid: string) =>
  writtenIf(
    db.documents.send(
      new DeleteCommand({
        TableName: db.table,
        Key: customerKey(customerId),
        ConditionExpression: '#uid = :uid',
        ExpressionAttributeNames: { '#uid': 'uid' },
        ExpressionAttributeValues: { ':uid': uid },
      }),
    ),
  );

/**
 * Makes `customerId` the user's Stripe customer, once: the user's item is written only if it has no customer yet, and
 * the lookup item with it (one transaction). False when the user got a customer meanwhile (a concurrent checkout won).
 */
export const claimCustomer = async (db: DataClient, uid: string, customerId: string, now: Date) => {
  const p = expressionParts();
  const UpdateExpression = updateExpression(p, {
    set: { customerId, updatedAt: now.toISOString() },
    setIfMissing: { uid, entity: billingRecord },
  });
  const outcome = await transact(db, {
    billing: {
      Update: {
        TableName: db.table,
        Key: billingKey(uid),
        UpdateExpression,
        ConditionExpression: `attribute_not_exists(${p.name('customerId')})`,
        ...expressionAttributes(p),
      },
    },
    customer: {
      Put: {
        TableName: db.table,
        Item: { ...customerKey(customerId), entity: stripeCustomerRecord, uid, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  });
  if (outcome.done) return true;
  if (outcome.refused.size > 0) return false;
  throw new Error(`Claiming the customer was refused: ${outcome.summary}`);
};

export type SubscriptionState = Required<
  Pick<BillingItem, 'subscriptionId' | 'tier' | 'status' | 'cancelAtPeriodEnd' | 'stateAt'>
> & { periodEnd: string | null };

/**
 * Writes the subscription state read from Stripe at `state.stateAt`, if the user's customer is `customerId` and no
 * state read later was written. A subscription that is over (`live` false) may only update the subscription the user
 * has (a late event of an old subscription never ends a newer one); a live one replaces it. False when refused.
 */
export const writeSubscriptionState = (
  db: DataClient,
  uid: string,
  customerId: string,
  state: SubscriptionState & { live: boolean },
  now: Date,
) => {
  const { live, periodEnd, ...fields } = state;
  return writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          billingKey(uid),
          {
            set: { ...fields, updatedAt: now.toISOString(), ...(periodEnd ? { periodEnd } : {}) },
            ...(periodEnd ? {} : { remove: ['periodEnd'] }),
          },
          (p) =>
            [
              `${p.name('customerId')} = ${p.value(customerId)}`,
              `(attribute_not_exists(${p.name('stateAt')}) OR ${p.name('stateAt')} < ${p.value(state.stateAt)})`,
              ...(live
                ? []
                : [
                    `(attribute_not_exists(${p.name('subscriptionId')}) OR ${p.name('subscriptionId')} = ${p.value(state.subscriptionId)})`,
                  ]),
            ].join(' AND '),
        ),
      ),
    ),
  );
};

/**
 * Sets or clears the failed-payment flag from an invoice event created at `invoiceAt` (epoch s), unless an invoice
 * event created later was applied already. False when refused (not the user's customer, or older).
 */
export const writePaymentFailed = (
  db: DataClient,
  uid: string,
  customerId: string,
  paymentFailed: boolean,
  invoiceAt: number,
  now: Date,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          billingKey(uid),
          { set: { paymentFailed, invoiceAt, updatedAt: now.toISOString() } },
          (p) =>
            `${p.name('customerId')} = ${p.value(customerId)} AND (attribute_not_exists(${p.name('invoiceAt')}) OR ${p.name('invoiceAt')} <= ${p.value(invoiceAt)})`,
        ),
      ),
    ),
  );

export const checkoutStartRecord = 'checkout-start';
const checkoutStartKey = (uid: string) => ({ pk: tenantKey(uid), sk: 'CHECKOUTSTART' });

/** The user's latest Checkout start: its plan, when it began and, once made, its session's page. */
export type CheckoutStart = { plan: PlanTier; startedAt: string; url: string | null };

/**
 * Claims the user's next Checkout start (PutItem on the condition that none began after `staleBefore`, or that the one
 * that did has made its Checkout for another plan): of starts at once (a double click), one makes the Checkout and the
 * others get the start under way. Kept a day (TTL).
 */
export const claimCheckoutStart = async (
  db: DataClient,
  uid: string,
  input: { plan: PlanTier; now: Date; staleBefore: Date },
): Promise<{ claimed: true } | { claimed: false; current: CheckoutStart }> => {
  try {
    await db.documents.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...checkoutStartKey(uid),
          entity: checkoutStartRecord,
          uid,
          plan: input.plan,
          startedAt: input.now.toISOString(),
          url: null,
          ttl: Math.ceil(input.now.getTime() / 1000) + 86_400,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR #startedAt < :stale OR (attribute_type(#url, :string) AND #plan <> :plan)',
        ExpressionAttributeNames: { '#url': 'url', '#plan': 'plan', '#startedAt': 'startedAt' },
        ExpressionAttributeValues: {
          ':stale': input.staleBefore.toISOString(),
          ':string': 'S',
          ':plan': input.plan,
        },
      }),
    );
    return { claimed: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const { Item } = await db.documents.send(
      new GetCommand({ TableName: db.table, Key: checkoutStartKey(uid), ConsistentRead: true }),
    );
    if (!Item) return claimCheckoutStart(db, uid, input);
    return {
      claimed: false,
      current: {
        plan: Item.plan as PlanTier,
        startedAt: String(Item.startedAt),
        url: typeof Item.url === 'string' ? Item.url : null,
      },
    };
  }
};

// the page of the Checkout a start made (UpdateItem on the condition that it is still that start)
export const recordCheckoutPage = (db: DataClient, uid: string, startedAt: string, url: string) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand({
        TableName: db.table,
        Key: checkoutStartKey(uid),
        UpdateExpression: 'SET #url = :url',
        ConditionExpression: '#startedAt = :startedAt',
        ExpressionAttributeNames: { '#url': 'url', '#startedAt': 'startedAt' },
        ExpressionAttributeValues: { ':url': url, ':startedAt': startedAt },
      }),
    ),
  );

// gives up a start that made no Checkout (Stripe failed), so the next start need not wait (DeleteItem, conditioned)
export const releaseCheckoutStart = (db: DataClient, uid: string, startedAt: string) =>
  writtenIf(
    db.documents.send(
      new DeleteCommand({
        TableName: db.table,
        Key: checkoutStartKey(uid),
        ConditionExpression: '#startedAt = :startedAt',
        ExpressionAttributeNames: { '#startedAt': 'startedAt' },
        ExpressionAttributeValues: { ':startedAt': startedAt },
      }),
    ),
  );
