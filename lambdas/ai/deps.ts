import type { Logger } from '@aws-lambda-powertools/logger';
import { readConfig } from '../core/config.js';
import { createDataClient } from '../data/client.js';
import { checkConversationDraft, saveGeneratedConversationDraft, saveGeneratedDraft } from '../drafts/index.js';
import { createOpenAiClient, openAi, readOpenAiSettings } from '../providers/ai/openai.js';
import { createLivePort } from '../providers/live/live.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import { createResearchClient, perplexityResearch, readResearchSettings } from '../providers/research/perplexity.js';
import { vendorLimits } from '../providers/vendor-limits.js';
import { renderTemplateFor } from './template-values.js';
import type { GenerationDeps } from './generation.js';
import { now } from '../core/clock.js';

/**
 * The AI domain's dependencies in a Lambda, from its environment (STYLE §10: built once per Lambda): the table, the
 * OpenAI adapter under the e-mail policy, the research adapter, drafts, templates, the live channel and the queue.
 */
export const generationDepsFromEnv = (logger: Logger): GenerationDeps => {
  const config = readConfig();
  const db = createDataClient(config.tableName);
  const openAiSettings = readOpenAiSettings();
  const researchSettings = readResearchSettings();
  return {
    db,
    ai: openAi(
      createOpenAiClient(openAiSettings, undefined, vendorLimits.openaiEmail),
      openAiSettings.model,
      vendorLimits.openaiEmail,
    ),
    research: perplexityResearch(createResearchClient(researchSettings), researchSettings.model),
    saveDraft: saveGeneratedDraft,
    conversationDrafts: { check: checkConversationDraft, save: saveGeneratedConversationDraft },
    renderTemplate: renderTemplateFor,
    live: createLivePort({ db }),
    queue: sqsQueue(createSqsClient()),
    now,
    logger,
  };
};
