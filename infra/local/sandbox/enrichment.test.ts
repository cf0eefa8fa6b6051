import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleDataLabsEnrichment } from '../../../lambdas/providers/enrichment/peopledatalabs.js';
import { freePort } from '../net.js';
import { enrichmentVendor } from './enrichment.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [enrichmentVendor], log: () => undefined });
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('sandbox People Data Labs', () => {
  const enrichment = () => peopleDataLabsEnrichment({ apiKey: 'sandbox', baseUrl: `${sandbox.url}/pdl` });

  it('answers the same realistic person for the same slug, named from its words', async () => {
    const url = 'https://www.linkedin.com/in/grace-hopper-1906a';
    const [first, again] = [await enrichment().enrich(url), await enrichment().enrich(url)];
    expect(first).toEqual(again);
    expect(first).toMatchObject({ name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper' });
    expect(first!.experiences.length).toBeGreaterThanOrEqual(2);
    expect(first!.experiences.length).toBeLessThanOrEqual(4);
    expect(first!.education.length).toBeGreaterThanOrEqual(1);
    expect(first!.education.length).toBeLessThanOrEqual(3);
    expect(first!.companyDomain).toMatch(/^[a-z-]+\.example$/);
    expect(first!.experiences[0]).toMatchObject({ isCurrent: true, company: first!.company });
  });

  it('puts a risky or unreachable slug at a company whose domain the verification sandbox treats so', async () => {
    const risky = await enrichment().enrich('https://www.linkedin.com/in/risky-rita');
    const unreachable = await enrichment().enrich('https://www.linkedin.com/in/unreachable-ursula');
    expect(JSON.stringify(risky)).toContain('catchall-logistics.example');
    expect(JSON.stringify(unreachable)).toContain('nomail-holdings.example');
  });

  it('knows no person whose slug contains not-found', async () => {
    expect(await enrichment().enrich('https://www.linkedin.com/in/someone-not-found')).toBeNull();
  });

  it('refuses a request without an API key as PDL does', async () => {
    const response = await fetch(`${sandbox.url}/pdl/v5/person/enrich?profile=linkedin.com/in/ada`);
    expect(response.status).toBe(401);
  });
});
