import type { Logger } from '@aws-lambda-powertools/logger';
import { monotonicFactory } from 'ulid';
import { readConfig } from '../core/config.js';
import type { DataClient } from '../data/client.js';
import { mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { createStripeBilling } from '../providers/billing/stripe.js';
import { dataKeysFromEnv } from '../providers/crypto/data-keys.js';
import { createLiveCloser, createLivePort } from '../providers/live/live.js';
import { createZoomProvider } from '../providers/meetings/zoom.js';
import type { AccountDeps } from './service.js';
import { now } from '../core/clock.js';

/**
 * The outside services a deletion releases (service.ts `releaseOutside`), for the account Lambda and the deletion
 * worker, built once (STYLE §10): the mailboxes' and Zoom's OAuth clients and mail APIs with the data keys that open
 * their sealed tokens, Stripe, and the live channel's management endpoint (the stack grants the account domain's
 * functions it), which closes the deleted user's open tabs.
 */
export const outsideDepsFromEnv = (
  db: DataClient,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Pick<AccountDeps, 'mailboxes' | 'zoom' | 'billing' | 'live' | 'logger'> => ({
  mailboxes: { ...mailboxesDepsFromEnv(logger, env), db },
  zoom: {
    db,
    keys: dataKeysFromEnv(env),
    zoom: createZoomProvider(env),
    live: createLivePort({ db }, env),
    now,
    newId: monotonicFactory(),
    webOrigin: readConfig(env).corsOrigin,
    logger,
  },
  billing: createStripeBilling(env).billing,
  live: createLiveCloser({ db }, env),
  logger,
});
