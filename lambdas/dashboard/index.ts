/**
 * What other Lambda domains may use of the dashboard (biome.json: a domain reaches another only through its index.ts
 * or lambdas/data): a contact's analytics dimensions as the stats aggregator counts them (the conversations' analytics
 * of one contact group by the same values), and the AI batches' counter (the ai domain's tests drive it as the table's
 * stream would). The activity log's writes are lambdas/data/activity.ts.
 */
export { generationCounts } from './generation-counts.js';
export { dimensionsOf } from './stats-delta.js';
