import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createDataClient, type DataClient } from '../data/client.js';
import { type MailboxesDeps, mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { dataKeysFromEnv } from '../providers/crypto/data-keys.js';
import type { DataKeyPort } from '../providers/crypto/port.js';
import { createLivePort } from '../providers/live/live.js';
import type { LivePort } from '../providers/live/port.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import type { MailApi } from '../providers/mail/port.js';
import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import type { ZoomProvider } from '../providers/meetings/port.js';
import { createZoomProvider } from '../providers/meetings/zoom.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { monotonicFactory } from 'ulid';
import { now } from '../core/clock.js';

/**
 * What the meetings domain needs: the table, the data keys that seal Zoom's tokens and a sign-in's PKCE
 * verifier (DESIGN §6), Zoom (the sandbox locally, by base URL), the mailboxes domain and the mail adapters (an
 * invitation leaves from the user's default mailbox), the `meeting-invitation` queue, the live channel.
 */
export type MeetingsDeps = {
  db: DataClient;
  keys: DataKeyPort;
  zoom: ZoomProvider;
  mailboxes: MailboxesDeps;
  mailApis: Record<MailProvider, MailApi>;
  queue: QueuePort;
  live: LivePort;
  now: () => Date;
  newId: () => string;
  /** the web app's origin: the only place Zoom may send a browser back to */
  webOrigin: string;
  logger: Logger;
};

/** The meetings domain's dependencies in a Lambda (HTTP, the invitation worker, the token job), built once (STYLE §10). */
export const meetingsDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): MeetingsDeps => {
  const config = readConfig(env);
  const db = createDataClient(config.tableName);
  return {
    db,
    keys: dataKeysFromEnv(env),
    zoom: createZoomProvider(env),
    mailboxes: mailboxesDepsFromEnv(logger, env),
    mailApis: createMailApis(env),
    queue: sqsQueue(createSqsClient()),
    live: createLivePort({ db }),
    now,
    newId: monotonicFactory(),
    webOrigin: config.corsOrigin,
    logger,
  };
};
