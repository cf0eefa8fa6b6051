import type { Logger } from '@aws-lambda-powertools/logger';
import { monotonicFactory } from 'ulid';
import { readConfig } from '../core/config.js';
import type { DataClient } from '../data/client.js';
import { mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { createStripeBilling } from '../providers/billing/stripe.js';
import { dataKeysFromEnv } from '../providers/crypto/data-keys.js';
import { createLivePort } from '../providers/live/live.js';
import { createZoomProvider } from '../providers/meetings/zoom.js';
import type { AccountDeps } from './service.js';

/**
 * The outside services a deletion releases (service.ts `releaseOutside`), for the account Lambda and the deletion
 * worker, built once (STYLE §10): the mailboxes' and Zoom's OAuth clients with the data keys that open their sealed
 * tokens, Stripe. The live port has no
 * endpoint here (the account domain publishes nothing: the deleted user's tabs are refused anyway).
 */
export const outsideDepsFromEnv = (
  db: DataClient,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Pick<AccountDeps, 'mailboxes' | 'zoom' | 'billing' | 'logger'> => ({
  mailboxes: { ...mailboxesDepsFromEnv(logger, env), db },
  zoom: {
    db,
    keys: dataKeysFromEnv(env),
    zoom: createZoomProvider(env),
    live: createLivePort({ db }, env),
    now: () => new Date(),
    newId: monotonicFactory(),
    webOrigin: readConfig(env).corsOrigin,
    logger,
  },
  billing: createStripeBilling(env).billing,
  logger,
});
