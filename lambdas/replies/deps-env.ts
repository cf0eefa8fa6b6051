import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import {
  addDoNotContact,
  conversationByThread,
  getConversation,
  incomingEmail,
  openConversations,
  recordIncomingEmail,
  threadingOf,
} from '../conversations/index.js';
import { createDataClient } from '../data/client.js';
import { answersDraftOf, cancelFollowUps } from '../drafts/index.js';
import { mailboxesDepsFromEnv } from '../mailboxes/index.js';
import { recordRsvp } from '../meetings/index.js';
import { createOpenAiClient, openAi, readOpenAiSettings } from '../providers/ai/openai.js';
import { vendorLimits } from '../providers/vendor-limits.js';
import { createLivePort } from '../providers/live/live.js';
import { createMailApis } from '../providers/mail/mail-api.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { newClientState, type ReplyDeps } from './deps.js';
import { readReplySettings } from './settings.js';
import { now } from '../core/clock.js';

/**
 * The replies domain's dependencies in a Lambda (its HTTP Lambda, the worker and the schedule job), from its
 * environment, built once (STYLE §10): the table, the mailboxes' tokens, the mail APIs (the sandbox locally, by base
 * URL), the conversations, drafts and meetings domains, the queue and the live channel.
 */
export const replyDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): ReplyDeps => {
  const db = createDataClient(readConfig(env).tableName);
  const openAiSettings = readOpenAiSettings(env);
  return {
    db,
    mailboxes: mailboxesDepsFromEnv(logger, env),
    mail: createMailApis(env),
    conversations: {
      getConversation,
      conversationByThread,
      threadingOf,
      openConversations,
      incomingEmail,
      recordIncomingEmail,
      addDoNotContact,
      cancelFollowUps,
      answersDraftOf,
    },
    meetings: { recordRsvp },
    queue: sqsQueue(createSqsClient()),
    live: createLivePort({ db }),
    ai: openAi(
      createOpenAiClient(openAiSettings, undefined, vendorLimits.openaiTriage),
      openAiSettings.model,
      vendorLimits.openaiTriage,
    ),
    settings: readReplySettings(env),
    now,
    newSecret: newClientState,
    logger,
  };
};
