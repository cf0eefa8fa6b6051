import type { Domain } from './routes.js';

/**
 * The table's stream consumers, once: the CDK stack turns the table's stream on (new and old images) and
 * maps it to each consumer with a filter on the items' `entity` (an event of any other item never invokes it); the
 * local stream runner (infra/local) reads DynamoDB Local's stream and delivers the same DynamoDB-stream-shaped
 * batches. A consumer lives at `lambdas/<domain>/<handler>.ts` and exports `handler` (a DynamoDB stream handler that
 * reports partial batch failures: `{ batchItemFailures: [{ itemIdentifier: <sequence number> }] }`).
 */
export type StreamConsumerSpec = {
  domain: Domain;
  /** file name under `lambdas/<domain>/` without `.ts` */
  handler: string;
  /** the `entity` values (lambdas/data/*.ts `...Record`) whose changes it receives */
  entities: readonly string[];
  /** records per batch, at most */
  batchSize: number;
  /** attempts of a failing record before it goes to the consumer's dead-letter queue */
  maxRetryAttempts: number;
  workerTimeoutSeconds: number;
  summary: string;
};

export const streamConsumers = {
  stats: {
    domain: 'dashboard',
    handler: 'stats-stream',
    entities: ['contact', 'draft', 'conversation', 'conversationEmail', 'meeting', 'pipeline', 'doNotContact'],
    batchSize: 100,
    maxRetryAttempts: 10,
    workerTimeoutSeconds: 60,
    summary:
      "Keep each user's dashboard counters (lambdas/data/stats.ts) and pending tasks' facts (lambdas/dashboard/task-sources.ts) as their items change",
  },
  'generation-activity': {
    domain: 'dashboard',
    handler: 'generation-stream',
    entities: ['generationBatchContact'],
    batchSize: 100,
    maxRetryAttempts: 10,
    workerTimeoutSeconds: 30,
    summary: "Count each finished contact of an AI batch on the batch's activity action (SPEC §3)",
  },
  'notification-emails': {
    domain: 'notifications',
    handler: 'notifications-stream',
    entities: ['notification', 'meeting', 'userProfile'],
    batchSize: 100,
    maxRetryAttempts: 10,
    workerTimeoutSeconds: 60,
    summary:
      "A reply's notification into the user's e-mail digest; a meeting's reminder and the user's morning summary onto the due index (SPEC §3 settings)",
  },
  sequences: {
    domain: 'sequences',
    handler: 'sequences-stream',
    entities: ['draft', 'conversationEmail', 'contact', 'meeting', 'doNotContact', 'sequenceEnrollment'],
    // an AI-written step is a research call and a completion (27 s at worst with retries,
    // lambdas/providers/vendor-limits.ts), and every change of a batch may write one: 10 of them fit in 300 s
    batchSize: 10,
    maxRetryAttempts: 10,
    workerTimeoutSeconds: 300,
    summary:
      "A sequence's next step written as the e-mail before it goes; the sequence stopped or paused by a reply, an out-of-office, a bounce, an unsubscribe, a meeting or the contact's removal (DESIGN §9)",
  },
} as const satisfies Record<string, StreamConsumerSpec>;

export type StreamConsumerName = keyof typeof streamConsumers;

export const streamConsumerEntries = (table: Record<string, StreamConsumerSpec> = streamConsumers) =>
  Object.entries(table).map(([name, spec]) => ({ name, ...spec }));

/** Where a record's `entity` is: the item after the change (insert, modify) or before it (modify, remove). */
export const streamImages = ['NewImage', 'OldImage'] as const;

/**
 * A consumer's Lambda event filter patterns (any of them lets a record through): its entities in the new image, or in
 * the old one (a removal has no new image). The CDK event source gets these as its filter criteria and the local
 * stream runner applies the same patterns, so a consumer sees the same records in both places.
 */
export const streamFilterPatterns = (spec: Pick<StreamConsumerSpec, 'entities'>) =>
  streamImages.map((image) => ({ dynamodb: { [image]: { entity: { S: [...spec.entities] } } } }));
