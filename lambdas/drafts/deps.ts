import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createDataClient } from '../data/client.js';
import { mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { createLivePort } from '../providers/live/live.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { createS3Client, s3Storage } from '../providers/storage/storage.js';
import type { SendingDeps } from './sending.js';
import { newDraftId } from './service.js';
import { now } from '../core/clock.js';

/**
 * The send worker's dependencies in a Lambda, from its environment, built once (STYLE §10): the table, the `send`
 * queue (re-queues a held send), the mailboxes domain (fresh tokens), the Gmail and Graph mail adapters (the sandbox
 * locally, by base URL), the uploads bucket (the résumé) and the live channel.
 */
export const sendingDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): SendingDeps => {
  const config = readConfig(env);
  if (!config.bucketName) throw new Error('Lambda environment is incomplete: BUCKET_NAME');
  const db = createDataClient(config.tableName);
  return {
    db,
    now,
    newId: newDraftId,
    live: createLivePort({ db }),
    logger,
    queue: sqsQueue(createSqsClient()),
    mailboxes: mailboxesDepsFromEnv(logger, env),
    mailApis: createMailApis(env),
    storage: s3Storage(createS3Client(), config.bucketName),
  };
};
