import type { Logger } from '@aws-lambda-powertools/logger';
import { generateEmail, generationDepsFromEnv, renderTemplateFor } from '../ai/index.js';
import { now } from '../core/clock.js';
import { createDataClient } from '../data/client.js';
import { readConfig } from '../core/config.js';
import { newDraftId } from '../drafts/index.js';
import { createLivePort } from '../providers/live/live.js';
import type { SequencesDeps, WriteAiStep } from './service.js';

/** A step written by AI from the thread so far (lambdas/ai: the follow-up the person's Write with AI would write). */
const aiStepWriter = (logger: Logger): WriteAiStep => {
  let generation: ReturnType<typeof generationDepsFromEnv> | undefined;
  return async (uid, input) => {
    generation ??= generationDepsFromEnv(logger);
    const email = await generateEmail(generation, uid, {
      contactId: input.contactId,
      conversationId: input.conversationId,
      draftType: 'follow_up',
      ...(input.instructions ? { instructions: input.instructions } : {}),
      save: false,
    });
    return { subject: email.subject, body: email.body };
  };
};

/** The sequences domain's dependencies in a Lambda (HTTP, stream consumer), built once (STYLE §10). */
export const sequencesDepsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): SequencesDeps => {
  const config = readConfig(env);
  const db = createDataClient(config.tableName);
  return {
    db,
    now,
    newId: newDraftId,
    live: createLivePort({ db }),
    logger,
    writeAi: aiStepWriter(logger),
    renderTemplate: renderTemplateFor,
  };
};
