import { describe, expect, it } from 'vitest';
import { startScriptedVendor } from '../test/scripted-vendor.js';
import { linkedinDataSchema } from '../../../shared/schemas/contacts.js';
import { fromPdlPerson, peopleDataLabsEnrichment, webDomain } from './peopledatalabs.js';

const answer = (status: number, json: unknown) => async () => new Response(JSON.stringify(json), { status });
/** retries as the real policy makes them, with waits short enough for a test */
const policy = { attemptTimeoutMs: 2_000, retries: 2, baseDelayMs: 5, maxDelayMs: 20 };

describe('People Data Labs enrichment', () => {
  it('asks for the profile URL with the key in X-Api-Key', async () => {
    const seen: { url: string; key: string | null }[] = [];
    const enrichment = peopleDataLabsEnrichment({
      apiKey: 'k-123',
      baseUrl: 'http://pdl.test/',
      fetch: async (input, init) => {
        seen.push({ url: String(input), key: new Headers(init?.headers).get('x-api-key') });
        return new Response(JSON.stringify({ status: 200, data: { full_name: 'ada lovelace' } }), { status: 200 });
      },
    });
    expect(await enrichment.enrich('https://www.linkedin.com/in/ada')).toMatchObject({ name: 'Ada Lovelace' });
    expect(seen).toEqual([
      { url: 'http://pdl.test/v5/person/enrich?profile=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fada', key: 'k-123' },
    ]);
  });

  it('answers null for a person PDL does not know and throws on other failures', async () => {
    const unknown = peopleDataLabsEnrichment({
      apiKey: 'k',
      fetch: answer(404, { status: 404, error: { type: 'not_found' } }),
    });
    expect(await unknown.enrich('https://www.linkedin.com/in/nobody')).toBeNull();
    const broken = peopleDataLabsEnrichment({ apiKey: 'k', fetch: answer(500, {}), policy });
    await expect(broken.enrich('https://www.linkedin.com/in/ada')).rejects.toThrow('HTTP 500');
  });

  it('retries a rate limit and an outage, then answers the person', async () => {
    const pdl = await startScriptedVendor([
      { status: 429, headers: { 'retry-after': '0' }, json: { status: 429, error: { type: 'rate_limit' } } },
      { status: 503, json: {} },
      { status: 200, json: { status: 200, data: { full_name: 'ada lovelace' } } },
    ]);
    try {
      const enrichment = peopleDataLabsEnrichment({ apiKey: 'k', baseUrl: pdl.url, policy });
      expect(await enrichment.enrich('https://www.linkedin.com/in/ada')).toMatchObject({ name: 'Ada Lovelace' });
      expect(pdl.requests).toHaveLength(3);
      expect(pdl.requests.every((request) => request.headers['x-api-key'] === 'k')).toBe(true);
    } finally {
      await pdl.stop();
    }
  });

  it('never retries a request PDL refused (400)', async () => {
    const pdl = await startScriptedVendor([
      { status: 400, json: { status: 400, error: { type: 'invalid_request_error' } } },
      { status: 200, json: { status: 200, data: { full_name: 'ada lovelace' } } },
    ]);
    try {
      const enrichment = peopleDataLabsEnrichment({ apiKey: 'k', baseUrl: pdl.url, policy });
      await expect(enrichment.enrich('https://www.linkedin.com/in/ada')).rejects.toThrow('HTTP 400');
      expect(pdl.requests).toHaveLength(1);
    } finally {
      await pdl.stop();
    }
  });

  it("fills SPEC §3's defaults where PDL has no name for a school, a title or a company", () => {
    const profile = fromPdlPerson({
      first_name: 'ada',
      last_name: 'lovelace',
      experience: [
        { company: null, title: null, start_date: '2020-03', end_date: null, is_primary: true },
        {
          company: { name: 'analytical engines', website: 'https://www.engines.example/' },
          title: { name: 'analyst' },
          location_names: ['london, england, united kingdom'],
          start_date: '2015',
          end_date: '2019-12',
        },
      ],
      education: [{ school: null, degrees: [], majors: ['mathematics'], start_date: '2010', end_date: '2014' }],
    });
    expect(profile.experiences).toEqual([
      {
        title: 'Unknown Position',
        company: 'Unknown Company',
        period: '2020 - Present',
        isCurrent: true,
        startYear: 2020,
        startMonth: 3,
      },
      {
        title: 'Analyst',
        company: 'Analytical Engines',
        companyPublicUrl: 'https://engines.example',
        location: 'London, England, United Kingdom',
        period: '2015 - 2019',
        isCurrent: false,
        startYear: 2015,
        endYear: 2019,
        endMonth: 12,
      },
    ]);
    expect(profile.education).toEqual([
      {
        institution: 'Unknown Institution',
        fieldOfStudy: 'Mathematics',
        period: '2010 - 2014',
        startYear: 2010,
        endYear: 2014,
      },
    ]);
    expect(profile).toMatchObject({
      name: 'Ada Lovelace',
      currentRole: 'Unknown Position',
      company: 'Unknown Company',
    });
  });

  it("cases PDL's lower-case texts as people write them: small words, acronyms, names; mixed case kept", () => {
    const profile = fromPdlPerson({
      full_name: "sean o'brien",
      first_name: 'sean',
      last_name: "o'brien",
      job_title: 'ux designer',
      job_company_name: 'northwind traders',
      experience: [
        {
          company: { name: 'McKinsey & Company' },
          title: { name: 'vp of it' },
          location_names: ['seattle, washington, united states'],
          start_date: '2020-03',
          is_primary: true,
        },
      ],
      education: [
        {
          school: { name: 'university of washington' },
          degrees: ['master of business administration'],
          majors: ['human-computer interaction'],
        },
        { school: { name: 'MIT' }, degrees: ['doctor of philosophy (phd)'] },
      ],
    });
    expect(profile).toMatchObject({
      name: "Sean O'Brien",
      lastName: "O'Brien",
      currentRole: 'UX Designer',
      company: 'Northwind Traders',
    });
    expect(profile.experiences[0]).toMatchObject({
      title: 'VP of IT',
      company: 'McKinsey & Company',
      location: 'Seattle, Washington, United States',
    });
    expect(profile.education).toMatchObject([
      {
        institution: 'University of Washington',
        degree: 'Master of Business Administration',
        fieldOfStudy: 'Human-Computer Interaction',
      },
      { institution: 'MIT', degree: 'Doctor of Philosophy (PhD)' },
    ]);
  });

  it("keeps what the profile says beyond its roles within the contact's bounds, and nothing when it says nothing", () => {
    const base = { first_name: 'ada', last_name: 'lovelace', experience: [], education: [] };
    const person = fromPdlPerson({
      ...base,
      headline: '  Analyst of engines  ',
      summary: 'x'.repeat(5000),
      location_name: 'london, england, united kingdom',
      industry: 'computer software',
      skills: ['math', 'math', ' poetry ', '', ...Array.from({ length: 150 }, (_, index) => `skill ${index}`)],
      languages: ['english', { name: 'french' }, { name: null }],
      linkedin_connections: 250_000,
    });
    expect(linkedinDataSchema.parse(person.linkedinData)).toEqual({
      headline: 'Analyst of engines',
      summary: 'x'.repeat(4000),
      location: 'London, England, United Kingdom',
      industry: 'Computer Software',
      skills: ['math', 'poetry', ...Array.from({ length: 98 }, (_, index) => `skill ${index}`)],
      languages: ['english', 'french'],
      connections: 100_000,
    });
    expect(fromPdlPerson({ ...base, skills: [], languages: [], linkedin_connections: -1 })).not.toHaveProperty(
      'linkedinData',
    );
  });

  it('keeps the bare web domain of a company website', () => {
    expect(webDomain('https://www.Northwind.example/about')).toBe('northwind.example');
    expect(webDomain('contoso.example')).toBe('contoso.example');
    expect(webDomain('')).toBe('');
  });
});
