/** What other domains use of contacts: a contact's wire form (the Outreach list of the drafts domain). */
export { toContactWire } from './wire.js';
/** The user's slots and their plan (the billing domain makes the slots follow the plan Stripe bills). */
export { currentQuota, followPlan, toQuota, type QuotaState } from './quota.js';
/** The current period's quota from a QUOTA item read with others (the dashboard's summary, one BatchGetItem). */
export { quotaOfItem } from './quota.js';
/** The monthly periods of the slots (a deleted address's period, continued when it signs up again: profiles). */
export { addMonths, periodAt } from './quota.js';
