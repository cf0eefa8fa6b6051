import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import { openAiVendor } from '../../../infra/local/sandbox/openai.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { createOpenAiClient, openAi, readOpenAiSettings } from './openai.js';
import { AiFailure } from './port.js';

let sandbox: Sandbox;
let baseURL: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [openAiVendor], log: () => {} });
  baseURL = `${sandbox.url}/openai/v1`;
});
afterAll(() => sandbox.stop());

/** what the adapter is asked to complete */
const asked = { system: 'Summarise.', prompt: 'Name: Ada\nGoals: Meet engineers.', maxTokens: 200 };

describe('the OpenAI adapter against the sandbox', () => {
  it('answers the text and the model that wrote it', async () => {
    const ai = openAi(
      createOpenAiClient(readOpenAiSettings({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'k' })),
      'gpt-4o-mini',
    );
    expect(await ai.complete(asked)).toEqual({
      text: 'Name: Ada\nGoals: Meet engineers.',
      model: 'sandbox-gpt-4o-mini',
    });
  });

  it('asks for and checks one JSON object when JSON is wanted', async () => {
    const ai = openAi(
      createOpenAiClient(readOpenAiSettings({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'k' })),
      'gpt-4o-mini',
    );
    const { text } = await ai.complete({ ...asked, system: 'Answer {"subject": "", "body": ""}', json: true });
    expect(JSON.parse(text)).toEqual({ subject: 'Ada', body: expect.stringContaining('Goals: Meet engineers.') });
  });

  it('reads a key kept in a secret when a request needs it, not when the client is built', async () => {
    const reads: string[] = [];
    const readSecret = (name: string) => async () => {
      reads.push(name);
      return 'sk-from-secret';
    };
    const settings = readOpenAiSettings({
      OPENAI_BASE_URL: baseURL,
      OPENAI_API_KEY_SECRET: 'outreach/dev/openai-api-key',
    });
    const ai = openAi(createOpenAiClient(settings, readSecret), settings.model);
    expect(reads).toEqual([]);
    await ai.complete(asked);
    expect(reads).toEqual(['outreach/dev/openai-api-key']);
  });

  it('fails as refused without any key, naming the missing settings', async () => {
    const ai = openAi(createOpenAiClient(readOpenAiSettings({ OPENAI_BASE_URL: baseURL })), 'gpt-4o-mini');
    const failure = ai.complete(asked);
    await expect(failure).rejects.toBeInstanceOf(AiFailure);
    await expect(failure).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('OPENAI_API_KEY_SECRET'),
    });
  });

  it('fails as refused on a 4xx, with the status and not the vendor message', async () => {
    const ai = openAi(
      createOpenAiClient(readOpenAiSettings({ OPENAI_BASE_URL: `${sandbox.url}/missing/v1`, OPENAI_API_KEY: 'k' })),
      'm',
    );
    await expect(ai.complete(asked)).rejects.toMatchObject({
      kind: 'refused',
      message: 'OpenAI refused the request (404)',
    });
  });

  it('fails as busy when nothing answers', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/openai/v1`;
    const ai = openAi(createOpenAiClient(readOpenAiSettings({ OPENAI_BASE_URL: closed, OPENAI_API_KEY: 'k' })), 'm');
    await expect(ai.complete(asked)).rejects.toMatchObject({ kind: 'busy' });
  });

  it('defaults the model and refuses a base URL that is not one', () => {
    expect(readOpenAiSettings({}).model).toBe('gpt-4o-mini');
    expect(() => readOpenAiSettings({ OPENAI_BASE_URL: 'sandbox' })).toThrow(
      'OpenAI settings are invalid: OPENAI_BASE_URL',
    );
  });
});
