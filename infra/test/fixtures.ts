import type { QueueSpec } from '../../shared/queues.js';
import type { ScheduleSpec } from '../../shared/schedules.js';
import type { StreamConsumerSpec } from '../../shared/streams.js';

/** Queue, schedule and stream consumer tables for tests, with handlers under infra/test/fixtures/lambdas. */
export const fixtureQueues = {
  'fixture-lookup': {
    domain: 'profiles',
    worker: 'fixture-worker',
    batchSize: 5,
    maxReceiveCount: 3,
    workerTimeoutSeconds: 30,
    summary: 'Fixture queue',
  },
} satisfies Record<string, QueueSpec>;

export const fixtureSchedules = {
  'fixture-sweep': {
    domain: 'profiles',
    job: 'fixture-schedule',
    everyMinutes: 5,
    timeoutSeconds: 60,
    summary: 'Fixture schedule',
  },
} satisfies Record<string, ScheduleSpec>;

export const fixtureStreams = {
  'fixture-counter': {
    domain: 'profiles',
    handler: 'fixture-stream',
    entities: ['contact', 'meeting'],
    batchSize: 25,
    maxRetryAttempts: 4,
    workerTimeoutSeconds: 20,
    summary: 'Fixture stream consumer',
  },
} satisfies Record<string, StreamConsumerSpec>;
