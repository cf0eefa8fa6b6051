import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { openAiVendor } from './openai.js';
import { promptFields } from './prompt-fields.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
let client: OpenAI;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [openAiVendor], log: () => {} });
  client = new OpenAI({ apiKey: 'sandbox-openai-key', baseURL: `${sandbox.url}/openai/v1`, maxRetries: 0 });
});
afterAll(() => sandbox.stop());

const profilePrompt = [
  '### Name',
  'Ada Lovelace',
  '### Job title',
  'Analyst',
  '### Résumé',
  'Wrote the first published algorithm for the Analytical Engine. Translated Menabrea. Corresponded with Babbage.',
  'Second line of the résumé.',
].join('\n');

const post = (body: unknown, headers: Record<string, string> = { Authorization: 'Bearer any' }) =>
  fetch(`${sandbox.url}/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the OpenAI sandbox', () => {
  it("answers the real SDK's chat completion in the API's shape, with a digest of the prompt's fields", async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Summarise the profile.' },
        { role: 'user', content: profilePrompt },
      ],
      max_completion_tokens: 600,
    });
    expect(completion).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'sandbox-gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: expect.any(Number),
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    });
    expect(completion.choices[0]!.message.content).toBe(
      [
        'Name: Ada Lovelace',
        'Job title: Analyst',
        'Résumé: Wrote the first published algorithm for the Analytical Engine. Translated Menabrea.',
      ].join('\n'),
    );
  });

  it('answers the same request with the same text', async () => {
    const request = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: profilePrompt }] };
    const [first, second] = await Promise.all([
      client.chat.completions.create(request),
      client.chat.completions.create(request),
    ]);
    expect(second.choices[0]!.message.content).toBe(first.choices[0]!.message.content);
    expect(second.id).toBe(first.id);
  });

  it('answers one JSON object with the keys of the JSON example in the instructions when JSON is asked for', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: 'Draft an e-mail. Answer JSON: {"subject": "...", "body": "..."}' },
        { role: 'user', content: profilePrompt },
      ],
    });
    const answer = JSON.parse(completion.choices[0]!.message.content!) as Record<string, string>;
    expect(Object.keys(answer)).toEqual(['subject', 'body']);
    expect(answer.subject).toBe('Ada Lovelace');
    expect(answer.body).toContain('Job title: Analyst');
  });

  it("takes the keys of a JSON schema's properties", async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'email', schema: { type: 'object', properties: { headline: {}, text: {} } } },
      },
      messages: [{ role: 'user', content: profilePrompt }],
    });
    expect(Object.keys(JSON.parse(completion.choices[0]!.message.content!) as object)).toEqual(['headline', 'text']);
  });

  it('stops at the token limit with finish reason length', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: profilePrompt }],
      max_tokens: 5,
    });
    expect(completion.choices[0]!.finish_reason).toBe('length');
    expect(completion.choices[0]!.message.content).toHaveLength(20);
  });

  it('refuses a request without an API key with 401, as OpenAI does', async () => {
    const response = await post({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.any(String) },
    });
  });

  it("refuses a malformed request with 400 in OpenAI's error shape, naming the parameter", async () => {
    const response = await post({ model: 'gpt-4o-mini', messages: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'messages' } });
    const broken = await fetch(`${sandbox.url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer any', 'Content-Type': 'application/json' },
      body: '{"model":',
    });
    expect(broken.status).toBe(400);
  });

  it('holds answers to requests marked sandbox:hold while told to, answering every other request meanwhile', async () => {
    const behaviour = (body: unknown) =>
      fetch(`${sandbox.url}/_sandbox/openai/behaviour`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await behaviour({ holdMarked: true })).status).toBe(200);
    let heldAnswered = false;
    const held = post({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Keep it short. sandbox:hold' }] });
    void held.then(() => (heldAnswered = true));
    const other = await post({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Keep it short.' }] });
    expect(other.status).toBe(200);
    expect(heldAnswered).toBe(false);
    expect(await (await behaviour({ holdMarked: false })).json()).toEqual({ delayMs: 0, holdMarked: false });
    expect((await held).status).toBe(200);
  });
});

describe('prompt fields', () => {
  it('reads `Label: value` lines and `### Label` sections, keeping unlabelled text', () => {
    expect(promptFields('Intro line\nName: Ada\n### Background\nLine one\nLine two\n\n### Empty\n')).toEqual([
      { label: '', text: 'Intro line' },
      { label: 'Name', text: 'Ada' },
      { label: 'Background', text: 'Line one\nLine two' },
    ]);
  });
});
