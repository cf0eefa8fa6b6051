import type { Logger } from '@aws-lambda-powertools/logger';
import type { DataClient } from '../data/client.js';
import type { LivePort } from '../providers/live/port.js';

/** What the dashboard's routes, the activity log and the stats aggregator work with. */
export type DashboardDeps = {
  db: DataClient;
  now: () => Date;
  /** the live channel (DESIGN §8): `activity.changed`, `stats.changed` reach the user's open tabs */
  live: LivePort;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
};
