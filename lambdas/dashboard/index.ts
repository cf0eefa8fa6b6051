/**
 * What other Lambda domains may use of the dashboard (biome.json: a domain reaches another only through its index.ts
 * or lambdas/data): a contact's analytics dimensions as the stats aggregator counts them (the conversations' analytics
 * of one contact group by the same values). The activity log's writes are lambdas/data/activity.ts.
 */
export { dimensionsOf } from './stats-delta.js';
