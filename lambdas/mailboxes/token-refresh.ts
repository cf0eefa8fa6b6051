import { refreshExpiringConnections, type TokenRefreshDeps } from '../connections/index.js';
import { createLogger } from '../core/logger.js';
import { scheduledJob } from '../core/schedule.js';
import { createZoomProvider } from '../providers/meetings/zoom.js';
import { mailboxesDepsFromEnv } from './deps.js';

const logger = createLogger('mailboxes');
/**
 * Every provider's connections are renewed by this one job (lambdas/connections/renewal.ts): the mailboxes' table,
 * data keys, live channel and mail sign-ins, and Zoom's sign-in; built once (STYLE §10).
 */
const deps: TokenRefreshDeps = { ...mailboxesDepsFromEnv(logger), zoom: createZoomProvider(), logger };

/** The `token-refresh` job of shared/schedules.ts: the OAuth connections (Gmail, Outlook, Zoom) expiring soon. */
export const handler = scheduledJob({
  job: 'token-refresh',
  logger,
  done: 'renewed expiring connection tokens',
  run: ({ deadline }) => refreshExpiringConnections(deps, { deadline }),
});
