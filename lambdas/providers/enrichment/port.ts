import type { LinkedinData } from '../../../shared/schemas/contacts.js';

/** SPEC §3 'Education entry' as enrichment gives it (camelCase, defaults applied). */
export type EducationEntry = {
  institution: string;
  degree?: string;
  fieldOfStudy?: string;
  period?: string;
  schoolId?: string;
  schoolLinkedinUrl?: string;
  logoUrl?: string;
  startYear?: number;
  endYear?: number;
};

/** SPEC §3 'Experience entry'. */
export type ExperienceEntry = {
  title: string;
  company: string;
  period?: string;
  description?: string;
  location?: string;
  companyId?: string;
  companyLinkedinUrl?: string;
  companyLogoUrl?: string;
  companyPublicUrl?: string;
  duration?: string;
  isCurrent?: boolean;
  jobType?: string;
  skills?: string[];
  startMonth?: number;
  startYear?: number;
  endMonth?: number;
  endYear?: number;
};

/** A professional profile of one LinkedIn URL, as the shared profile stores it. */
export type EnrichedProfile = {
  name: string;
  firstName: string;
  lastName: string;
  avatarUrl: string;
  currentRole: string;
  company: string;
  /** the current employer's web domain without scheme or www (e-mail candidates), '' when unknown */
  companyDomain: string;
  education: EducationEntry[];
  experiences: ExperienceEntry[];
  /** SPEC §3 `linkedinData`: headline, about, place, industry, skills, languages, connections; absent when none */
  linkedinData?: LinkedinData;
};

/**
 * The enrichment port (DESIGN §5): a LinkedIn profile URL in, a professional profile out; null when the vendor knows
 * no such profile. Vendor failures throw.
 */
export type EnrichmentPort = {
  enrich: (canonicalLinkedinUrl: string) => Promise<EnrichedProfile | null>;
};

/** SPEC §3 defaults. */
export const enrichmentDefaults = {
  institution: 'Unknown Institution',
  title: 'Unknown Position',
  company: 'Unknown Company',
} as const;
