/**
 * What other Lambda domains may use of the dashboard (biome.json: a domain reaches another only through its index.ts
 * or lambdas/data): nothing yet; the activity log's writes are lambdas/data/activity.ts.
 */
export {};
