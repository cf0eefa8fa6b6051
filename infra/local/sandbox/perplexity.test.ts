import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResearchClient, perplexityResearch } from '../../../lambdas/providers/research/perplexity.js';
import { ResearchFailure } from '../../../lambdas/providers/research/port.js';
import { freePort } from '../net.js';
import { perplexityVendor } from './perplexity.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [perplexityVendor], log: () => {} });
});
afterAll(() => sandbox.stop());

const research = () =>
  perplexityResearch(
    createResearchClient({
      baseURL: `${sandbox.url}/perplexity`,
      apiKey: 'sandbox-perplexity-key',
      apiKeySecret: undefined,
      model: 'sonar',
    }),
    'sonar',
  );

describe('the Perplexity sandbox through the research adapter', () => {
  it('finds the same specific facts about the same person every time', async () => {
    const subject = { name: 'Grace Hopper', company: 'Navy Labs', role: 'Rear Admiral' };
    const first = await research().findFacts(subject);
    expect(first.model).toBe('sandbox-sonar');
    expect(first.facts).toHaveLength(3);
    expect(first.facts[0]).toMatch(/^Grace Hopper spoke about .+ \(\w+ 2026\)\.$/);
    expect(first.facts[1]).toContain('Navy Labs');
    expect(await research().findFacts(subject)).toEqual(first);
  });

  it('finds nothing about a person it knows nothing of, and fails as asked', async () => {
    expect((await research().findFacts({ name: 'Nobody sandbox:nothing' })).facts).toEqual([]);
    await expect(research().findFacts({ name: 'Broken sandbox:search-fails' })).rejects.toBeInstanceOf(ResearchFailure);
  });
});
