import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAnswerJsonSchema, emailPrompt } from '../../../lambdas/ai/email-prompt.js';
import type { ContactItem } from '../../../lambdas/data/contact.js';
import type { UserProfileItem } from '../../../lambdas/data/user-profile.js';
import { freePort } from '../net.js';
import { openAiSandbox } from './openai.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
let client: OpenAI;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [openAiSandbox({ delayMs: 0 })], log: () => {} });
  client = new OpenAI({ apiKey: 'sandbox-openai-key', baseURL: `${sandbox.url}/openai/v1`, maxRetries: 0 });
});
afterAll(() => sandbox.stop());

const profile = {
  uid: 'u1',
  displayName: 'Ada Lovelace',
  jobTitle: 'Analyst',
  company: 'Engines Ltd',
  goals: 'Learn how teams ship compilers.',
} as UserProfileItem;
const contact = {
  uid: 'u1',
  contactId: 'c1',
  name: 'Grace Hopper',
  firstName: 'Grace',
  jobTitle: 'Rear Admiral',
  company: 'Navy Labs',
  experiences: [{ title: 'Compiler lead', company: 'Remington Rand' }],
  importedAt: '2026-01-01T00:00:00.000Z',
  lastUpdated: '2026-01-01T00:00:00.000Z',
} as ContactItem;

const write = async (prompt: string) => {
  const completion = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Write an e-mail.' },
      { role: 'user', content: prompt },
    ],
    response_format: { type: 'json_schema', json_schema: { ...emailAnswerJsonSchema, strict: true } },
  });
  return JSON.parse(completion.choices[0]!.message.content!);
};

describe('the sandbox model writing an outreach e-mail', () => {
  it("writes from both profiles: the recipient's facts, the sender's name and goals", async () => {
    const prompt = emailPrompt({ profile, contact, facts: ['Grace spoke at a summit (May 2026).'], language: 'en' });
    const email = await write(prompt);
    expect(email.subject).toBe('Ada on your work as Rear Admiral at Navy Labs');
    expect(email.body).toMatch(/^Hi Grace,/);
    expect(email.body).toContain("I'm Ada Lovelace, Analyst at Engines Ltd.");
    expect(email.body).toContain('I came across this: Grace spoke at a summit (May 2026).');
    expect(email.body).toContain('learn how teams ship compilers.');
    expect(email).toMatchObject({ placeholderAlternatives: [], strategy: 'recent_activity' });
    expect(await write(prompt)).toEqual(email);
  });

  it('writes in the language the prompt names: German, French and Spanish in their formal address', async () => {
    const facts = ['Grace spoke at a summit (May 2026).'];
    const german = await write(emailPrompt({ profile, contact, facts, language: 'de' }));
    expect(german.subject).toBe('Ada zu Ihrer Arbeit als Rear Admiral bei Navy Labs');
    expect(german.body).toMatch(/^Hallo Grace,\n\nmein Name ist Ada Lovelace, Analyst bei Engines Ltd\./);
    expect(german.body).toContain('Hätten Sie in den nächsten Wochen 15 Minuten Zeit');
    expect(german.body).toMatch(/Viele Grüße\nAda Lovelace$/);
    const french = await write(emailPrompt({ profile, contact, facts, language: 'fr' }));
    expect(french.body).toMatch(/^Bonjour Grace,/);
    expect(french.body).toContain('Auriez-vous 15 minutes');
    const spanish = await write(emailPrompt({ profile, contact, facts, language: 'es' }));
    expect(spanish.body).toMatch(/^Hola, Grace:/);
    expect(spanish.body).toContain('¿Tendría 15 minutos');
    // a language the sandbox has no phrases for reads as English (a real model writes it)
    expect((await write(emailPrompt({ profile, contact, facts, language: 'sv' }))).body).toMatch(/^Hi Grace,/);
  });

  it("keeps a template's text and offers alternatives for the spots still open", async () => {
    const prompt = emailPrompt({
      profile,
      contact,
      facts: [],
      template: { subject: 'Hello Grace', body: 'Hi Grace,\nWe both studied at {{school}}.' },
      instructions: 'Mention the compiler talk.',
      language: 'en',
    });
    const email = await write(prompt);
    expect(email).toEqual({
      subject: 'Hello Grace',
      body: 'Hi Grace,\nWe both studied at {{school}}.\n\nMention the compiler talk.',
      placeholderAlternatives: [{ placeholder: 'school', alternatives: ['your university', 'your alma mater'] }],
      strategy: 'template',
    });
  });

  it("keeps a template's paragraphs", async () => {
    const body = 'Hi Grace,\n\nWe both studied at Yale.\n\nBest,\nAda';
    const email = await write(
      emailPrompt({ profile, contact, facts: [], template: { subject: 'Hello', body }, language: 'en' }),
    );
    expect(email.body).toBe(body);
  });

  it('fails a request that asks it to (sandbox:fail) with a server error', async () => {
    await expect(
      write(emailPrompt({ profile, contact: { ...contact, name: 'X sandbox:fail' }, facts: [], language: 'en' })),
    ).rejects.toMatchObject({
      status: 500,
    });
  });

  it('answers after the delay it was told to take', async () => {
    const set = await fetch(`${sandbox.url}/_sandbox/openai/behaviour`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delayMs: 150 }),
    });
    expect(set.status).toBe(200);
    const started = Date.now();
    await write(emailPrompt({ profile, contact, facts: [], language: 'en' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    await fetch(`${sandbox.url}/_sandbox/openai/behaviour`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delayMs: 0 }),
    });
  });
});
