import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import { generationCounts } from './generation-counts.js';
import { now } from '../core/clock.js';

const config = readConfig();
const logger = createLogger('dashboard');
const db = createDataClient(config.tableName);

/** The AI batches' counter (shared/streams.ts `generation-activity`): finished contacts onto their batch's activity. */
export const handler = generationCounts({ db, now, live: createLivePort({ db }), logger });
