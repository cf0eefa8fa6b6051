import * as z from 'zod/mini';
import { caseProfileText } from '../../../shared/profile-case.js';
import { type RetryPolicy, retryingFetch, type RetryingFetchOptions } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { vendorLimits } from '../vendor-limits.js';
import type { LinkedinData } from '../../../shared/schemas/contacts.js';
import { enrichmentDefaults, type EnrichedProfile, type EnrichmentPort, type ExperienceEntry } from './port.js';

/**
 * The subset of People Data Labs' person record this adapter reads; every field may be null in PDL's answers.
 * Built on first use: zod schemas take time to construct, which the contacts Lambda's cold start need not spend for
 * the requests that enrich nothing (lists, reads, edits, deletions).
 * @link https://docs.peopledatalabs.com/docs/output-response-person-enrichment-api
 * @link https://docs.peopledatalabs.com/docs/fields
 */
const pdlSchemas = () => {
  const optional = z.nullish(z.string());
  const pdlDate = z.nullish(z.string()); // 'YYYY' or 'YYYY-MM' or 'YYYY-MM-DD'
  const experience = z.object({
    company: z.nullish(
      z.object({
        name: optional,
        id: optional,
        website: optional,
        linkedin_url: optional,
        location: z.nullish(z.object({ name: optional })),
      }),
    ),
    title: z.nullish(z.object({ name: optional })),
    start_date: pdlDate,
    end_date: pdlDate,
    is_primary: z.nullish(z.boolean()),
    summary: optional,
    location_names: z.nullish(z.array(z.string())),
  });
  const education = z.object({
    school: z.nullish(z.object({ name: optional, id: optional, linkedin_url: optional, website: optional })),
    degrees: z.nullish(z.array(z.string())),
    majors: z.nullish(z.array(z.string())),
    start_date: pdlDate,
    end_date: pdlDate,
  });
  const person = z.object({
    full_name: optional,
    first_name: optional,
    last_name: optional,
    job_title: optional,
    job_company_name: optional,
    job_company_website: optional,
    linkedin_url: optional,
    experience: z.nullish(z.array(experience)),
    education: z.nullish(z.array(education)),
    // what the profile says beyond its roles (the contact's `linkedinData`)
    headline: optional,
    summary: optional,
    location_name: optional,
    industry: optional,
    skills: z.nullish(z.array(z.string())),
    // objects with a name (and proficiency) in PDL v5; plain names in older records
    languages: z.nullish(z.array(z.union([z.string(), z.object({ name: optional })]))),
    linkedin_connections: z.nullish(z.number()),
  });
  /** @link https://docs.peopledatalabs.com/docs/reference-person-enrichment-api */
  const enrichResponse = z.object({ status: z.number(), data: person });
  return { person, enrichResponse };
};
let schemas: ReturnType<typeof pdlSchemas> | undefined;
export type PdlPerson = z.infer<ReturnType<typeof pdlSchemas>['person']>;

/** PDL writes most texts in lower case: cased as people write them, a text PDL gives in mixed case kept */
const titleCase = (value: string) => caseProfileText(value, 'title');
const nameCase = (value: string) => caseProfileText(value, 'name');
const place = (name: string | null | undefined) => (name ? titleCase(name) : undefined);

const parseDate = (value: string | null | undefined): { year?: number; month?: number } => {
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(value ?? '');
  if (!match) return {};
  return { year: Number(match[1]), ...(match[2] ? { month: Number(match[2]) } : {}) };
};

const period = (start: { year?: number }, end: { year?: number }, current: boolean) =>
  start.year ? `${start.year} - ${current ? 'Present' : (end.year ?? '')}`.trim() : undefined;

/** 'https://www.northwind.example/' -> 'northwind.example'. */
export const webDomain = (website: string | null | undefined) => {
  if (!website) return '';
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
};

const defined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined && field !== null && field !== ''),
  ) as T;

/** Trimmed and cut to `max` characters (the contact's `linkedinDataSchema` bounds), never half a surrogate pair. */
const bounded = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim() ?? '';
  return trimmed ? Array.from(trimmed).slice(0, max).join('').trim() : undefined;
};
const boundedList = (values: (string | null | undefined)[], each: number, count: number) => {
  const kept = [...new Set(values.map((value) => bounded(value, each)).filter((value) => value !== undefined))];
  return kept.length ? kept.slice(0, count) : undefined;
};

/**
 * SPEC §3 `linkedinData` of a PDL person: headline, about text, place, industry, skills, languages and connections,
 * within the bounds the contact keeps (shared/schemas/contacts.ts `linkedinDataSchema`); undefined when PDL says none.
 */
export const linkedinDataOf = (person: PdlPerson): LinkedinData | undefined => {
  const connections = person.linkedin_connections;
  const data = defined({
    headline: bounded(person.headline, 300),
    summary: bounded(person.summary, 4000),
    location: person.location_name ? bounded(titleCase(person.location_name), 200) : undefined,
    industry: person.industry ? bounded(titleCase(person.industry), 200) : undefined,
    skills: boundedList(person.skills ?? [], 100, 100),
    languages: boundedList(
      (person.languages ?? []).map((language) => (typeof language === 'string' ? language : language.name)),
      100,
      30,
    ),
    connections:
      typeof connections === 'number' && Number.isInteger(connections) && connections >= 0
        ? Math.min(connections, 100_000)
        : undefined,
  });
  return Object.keys(data).length ? data : undefined;
};

/** A PDL person as SPEC §3 entries, with the spec's defaults for missing names. */
export const fromPdlPerson = (person: PdlPerson): EnrichedProfile => {
  const experiences = (person.experience ?? []).map((entry): ExperienceEntry => {
    const start = parseDate(entry.start_date);
    const end = parseDate(entry.end_date);
    const isCurrent = entry.is_primary === true || (!entry.end_date && Boolean(entry.start_date));
    return defined({
      title: entry.title?.name ? titleCase(entry.title.name) : enrichmentDefaults.title,
      company: entry.company?.name ? titleCase(entry.company.name) : enrichmentDefaults.company,
      period: period(start, end, isCurrent),
      description: entry.summary ?? undefined,
      // PDL names places in lower case ('london, england, united kingdom'), as it does titles and companies
      location: place(entry.location_names?.[0] ?? entry.company?.location?.name),
      companyId: entry.company?.id ?? undefined,
      companyLinkedinUrl: entry.company?.linkedin_url
        ? `https://${entry.company.linkedin_url.replace(/^https?:\/\//, '')}`
        : undefined,
      companyPublicUrl: entry.company?.website ? `https://${webDomain(entry.company.website)}` : undefined,
      isCurrent,
      startMonth: start.month,
      startYear: start.year,
      endMonth: end.month,
      endYear: end.year,
    });
  });
  const education = (person.education ?? []).map((entry) => {
    const start = parseDate(entry.start_date);
    const end = parseDate(entry.end_date);
    return defined({
      institution: entry.school?.name ? titleCase(entry.school.name) : enrichmentDefaults.institution,
      degree: entry.degrees?.[0] ? titleCase(entry.degrees[0]) : undefined,
      fieldOfStudy: entry.majors?.[0] ? titleCase(entry.majors[0]) : undefined,
      period: period(start, end, false),
      schoolId: entry.school?.id ?? undefined,
      schoolLinkedinUrl: entry.school?.linkedin_url
        ? `https://${entry.school.linkedin_url.replace(/^https?:\/\//, '')}`
        : undefined,
      startYear: start.year,
      endYear: end.year,
    });
  });
  const current = experiences.find((entry) => entry.isCurrent) ?? experiences[0];
  const firstName = person.first_name ? nameCase(person.first_name) : '';
  const lastName = person.last_name ? nameCase(person.last_name) : '';
  const company = person.job_company_name ? titleCase(person.job_company_name) : (current?.company ?? '');
  const linkedinData = linkedinDataOf(person);
  return {
    name: person.full_name ? nameCase(person.full_name) : `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    // PDL's person record carries no picture; the web shows initials
    avatarUrl: '',
    currentRole: person.job_title ? titleCase(person.job_title) : (current?.title ?? ''),
    company,
    companyDomain:
      webDomain(person.job_company_website) ||
      webDomain((person.experience ?? []).find((entry) => entry.is_primary)?.company?.website),
    education,
    experiences,
    ...(linkedinData ? { linkedinData } : {}),
  };
};

/**
 * People Data Labs person enrichment by LinkedIn URL (DESIGN §5). `baseUrl` points at the sandbox locally
 * (`ENRICHMENT_BASE_URL`), so this same adapter runs against both. Rate limits, outages and timeouts are retried
 * under `policy` (retry.ts); PDL sends `Retry-After` with its 429s.
 * @link https://docs.peopledatalabs.com/docs/reference-person-enrichment-api
 * @link https://docs.peopledatalabs.com/docs/errors
 */
export const peopleDataLabsEnrichment = (
  options: {
    /** the key, or a reader of it (a Secrets Manager secret read when first needed) */
    apiKey: string | (() => Promise<string>);
    /** @default https://api.peopledatalabs.com */
    baseUrl?: string;
    /** @default vendorLimits.enrichment */
    policy?: RetryPolicy;
  } & RetryingFetchOptions,
): EnrichmentPort => {
  const baseUrl = (options.baseUrl ?? 'https://api.peopledatalabs.com').replace(/\/$/, '');
  const doFetch = retryingFetch(options.policy ?? vendorLimits.enrichment, {
    fetch: options.fetch,
    random: options.random,
    sleep: options.sleep,
  });
  return {
    enrich: async (canonicalLinkedinUrl) => {
      const url = `${baseUrl}/v5/person/enrich?profile=${encodeURIComponent(canonicalLinkedinUrl)}`;
      const response = await doFetch(url, {
        headers: {
          'X-Api-Key': typeof options.apiKey === 'string' ? options.apiKey : await options.apiKey(),
          accept: 'application/json',
        },
      });
      // PDL answers 404 when no person matches
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`People Data Labs enrichment failed with HTTP ${response.status}`);
      schemas ??= pdlSchemas();
      const parsed = schemas.enrichResponse.parse(await response.json());
      return fromPdlPerson(parsed.data);
    },
  };
};

/**
 * The enrichment of a Lambda's environment (DESIGN §5): People Data Labs when a key is configured, `ENRICHMENT_API_KEY`
 * locally (the sandbox's, with `ENRICHMENT_BASE_URL`) or `ENRICHMENT_API_KEY_SECRET` in AWS (the secret's name); null
 * otherwise, and contacts then keep what the user typed.
 */
export const enrichmentFromEnv = (
  env: NodeJS.ProcessEnv = process.env,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
): EnrichmentPort | null => {
  const parsed = z
    .object({
      ENRICHMENT_API_KEY: z.optional(z.string().check(z.minLength(1))),
      ENRICHMENT_API_KEY_SECRET: z.optional(z.string().check(z.minLength(1))),
      ENRICHMENT_BASE_URL: z.optional(z.url()),
    })
    .parse(env);
  const apiKey =
    parsed.ENRICHMENT_API_KEY ??
    (parsed.ENRICHMENT_API_KEY_SECRET ? readSecret(parsed.ENRICHMENT_API_KEY_SECRET) : undefined);
  if (!apiKey) return null;
  return peopleDataLabsEnrichment({
    apiKey,
    ...(parsed.ENRICHMENT_BASE_URL ? { baseUrl: parsed.ENRICHMENT_BASE_URL } : {}),
  });
};
