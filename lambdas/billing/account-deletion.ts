import type { Logger } from '@aws-lambda-powertools/logger';
import type { DataClient } from '../data/client.js';
import { forgetCustomerOwner, getBilling } from '../data/billing.js';
import type { Billing } from '../providers/billing/port.js';

/** What ending a deleted account's billing needs: the table and Stripe. */
export type BillingEndDeps = { db: DataClient; billing: Billing; logger: Pick<Logger, 'info'> };

/** Stripe's statuses of a subscription that will bill nothing more (it cannot be cancelled again). */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/**
 * A deleted account is billed no more (DESIGN §6 "Your data"): the customer's open Checkout Sessions are expired (a
 * page left open pays for nothing), every subscription of the user's Stripe customer that
 * has not ended is cancelled at Stripe now (not at the period's end; no refund), the one the billing item names and
 * any other (one a Checkout paid just before, whose webhook has not been applied yet), then the customer's lookup item
 * (`STRIPECUSTOMER#<id>`, outside the user's partition) is deleted. The billing item itself stays for the partition's
 * removal, so a failure here (Stripe down: a BillingFailure, thrown) is retried whole by the deletion's later pass, and
 * a run after a complete one finds nothing to cancel and no lookup item.
 */
export const endBillingOfDeletedAccount = async (deps: BillingEndDeps, uid: string) => {
  const item = await getBilling(deps.db, uid);
  if (!item?.customerId) return { subscriptionsCanceled: 0 };
  // first, so a Checkout page left open cannot start a subscription after the listing below; one paid meanwhile
  // (answered in `completed`) made its subscription already, so the listing below finds and cancels it
  await deps.billing.expireOpenCheckouts(item.customerId);
  const open = (await deps.billing.listSubscriptions(item.customerId)).filter(
    (subscription) => !endedStatuses.has(subscription.status),
  );
  let canceled = 0;
  for (const subscription of open) {
    // null: it ended meanwhile (Stripe answers its cancellation as unknown)
    if (await deps.billing.cancelSubscription(subscription.id)) canceled += 1;
  }
  if (canceled > 0) deps.logger.info('the subscriptions of a deleted account were cancelled', { canceled });
  await forgetCustomerOwner(deps.db, item.customerId, uid);
  return { subscriptionsCanceled: canceled };
};
