import type { Logger } from '@aws-lambda-powertools/logger';
import { domainConfig } from '../core/config.js';
import { now } from '../core/clock.js';
import { createDataClient, type DataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import type { LivePort } from '../providers/live/port.js';
import type { NotificationMailer } from '../providers/notification-mail/port.js';
import { createNotificationMailer } from '../providers/notification-mail/ses.js';
import type { QueuePort } from '../providers/queue/port.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { type UnsubscribeLinks, unsubscribeLinks } from './unsubscribe.js';
import { monotonicFactory } from 'ulid';

/**
 * What the notifications domain needs (DESIGN §9 'Notification e-mails'): the table, the `notification-email` queue,
 * SES as the stage's sender (null when the stage configures none: nothing is mailed, the in-app reminder still
 * shows), the signed unsubscribe links, where the web app and the unsubscribe route are, and the live channel.
 */
export type NotificationsDeps = {
  db: DataClient;
  queue: QueuePort;
  mailer: NotificationMailer | null;
  links: UnsubscribeLinks;
  /** the public unsubscribe route's URL (`NOTIFICATION_UNSUBSCRIBE_URL`) */
  unsubscribeUrl: string;
  /** the web app's origin, for the links into the app */
  webOrigin: string;
  live: LivePort;
  now: () => Date;
  newId: () => string;
  logger: Logger;
};

/** The notifications domain's dependencies in a Lambda (HTTP, worker, stream consumer, job), built once (STYLE §10). */
export const notificationsDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): NotificationsDeps => {
  const config = domainConfig('notifications', env);
  const db = createDataClient(config.tableName);
  return {
    db,
    queue: sqsQueue(createSqsClient()),
    mailer: createNotificationMailer(config.setting('NOTIFICATION_SENDER')),
    links: unsubscribeLinks(config.secret('NOTIFICATION_SIGNING_KEY')),
    unsubscribeUrl: config.setting('NOTIFICATION_UNSUBSCRIBE_URL') ?? `${config.corsOrigin}/unsubscribe`,
    webOrigin: config.corsOrigin,
    live: createLivePort({ db }),
    now,
    newId: monotonicFactory(),
    logger,
  };
};
