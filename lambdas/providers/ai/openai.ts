import type OpenAI from 'openai';
import type { APIError } from 'openai';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import { type RetryPolicy, worstCaseMs } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { vendorLimits } from '../vendor-limits.js';
import { AiFailure, type Ai } from './port.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** The OpenAI SDK, imported when a completion is first asked for. */
const loadSdk = () => import('openai');

/**
 * Where the OpenAI adapter points and with which key, from the Lambda's environment. Locally the base URL is the
 * sandbox and the key a dummy (infra/local/lambda-env.ts); in AWS the key is a Secrets Manager secret whose NAME is
 * in `OPENAI_API_KEY_SECRET`, so the key itself never sits in the function's configuration.
 * zod/mini, as every schema of the Lambdas (lambdas/core/config.ts).
 */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** @default the SDK's, https://api.openai.com/v1 */
    OPENAI_BASE_URL: z.optional(z.url()),
    OPENAI_API_KEY: z.optional(z.string().check(z.minLength(1))),
    OPENAI_API_KEY_SECRET: z.optional(z.string().check(z.minLength(1))),
    OPENAI_MODEL: z._default(z.string().check(z.minLength(1)), 'gpt-4o-mini'),
  }),
);

export type OpenAiSettings = {
  baseURL: string | undefined;
  apiKey: string | undefined;
  apiKeySecret: string | undefined;
  model: string;
};

export const readOpenAiSettings = (env: NodeJS.ProcessEnv = process.env): OpenAiSettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`OpenAI settings are invalid: ${names}`);
  }
  return {
    baseURL: parsed.data.OPENAI_BASE_URL,
    apiKey: parsed.data.OPENAI_API_KEY,
    apiKeySecret: parsed.data.OPENAI_API_KEY_SECRET,
    model: parsed.data.OPENAI_MODEL,
  };
};

const missingKey = async (): Promise<string> => {
  throw new Error('No OpenAI API key: set OPENAI_API_KEY or OPENAI_API_KEY_SECRET');
};

/**
 * The OpenAI client of a Lambda, built once (STYLE §10), on first use. The SDK is about 390 KiB of bundle that does
 * not tree-shake (the client builds every API resource): loaded lazily, it costs no cold start, but the first
 * completion pays for it (tens of ms beside the seconds the completion itself takes); a request refused before any
 * completion (nothing to summarise) never loads it.
 * A secret key is read when a request needs it, through the SDK's key-function option: the Secrets Manager extension
 * answers only once the function is invoked, and caches. Attempts are cut and retried by the SDK itself under
 * `policy` (rate limits, outages, timeouts, with its backoff or the vendor's Retry-After).
 */
export const createOpenAiClient = (
  settings: OpenAiSettings,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
  policy: RetryPolicy = vendorLimits.openai,
) =>
  new LazyClient(
    async () =>
      new (await loadSdk()).default({
        apiKey: settings.apiKey ?? (settings.apiKeySecret ? readSecret(settings.apiKeySecret) : missingKey),
        ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
        timeout: policy.attemptTimeoutMs,
        maxRetries: policy.retries,
      }),
  );

/**
 * What we read of a chat completion.
 * @link https://platform.openai.com/docs/api-reference/chat/object
 */
const completionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    model: z.string().check(z.minLength(1)),
    choices: z.array(
      z.object({
        message: z.object({ content: z.nullable(z.string()) }),
        finish_reason: z.nullable(z.string()),
      }),
    ),
  }),
);

/** Status and code only: a vendor's message may quote the request, and a 401's quotes part of the key. */
const describe = (error: APIError) => [error.status ?? 'no answer', error.code ?? error.type].filter(Boolean).join(' ');

const toFailure = (sdk: typeof import('openai'), error: unknown): AiFailure => {
  // rate limits, outages and timeouts pass; the SDK has already retried them. An abort is the call's deadline.
  if (
    error instanceof sdk.RateLimitError ||
    error instanceof sdk.InternalServerError ||
    error instanceof sdk.APIConnectionError ||
    error instanceof sdk.APIUserAbortError
  ) {
    return new AiFailure('busy', `OpenAI is unavailable (${describe(error)})`, { cause: error.cause });
  }
  if (error instanceof sdk.APIError) {
    return new AiFailure('refused', `OpenAI refused the request (${describe(error)})`);
  }
  return new AiFailure('refused', `OpenAI request failed: ${(error as Error).message}`, { cause: error });
};

/**
 * The AI port over OpenAI chat completions (DESIGN §5). The SDK waits as long as a Retry-After asks (up to 60 s): the
 * whole call, retries included, is cut at `worstCaseMs(policy)`, the figure the Lambda's timeout is held above.
 */
export const openAi = (client: LazyClient<OpenAI>, model: string, policy: RetryPolicy = vendorLimits.openai): Ai => ({
  complete: async ({ system, prompt, maxTokens, json: jsonObject = false, schema, signal }) => {
    const json = jsonObject || schema !== undefined;
    const [sdk, openai] = await Promise.all([loadSdk(), client.get()]);
    let answer: unknown;
    try {
      answer = await openai.chat.completions.create(
        {
          model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: prompt },
          ],
          max_completion_tokens: maxTokens,
          ...(schema
            ? {
                response_format: {
                  type: 'json_schema' as const,
                  json_schema: { name: schema.name, schema: schema.schema, strict: true },
                },
              }
            : json
              ? { response_format: { type: 'json_object' as const } }
              : {}),
        },
        // this call's policy, whatever the client's defaults
        {
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(worstCaseMs(policy))])
            : AbortSignal.timeout(worstCaseMs(policy)),
          timeout: policy.attemptTimeoutMs,
          maxRetries: policy.retries,
        },
      );
    } catch (error) {
      // the caller's own cancel is not the vendor's failure
      if (signal?.aborted) throw signal.reason;
      throw toFailure(sdk, error);
    }
    const parsed = completionSchema.safeParse(answer);
    if (!parsed.success) throw new AiFailure('refused', 'OpenAI answered an unexpected shape', { cause: parsed.error });
    const choice = parsed.data.choices[0];
    const text = choice?.message.content?.trim();
    if (!text)
      throw new AiFailure('refused', `OpenAI answered no text (finish reason ${choice?.finish_reason ?? 'none'})`);
    if (json && !isJsonObject(text)) {
      throw new AiFailure(
        'refused',
        `OpenAI answered text that is not one JSON object (finish reason ${choice?.finish_reason})`,
      );
    }
    return { text, model: parsed.data.model };
  },
});

const isJsonObject = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};
