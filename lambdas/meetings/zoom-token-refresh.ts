import type { Context } from 'aws-lambda';
import { monotonicFactory } from 'ulid';
import { readConfig } from '../core/config.js';
import { createLogger } from '../core/logger.js';
import { type RenewalOutcome, type RenewalSummary, renewDue } from '../core/renewals.js';
import { createDataClient } from '../data/client.js';
import { getZoomConnection, type ZoomConnectionItem, zoomConnectionsExpiringBefore } from '../data/zoom-connection.js';
import { dataKeysFromEnv } from '../providers/crypto/data-keys.js';
import { createLivePort } from '../providers/live/live.js';
import { ZoomFailure } from '../providers/meetings/port.js';
import { createZoomProvider } from '../providers/meetings/zoom.js';
import { renewZoomConnection, type ZoomDeps } from './zoom-connection.js';
import { zoomRenewalWorstCaseMs, zoomTokenRefresh } from './zoom-token-refresh-rules.js';

export type ZoomTokenRefreshSummary = RenewalSummary;

/**
 * Renews the Zoom access tokens that expire within 15 minutes (DESIGN §4), found with one Query per partition of the
 * refresh index, never a scan. Each is read again first: one renewed since the index was read (by a meeting's call or
 * an overlapping run) is left alone, so runs are idempotent. A gone grant marks the connection expired (and tells the
 * user's tabs); Zoom down, or any other failure, leaves it for the next run and does not stop the others. No renewal
 * starts once less than its worst case is left before `deadline`.
 */
export const refreshExpiringZoomTokens = async (
  deps: ZoomDeps,
  options: { deadline?: Date } = {},
): Promise<ZoomTokenRefreshSummary> => {
  const cutoff = new Date(deps.now().getTime() + zoomTokenRefresh.windowMs);
  const due = await zoomConnectionsExpiringBefore(deps.db, cutoff, zoomTokenRefresh.perPartition);
  const timeLeft = () =>
    !options.deadline || options.deadline.getTime() - deps.now().getTime() >= zoomRenewalWorstCaseMs;

  const renewOne = async (listed: ZoomConnectionItem): Promise<RenewalOutcome> => {
    const item = await getZoomConnection(deps.db, listed.uid);
    if (!item || item.refreshError !== null || new Date(item.expiresAt) >= cutoff) return 'skipped';
    const access = await renewZoomConnection(deps, item);
    return access.status === 'expired' ? 'expired' : access.status === 'connected' ? 'renewed' : 'skipped';
  };

  return renewDue(due, {
    concurrency: zoomTokenRefresh.concurrency,
    canStart: timeLeft,
    renewOne,
    onFailure: (listed, error) =>
      deps.logger.warn('a Zoom token was not renewed; the next run tries again', {
        userId: listed.uid,
        reason: error instanceof ZoomFailure ? error.kind : error instanceof Error ? error.name : 'unknown',
      }),
  });
};

const logger = createLogger('meetings');
/** Only what renewals need (not the mail adapters and the queue of the meetings Lambda), built once (STYLE §10). */
const db = createDataClient(readConfig().tableName);
const deps: ZoomDeps = {
  db,
  keys: dataKeysFromEnv(),
  zoom: createZoomProvider(),
  live: createLivePort({ db }),
  now: () => new Date(),
  newId: monotonicFactory(),
  webOrigin: readConfig().corsOrigin,
  logger,
};

/** The `zoom-token-refresh` job of shared/schedules.ts. */
export const handler = async (_event: unknown, context: Context): Promise<ZoomTokenRefreshSummary> => {
  const summary = await refreshExpiringZoomTokens(deps, {
    deadline: new Date(Date.now() + context.getRemainingTimeInMillis()),
  });
  logger.info('renewed expiring Zoom tokens', { ...summary });
  return summary;
};
