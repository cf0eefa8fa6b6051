import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod';
import { replyEmailAnswer } from './openai-reply.js';
import { triageAnswer } from './openai-triage.js';
import { outreachEmailAnswer } from './outreach-email.js';
import { promptFields } from './prompt-fields.js';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/**
 * The chat completions request, as much of it as the sandbox reads; other parameters (temperature, ...) are accepted
 * and ignored, as they change nothing in a deterministic answer.
 * @link https://platform.openai.com/docs/api-reference/chat/create
 */
const contentSchema = z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))]);
const requestSchema = z.object({
  model: z.string().min(1),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: contentSchema.nullish(),
      }),
    )
    .min(1),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  response_format: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('text') }),
      z.object({ type: z.literal('json_object') }),
      z.object({
        type: z.literal('json_schema'),
        json_schema: z.object({
          name: z.string(),
          schema: z
            .object({ properties: z.record(z.string(), z.unknown()).optional() })
            .loose()
            .optional(),
        }),
      }),
    ])
    .optional(),
  stream: z.boolean().nullish(),
});
type ChatRequest = z.infer<typeof requestSchema>;

/** OpenAI's error body. */
const apiError = (status: number, message: string, type = 'invalid_request_error', param: string | null = null) => ({
  status,
  json: { error: { message, type, param, code: null } },
});

const textOf = (content: ChatRequest['messages'][number]['content']) =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('\n');

/** The first sentences of a text, whitespace collapsed, at most `max` characters. */
const condense = (text: string, max = 220) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentences = flat.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [flat];
  const lead = sentences.slice(0, 2).join('').trim();
  return lead.length <= max ? lead : `${lead.slice(0, max - 1).trimEnd()}…`;
};

/** A compact, deterministic digest of the prompt: one line per labelled field, condensed. */
const digest = (prompt: string) => {
  const fields = promptFields(prompt);
  if (fields.length === 0) return condense(prompt, 400);
  return fields.map(({ label, text }) => (label ? `${label}: ${condense(text)}` : condense(text))).join('\n');
};

/** Keys the answer should have: the JSON schema's properties, else the keys of a JSON example in the messages. */
const answerKeys = (request: ChatRequest, instructions: string) => {
  const format = request.response_format;
  if (format?.type === 'json_schema') {
    const properties = Object.keys(format.json_schema.schema?.properties ?? {});
    if (properties.length > 0) return properties;
  }
  const named = [...instructions.matchAll(/"([A-Za-z_]\w*)"\s*:/g)].map((match) => match[1]!);
  return named.length > 0 ? [...new Set(named)] : ['text'];
};

/** Short fields get one line; the rest get the digest. */
const shortKeys = /^(subject|title|headline|name|label)$/i;

const answer = (request: ChatRequest, budgetChars: number) => {
  const requested = request.response_format;
  if (requested?.type === 'json_schema' && requested.json_schema.name === 'outreach_email') {
    const user = request.messages.filter((message) => message.role === 'user');
    return {
      content: JSON.stringify(outreachEmailAnswer(user.map((m) => textOf(m.content)).join('\n'))),
      finishReason: 'stop',
    };
  }
  if (requested?.type === 'json_schema' && requested.json_schema.name === 'reply_email') {
    const user = request.messages.filter((message) => message.role === 'user');
    return {
      content: JSON.stringify(replyEmailAnswer(user.map((m) => textOf(m.content)).join('\n'))),
      finishReason: 'stop',
    };
  }
  if (requested?.type === 'json_schema' && requested.json_schema.name === 'reply_triage') {
    const user = request.messages.filter((message) => message.role === 'user');
    return {
      content: JSON.stringify(triageAnswer(user.map((m) => textOf(m.content)).join('\n'))),
      finishReason: 'stop',
    };
  }
  const instructions = request.messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map((message) => textOf(message.content))
    .join('\n');
  const prompt = request.messages
    .filter((message) => message.role === 'user')
    .map((message) => textOf(message.content))
    .join('\n');
  const text = digest(prompt || instructions);
  const format = request.response_format?.type ?? 'text';
  if (format === 'text') {
    return text.length <= budgetChars
      ? { content: text, finishReason: 'stop' }
      : { content: text.slice(0, budgetChars), finishReason: 'length' };
  }
  const firstLine = condense(text.split('\n')[0]!.replace(/^[^:]{1,40}:\s*/, ''), 78);
  const keys = answerKeys(request, `${instructions}\n${prompt}`);
  const share = Math.max(40, Math.floor(budgetChars / keys.length));
  const object = Object.fromEntries(keys.map((key) => [key, shortKeys.test(key) ? firstLine : text.slice(0, share)]));
  return { content: JSON.stringify(object), finishReason: 'stop' };
};

const tokens = (text: string) => Math.ceil(text.length / 4);

/**
 * How the sandbox model behaves, for people and tests (DESIGN §8 'Sandbox control'): `delayMs` before every answer
 * (`POST /_sandbox/openai/behaviour {delayMs}`, or `SANDBOX_OPENAI_DELAY_MS` at start). A request whose messages
 * contain `sandbox:fail` is answered 500 (OpenAI's `server_error`) every time, the way a payment sandbox fails a
 * magic card number: a contact named so fails its e-mail while the rest of a batch goes on. While `holdMarked` is on
 * (`{holdMarked: true}`), a request whose messages contain `sandbox:hold` gets its answer only once it is turned off
 * again, so a journey can watch work in progress for as long as it needs without slowing anybody else's answers.
 */
export type OpenAiSandboxBehaviour = { delayMs: number; holdMarked: boolean };

export const failMarker = 'sandbox:fail';
export const holdMarker = 'sandbox:hold';

/** Answers held back while `holdMarked` is on; turning it off lets them all go. */
const heldAnswers = () => {
  let release: (() => void) | undefined;
  let released = Promise.resolve();
  return {
    hold: () => {
      if (release) return;
      released = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => {
      release?.();
      release = undefined;
    },
    wait: () => released,
  };
};

const mentions = (request: SandboxRequest, marker: string) => {
  try {
    const parsed = requestSchema.safeParse(request.json());
    return parsed.success && parsed.data.messages.some((message) => textOf(message.content).includes(marker));
  } catch {
    return false;
  }
};

const completions = async (
  request: SandboxRequest,
  behaviour: OpenAiSandboxBehaviour,
  held: ReturnType<typeof heldAnswers>,
): Promise<SandboxResponse> => {
  if (behaviour.delayMs > 0) await sleep(behaviour.delayMs);
  if (behaviour.holdMarked && mentions(request, holdMarker)) await held.wait();
  if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) {
    return apiError(401, "You didn't provide an API key. Send it as a bearer token in the Authorization header.");
  }
  let body: unknown;
  try {
    body = request.json();
  } catch {
    return apiError(400, 'We could not parse the JSON body of your request.');
  }
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return apiError(400, `Invalid request: ${issue.message}`, 'invalid_request_error', issue.path.join('.') || null);
  }
  const chat = parsed.data;
  if (chat.messages.some((message) => textOf(message.content).includes(failMarker))) {
    return apiError(500, 'The sandbox model failed, as asked (sandbox:fail).', 'server_error');
  }
  if (chat.stream)
    return apiError(400, 'The sandbox does not stream: send stream false.', 'invalid_request_error', 'stream');
  const maxTokens = chat.max_completion_tokens ?? chat.max_tokens ?? 4096;
  const { content, finishReason } = answer(chat, maxTokens * 4);
  const promptText = chat.messages.map((message) => textOf(message.content)).join('\n');
  const id = createHash('sha256').update(JSON.stringify(chat)).digest('hex').slice(0, 24);
  return {
    json: {
      id: `chatcmpl-sandbox-${id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: `sandbox-${chat.model}`,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage: {
        prompt_tokens: tokens(promptText),
        completion_tokens: tokens(content),
        total_tokens: tokens(promptText) + tokens(content),
      },
    },
  };
};

/**
 * OpenAI's chat completions (DESIGN §5 `ai`): the OpenAI SDK with `baseURL` `<sandbox>/openai/v1`. Answers are
 * deterministic and built from the prompt: one condensed line per `Label: value` field or `### Label` section, so a
 * profile summary shows the profile it was given. With `response_format` JSON the answer is one JSON object whose
 * keys come from the JSON schema or from a JSON example in the messages (`{"subject": ..., "body": ...}`).
 */
export const openAiSandbox = (
  initial: Partial<OpenAiSandboxBehaviour> = {
    delayMs: Number(process.env.SANDBOX_OPENAI_DELAY_MS ?? 0) || 0,
  },
): SandboxVendor => {
  const behaviour: OpenAiSandboxBehaviour = { delayMs: 0, holdMarked: false, ...initial };
  const held = heldAnswers();
  if (behaviour.holdMarked) held.hold();
  return {
    name: 'openai',
    summary: 'OpenAI chat completions: base URL /openai/v1 (POST /_sandbox/openai/behaviour {delayMs, holdMarked})',
    register: (router) => {
      router.post('/openai/v1/chat/completions', (request) => completions(request, behaviour, held));
      router.post('/_sandbox/openai/behaviour', (request) => {
        const body = z
          .object({ delayMs: z.number().int().min(0).max(60_000).optional(), holdMarked: z.boolean().optional() })
          .safeParse(request.json());
        if (!body.success)
          return { status: 400, json: { error: 'Send {"delayMs": 0 to 60000, "holdMarked": boolean}' } };
        if (body.data.delayMs !== undefined) behaviour.delayMs = body.data.delayMs;
        if (body.data.holdMarked !== undefined) {
          behaviour.holdMarked = body.data.holdMarked;
          if (behaviour.holdMarked) held.hold();
          else held.release();
        }
        return { json: behaviour };
      });
    },
  };
};

export const openAiVendor: SandboxVendor = openAiSandbox();
