/**
 * What other Lambda domains may use of the dashboard (biome.json: a domain reaches another only through its index.ts
 * or lambdas/data): the AI batches' counter (the ai domain's tests drive it as the table's stream would). The
 * activity log's writes are lambdas/data/activity.ts; a contact's analytics dimensions, which the conversations'
 * analytics of one contact group by as the stats aggregator counts them, are lambdas/data/stats-dimensions.ts.
 */
export { generationCounts } from './generation-counts.js';
