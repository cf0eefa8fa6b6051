import type OpenAI from 'openai';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import { type RetryPolicy, worstCaseMs } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { vendorLimits } from '../vendor-limits.js';
import { ResearchFailure, type Research } from './port.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** The OpenAI SDK (Perplexity's API is OpenAI-compatible), imported when a search is first asked for. */
const loadSdk = () => import('openai');

/**
 * Where the research adapter points and with which key, from the Lambda's environment: Perplexity's chat completions
 * by default; locally the sandbox (infra/local/lambda-env.ts). In AWS the key is a Secrets Manager secret whose NAME is
 * in `PERPLEXITY_API_KEY_SECRET`. zod/mini, as every schema of the Lambdas.
 */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** @default https://api.perplexity.ai */
    PERPLEXITY_BASE_URL: z._default(z.url(), 'https://api.perplexity.ai'),
    PERPLEXITY_API_KEY: z.optional(z.string().check(z.minLength(1))),
    PERPLEXITY_API_KEY_SECRET: z.optional(z.string().check(z.minLength(1))),
    /** a web-search model @default sonar */
    PERPLEXITY_MODEL: z._default(z.string().check(z.minLength(1)), 'sonar'),
  }),
);

export type ResearchSettings = {
  baseURL: string;
  apiKey: string | undefined;
  apiKeySecret: string | undefined;
  model: string;
};

export const readResearchSettings = (env: NodeJS.ProcessEnv = process.env): ResearchSettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Research settings are invalid: ${names}`);
  }
  return {
    baseURL: parsed.data.PERPLEXITY_BASE_URL,
    apiKey: parsed.data.PERPLEXITY_API_KEY,
    apiKeySecret: parsed.data.PERPLEXITY_API_KEY_SECRET,
    model: parsed.data.PERPLEXITY_MODEL,
  };
};

const missingKey = async (): Promise<string> => {
  throw new Error('No research API key: set PERPLEXITY_API_KEY or PERPLEXITY_API_KEY_SECRET');
};

/** The research client of a Lambda, built once on first use (STYLE §10), the key read when a request needs it. */
export const createResearchClient = (
  settings: ResearchSettings,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
  policy: RetryPolicy = vendorLimits.research,
) =>
  new LazyClient(
    async () =>
      new (await loadSdk()).default({
        apiKey: settings.apiKey ?? (settings.apiKeySecret ? readSecret(settings.apiKeySecret) : missingKey),
        baseURL: settings.baseURL,
        timeout: policy.attemptTimeoutMs,
        maxRetries: policy.retries,
      }),
  );

/**
 * The answer's shape, asked for as a JSON schema (Perplexity's structured outputs).
 * @link https://docs.perplexity.ai/guides/structured-outputs
 */
const factsSchema = /* @__PURE__ */ lazySchema(() => z.object({ facts: z.array(z.string()) }));
const factsJsonSchema = {
  type: 'object',
  properties: { facts: { type: 'array', items: { type: 'string' } } },
  required: ['facts'],
  additionalProperties: false,
};

/**
 * What we read of a chat completion.
 * @link https://docs.perplexity.ai/api-reference/chat-completions-post
 */
const completionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    model: z.string().check(z.minLength(1)),
    choices: z.array(z.object({ message: z.object({ content: z.nullable(z.string()) }) })).check(z.minLength(1)),
  }),
);

const instructions = [
  'You research a professional before someone writes them a networking e-mail. Search the web for recent, specific',
  'facts about this person: talks they gave, articles or posts they wrote, projects they shipped, news of their',
  'company. Give at most 5 facts, each one short sentence with its month and year when known, newest first. Only',
  'facts you found about this very person or their current company; none rather than guesses. Answer JSON:',
  '{"facts": ["..."]}.',
].join(' ');

/** At most 5 facts of at most 300 characters each, without repeats. */
const tidy = (facts: string[]) =>
  [...new Set(facts.map((fact) => fact.replace(/\s+/g, ' ').trim()).filter((fact) => fact !== ''))]
    .slice(0, 5)
    .map((fact) => (fact.length <= 300 ? fact : `${fact.slice(0, 299)}…`));

/**
 * The research port over an OpenAI-compatible web-search model (Perplexity's chat completions through the OpenAI SDK
 * and its base URL). The whole call, retries included, is cut at `worstCaseMs(policy)`.
 */
export const perplexityResearch = (
  client: LazyClient<OpenAI>,
  model: string,
  policy: RetryPolicy = vendorLimits.research,
): Research => ({
  findFacts: async (subject) => {
    const openai = await client.get();
    const prompt = [
      `Name: ${subject.name}`,
      subject.role ? `Role: ${subject.role}` : '',
      subject.company ? `Company: ${subject.company}` : '',
      subject.linkedinUrl ? `LinkedIn: ${subject.linkedinUrl}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    let answer: unknown;
    try {
      answer = await openai.chat.completions.create(
        {
          model,
          messages: [
            { role: 'system', content: instructions },
            { role: 'user', content: prompt },
          ],
          max_completion_tokens: 600,
          response_format: { type: 'json_schema', json_schema: { name: 'facts', schema: factsJsonSchema } },
        },
        { signal: AbortSignal.timeout(worstCaseMs(policy)) },
      );
    } catch (error) {
      // status only: a vendor's message may quote the request or the key
      const status = (error as { status?: number }).status;
      throw new ResearchFailure(`The research service failed (${status ?? (error as Error).name})`, { cause: error });
    }
    const parsed = completionSchema.safeParse(answer);
    if (!parsed.success) throw new ResearchFailure('The research service answered an unexpected shape');
    let facts: z.infer<typeof factsSchema>;
    try {
      facts = factsSchema.parse(JSON.parse(parsed.data.choices[0]!.message.content ?? ''));
    } catch (error) {
      throw new ResearchFailure('The research service answered no facts object', { cause: error });
    }
    return { facts: tidy(facts.facts), model: parsed.data.model };
  },
});
