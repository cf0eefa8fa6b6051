import { createHash } from 'node:crypto';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/**
 * People Data Labs person enrichment, the subset lambdas/providers/enrichment/peopledatalabs.ts calls
 * (`GET /pdl/v5/person/enrich?profile=<linkedin url>` with `X-Api-Key`). Profiles are derived from the URL's slug by a
 * seeded generator, so the same URL always answers the same person; a slug containing 'not-found' is a person PDL
 * does not know (404), as a real unknown profile is.
 * @link https://docs.peopledatalabs.com/docs/reference-person-enrichment-api
 */

const companies = [
  { name: 'northwind traders', domain: 'northwind.example', industry: 'wholesale' },
  { name: 'contoso', domain: 'contoso.example', industry: 'software' },
  { name: 'fabrikam', domain: 'fabrikam.example', industry: 'manufacturing' },
  { name: 'tailspin toys', domain: 'tailspintoys.example', industry: 'consumer goods' },
  { name: 'wide world importers', domain: 'wideworldimporters.example', industry: 'logistics' },
  { name: 'adventure works', domain: 'adventure-works.example', industry: 'retail' },
  { name: 'litware', domain: 'litware.example', industry: 'software' },
  { name: 'proseware', domain: 'proseware.example', industry: 'information technology' },
  { name: 'woodgrove bank', domain: 'woodgrovebank.example', industry: 'banking' },
  { name: 'alpine ski house', domain: 'alpineskihouse.example', industry: 'hospitality' },
] as const;
const titles = [
  'software engineer',
  'senior software engineer',
  'product manager',
  'engineering manager',
  'data scientist',
  'marketing manager',
  'account executive',
  'ux designer',
  'head of partnerships',
  'financial analyst',
] as const;
const schools = [
  { name: 'university of washington', domain: 'uw.example' },
  { name: 'massachusetts institute of technology', domain: 'mit.example' },
  { name: 'university of michigan', domain: 'umich.example' },
  { name: 'stanford university', domain: 'stanford.example' },
  { name: 'university of toronto', domain: 'utoronto.example' },
  { name: 'imperial college london', domain: 'imperial.example' },
] as const;
const degrees = ['bachelor of science', 'bachelor of arts', 'master of science', 'master of business administration'];
const majors = ['computer science', 'economics', 'mechanical engineering', 'mathematics', 'design', 'marketing'];
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Okafor', 'Nakamura', 'García', 'Schmidt'];
const skillNames = ['leadership', 'product strategy', 'python', 'negotiation', 'data analysis', 'user research', 'sql'];
const otherLanguages = [
  { name: 'german', proficiency: 'professional_working' },
  { name: 'french', proficiency: 'limited_working' },
  { name: 'spanish', proficiency: 'professional_working' },
];
const cities = ['seattle, washington, united states', 'london, england, united kingdom', 'toronto, ontario, canada'];

/** A small deterministic generator seeded by the slug (xorshift over a SHA-256 seed). */
const seeded = (seed: string) => {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0) || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
};

const pad = (month: number) => String(month).padStart(2, '0');
const capitalised = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** The person of a slug, as PDL's person record. */
export const sandboxPerson = (slug: string, profileUrl: string) => {
  const random = seeded(slug);
  // LinkedIn slugs often end in a numeric or hex id: 'ada-lovelace-1a2b3c'
  const words = slug.split(/[-_]+/).filter((word) => word && !/\d/.test(word));
  const first = words[0] ?? 'alex';
  const last = words.length > 1 ? words.slice(1).join(' ') : random.pick(lastNames).toLowerCase();
  const experienceCount = random.int(2, 4);
  let year = 2024;
  const experience = Array.from({ length: experienceCount }, (_, index) => {
    const picked = random.pick(companies);
    // a slug can ask for the lookup's other outcomes (the verification sandbox keys on these domains): 'risky' works
    // at an accept-all domain, 'unreachable' at one where no address exists
    const company =
      index === 0 && /risky/.test(slug)
        ? { name: 'catchall logistics', domain: 'catchall-logistics.example', industry: 'logistics' }
        : index === 0 && /unreachable/.test(slug)
          ? { name: 'nomail holdings', domain: 'nomail-holdings.example', industry: 'finance' }
          : picked;
    const start = year - random.int(1, 4);
    const entry = {
      company: {
        name: company.name,
        id: createHash('sha1').update(company.domain).digest('hex').slice(0, 12),
        website: company.domain,
        linkedin_url: `linkedin.com/company/${company.domain.split('.')[0]}`,
        industry: company.industry,
        location: { name: random.pick(cities) },
      },
      title: { name: random.pick(titles) },
      start_date: `${start}-${pad(random.int(1, 12))}`,
      end_date: index === 0 ? null : `${year}-${pad(random.int(1, 12))}`,
      is_primary: index === 0,
      summary: index === 0 ? `Works on ${company.industry} products with a team of ${random.int(3, 12)}.` : null,
      location_names: [random.pick(cities)],
    };
    year = start;
    return entry;
  });
  const education = Array.from({ length: random.int(1, 3) }, (_, index) => {
    const school = random.pick(schools);
    const end = year - index * 2;
    return {
      school: {
        name: school.name,
        id: school.domain.split('.')[0],
        website: school.domain,
        linkedin_url: `linkedin.com/school/${school.domain.split('.')[0]}`,
      },
      degrees: [random.pick(degrees)],
      majors: [random.pick(majors)],
      start_date: String(end - 4),
      end_date: String(end),
    };
  });
  const current = experience[0]!;
  // drawn after every pick above, so the roles and schools of a slug stay what they were
  const skills = Array.from(new Set(Array.from({ length: random.int(3, 6) }, () => random.pick(skillNames))));
  const languages = [
    { name: 'english', proficiency: 'native' },
    ...(random.int(0, 1) ? [random.pick(otherLanguages)] : []),
  ];
  return {
    full_name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    job_title: current.title.name,
    job_company_name: current.company.name,
    job_company_website: current.company.website,
    linkedin_url: profileUrl.replace(/^https?:\/\//, ''),
    experience,
    education,
    // free text as the person wrote it on LinkedIn (PDL lower-cases its own fields, not this one)
    headline: `${capitalised(current.title.name)} at ${capitalised(current.company.name)}`,
    summary: `I build ${current.company.industry} products and like meeting people who do the same.`,
    location_name: current.location_names[0],
    industry: current.company.industry,
    skills,
    languages,
    linkedin_connections: random.int(40, 900),
  };
};

const pdlError = (status: number, type: string, message: string): SandboxResponse => ({
  status,
  json: { status, error: { type, message } },
});

const enrich = (request: SandboxRequest): SandboxResponse => {
  if (!request.headers['x-api-key']) return pdlError(401, 'authentication_error', 'API key is missing');
  const profile = request.query.get('profile') ?? '';
  const match = /linkedin\.com\/in\/([^/?#]+)/i.exec(profile);
  if (!match?.[1]) return pdlError(400, 'invalid_request_error', 'profile must be a LinkedIn profile URL');
  const slug = decodeURIComponent(match[1]).toLowerCase();
  if (slug.includes('not-found')) return pdlError(404, 'not_found', 'No records were found matching your request');
  return { status: 200, json: { status: 200, likelihood: 8, data: sandboxPerson(slug, profile) } };
};

export const enrichmentVendor: SandboxVendor = {
  name: 'enrichment',
  summary: 'People Data Labs person enrichment: base URL /pdl',
  register: (router) => router.get('/pdl/v5/person/enrich', enrich),
};
