import { createHash } from 'node:crypto';
import * as z from 'zod';
import { promptFields } from './prompt-fields.js';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/**
 * The chat completions request of Perplexity's API, as much of it as the sandbox reads.
 * @link https://docs.perplexity.ai/api-reference/chat-completions-post
 */
const requestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.string(), content: z.string().nullish() })).min(1),
});

const topics = ['platform reliability', 'developer experience', 'applied machine learning', 'data privacy', 'hiring'];
const venues = ['a regional engineering summit', 'the company blog', 'a podcast interview', 'a community meetup'];
const months = ['January', 'March', 'May', 'July', 'September', 'November'];

/**
 * Deterministic "recent facts" about a person, from their name, role and company: the same person always gets the same
 * facts. A person whose name contains `sandbox:nothing` has none (the search found nothing specific); one whose name
 * contains `sandbox:search-fails` makes the search fail (500).
 */
export const sandboxFacts = (name: string, role: string, company: string): string[] => {
  if (name.includes('sandbox:nothing')) return [];
  const digest = createHash('sha256').update(`${name}|${company}`).digest();
  const topic = topics[digest[0]! % topics.length]!;
  const venue = venues[digest[1]! % venues.length]!;
  const month = months[digest[2]! % months.length]!;
  const facts = [`${name} spoke about ${topic} at ${venue} (${month} 2026).`];
  if (company) facts.push(`${company} announced a new ${topics[(digest[3]! + 1) % topics.length]} initiative in 2026.`);
  if (role) facts.push(`As ${role}, ${name.split(/\s+/)[0]} wrote a post on lessons learned in ${topic}.`);
  return facts;
};

const completions = (request: SandboxRequest): SandboxResponse => {
  if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) {
    return { status: 401, json: { error: { message: 'Missing API key', type: 'invalid_api_key', code: 401 } } };
  }
  const parsed = requestSchema.safeParse(request.json());
  if (!parsed.success) {
    return { status: 400, json: { error: { message: parsed.error.issues[0]!.message, type: 'bad_request' } } };
  }
  const prompt = parsed.data.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content ?? '')
    .join('\n');
  const fields = new Map(promptFields(prompt).map(({ label, text }) => [label.toLowerCase(), text.trim()]));
  const name = fields.get('name') ?? '';
  if (name.includes('sandbox:search-fails')) {
    return { status: 500, json: { error: { message: 'The sandbox search failed, as asked.', type: 'server_error' } } };
  }
  const facts = sandboxFacts(name, fields.get('role') ?? '', fields.get('company') ?? '');
  const content = JSON.stringify({ facts });
  return {
    json: {
      id: `sandbox-${createHash('sha256').update(prompt).digest('hex').slice(0, 24)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: `sandbox-${parsed.data.model}`,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4) },
    },
  };
};

/**
 * Perplexity's chat completions (the research port): the OpenAI SDK with `baseURL` `<sandbox>/perplexity`.
 * Answers `{"facts": [...]}` made up deterministically from the person's name, role and company.
 */
export const perplexityVendor: SandboxVendor = {
  name: 'perplexity',
  summary: 'Perplexity (web-search model) chat completions: base URL /perplexity',
  register: (router) => router.post('/perplexity/chat/completions', completions),
};
