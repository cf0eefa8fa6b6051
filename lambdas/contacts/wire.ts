import type { ContactWire } from '../../shared/schemas/contacts.js';
import type { EmailLanguage } from '../../shared/languages.js';
import { type ContactItem, contactAddress } from '../data/contact.js';
import type { EducationEntry, ExperienceEntry } from '../providers/enrichment/port.js';

/** SPEC §3 'Education entry' on the wire (snake_case). */
export const educationToWire = (entry: EducationEntry): ContactWire['education'][number] => ({
  institution: entry.institution,
  ...(entry.degree !== undefined && { degree: entry.degree }),
  ...(entry.fieldOfStudy !== undefined && { field_of_study: entry.fieldOfStudy }),
  ...(entry.period !== undefined && { period: entry.period }),
  ...(entry.schoolId !== undefined && { school_id: entry.schoolId }),
  ...(entry.schoolLinkedinUrl !== undefined && { school_linkedin_url: entry.schoolLinkedinUrl }),
  ...(entry.logoUrl !== undefined && { logo_url: entry.logoUrl }),
  ...(entry.startYear !== undefined && { start_year: entry.startYear }),
  ...(entry.endYear !== undefined && { end_year: entry.endYear }),
});

/** SPEC §3 'Experience entry' on the wire. */
export const experienceToWire = (entry: ExperienceEntry): ContactWire['experiences'][number] => ({
  title: entry.title,
  company: entry.company,
  ...(entry.period !== undefined && { period: entry.period }),
  ...(entry.description !== undefined && { description: entry.description }),
  ...(entry.location !== undefined && { location: entry.location }),
  ...(entry.companyId !== undefined && { company_id: entry.companyId }),
  ...(entry.companyLinkedinUrl !== undefined && { company_linkedin_url: entry.companyLinkedinUrl }),
  ...(entry.companyLogoUrl !== undefined && { company_logo_url: entry.companyLogoUrl }),
  ...(entry.companyPublicUrl !== undefined && { company_public_url: entry.companyPublicUrl }),
  ...(entry.duration !== undefined && { duration: entry.duration }),
  ...(entry.isCurrent !== undefined && { is_current: entry.isCurrent }),
  ...(entry.jobType !== undefined && { job_type: entry.jobType }),
  ...(entry.skills !== undefined && { skills: entry.skills }),
  ...(entry.startMonth !== undefined && { start_month: entry.startMonth }),
  ...(entry.startYear !== undefined && { start_year: entry.startYear }),
  ...(entry.endMonth !== undefined && { end_month: entry.endMonth }),
  ...(entry.endYear !== undefined && { end_year: entry.endYear }),
});

const freshnessMs = 30 * 24 * 60 * 60 * 1000;

/** 'fresh' while the profile data is younger than 30 days, 'unknown' without any. */
export const dataFreshness = (scrapedAt: string | undefined, now: Date): ContactWire['data_freshness'] =>
  !scrapedAt ? 'unknown' : now.getTime() - new Date(scrapedAt).getTime() < freshnessMs ? 'fresh' : 'stale';

/** A stored contact as the API answers it (SPEC §3 names, snake_case, every field present). */
export const toContactWire = (item: ContactItem, now: Date): ContactWire => ({
  id: item.contactId,
  shared_contact_id: item.sharedContactId ?? null,
  name: item.name || `${item.firstName ?? ''} ${item.lastName ?? ''}`.trim(),
  first_name: item.firstName ?? '',
  last_name: item.lastName ?? '',
  avatar_url: item.avatarUrl ?? '',
  current_role: item.currentRole ?? '',
  job_title: item.jobTitle ?? '',
  company: item.company ?? '',
  linkedin_url: item.linkedinUrl ?? '',
  canonical_linkedin_url: item.canonicalLinkedinUrl ?? '',
  email: item.email ?? '',
  email_source: item.emailSource ?? '',
  email_qev_status: item.emailQevStatus ?? null,
  email_qev_reason: item.emailQevReason ?? '',
  email_verified_at: item.emailVerifiedAt ?? null,
  // SPEC §5: usable only with an address whose verdict is 'valid'
  email_verified: Boolean(item.email) && item.emailQevStatus === 'valid',
  email_confirmed_by_user: contactAddress(item).emailConfirmedByUser,
  email_lookup_status: item.emailLookupStatus ?? null,
  email_lookup_attempts: item.emailLookupAttempts ?? 0,
  email_lookup_last_attempt: item.emailLookupLastAttempt ?? null,
  email_not_found_confidence: item.emailNotFoundConfidence ?? 0,
  email_pattern_used: item.emailPatternUsed ?? '',
  linkedin_data: item.linkedinData ?? null,
  linkedin_scraped_at: item.linkedinScrapedAt ?? null,
  data_freshness: dataFreshness(item.linkedinScrapedAt, now),
  unique_perplexity_facts: item.uniquePerplexityFacts ?? [],
  perplexity_searched_at: item.perplexitySearchedAt ?? null,
  imported_at: item.importedAt,
  last_updated: item.lastUpdated,
  connected_at: item.connectedAt ?? null,
  email_status: item.emailStatus ?? 'empty',
  email_subject: item.emailSubject ?? '',
  email_body: item.emailBody ?? '',
  placeholder_alternatives: item.placeholderAlternatives ?? {},
  email_sent_at: item.emailSentAt ?? null,
  email_provider: item.emailProvider ?? '',
  conversation_status: item.conversationStatus ?? '',
  relationship_status: item.relationshipStatus ?? 'new',
  email_count: item.emailCount ?? 0,
  last_email_sent_at: item.lastEmailSentAt ?? null,
  last_reply_at: item.lastReplyAt ?? null,
  has_active_draft: item.hasActiveDraft ?? false,
  last_email_status: item.lastEmailStatus ?? '',
  ai_strategy: item.aiStrategy ?? '',
  notes: item.notes ?? '',
  email_language: (item.emailLanguage as EmailLanguage | undefined) ?? null,
  education: (item.education ?? []).map(educationToWire),
  experiences: (item.experiences ?? []).map(experienceToWire),
});
