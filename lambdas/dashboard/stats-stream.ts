import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import { statsBatch } from './stats-batch.js';
import { now } from '../core/clock.js';

const config = readConfig();
const logger = createLogger('dashboard');
const db = createDataClient(config.tableName);

/** The stats aggregator: the table's stream into each user's counters (shared/streams.ts `stats`). */
export const handler = statsBatch({ db, now, live: createLivePort({ db }), logger });
