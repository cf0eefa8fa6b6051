/** What other domains use of contacts: a contact's wire form (the Outreach list of the drafts domain, issue 11). */
export { toContactWire } from './wire.js';
/** The user's slots and their plan (issue 15: the billing domain makes the slots follow the plan Stripe bills). */
export { currentQuota, followPlan, toQuota, type QuotaState } from './quota.js';
/** The current period's quota from a QUOTA item read with others (issue 16: the dashboard's summary, one BatchGetItem). */
export { quotaOfItem } from './quota.js';
