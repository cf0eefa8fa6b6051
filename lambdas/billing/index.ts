/**
 * What other Lambda domains may use of billing (biome.json: a domain reaches another only through its index.ts or
 * lambdas/data): the account's deletion ends the user's subscriptions at Stripe and forgets their customer.
 */
export { type BillingEndDeps, endBillingOfDeletedAccount } from './account-deletion.js';
