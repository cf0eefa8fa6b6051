import * as z from 'zod';
import { draftSchema, placeholderAlternativesSchema } from './drafts.js';
import { emailLanguages } from '../languages.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * Contacts on the wire (SPEC §3 'Contact'): the server speaks snake_case, the web converts to camelCase in one place
 * (web/src/modules/contacts/api/contactMapping.ts) and back. A contact is the user's own record joined with the
 * shared professional profile of its LinkedIn URL (DESIGN §3 `SHARED#<canonical url>`).
 */

/** SPEC §3 'Education entry' (defaults: institution 'Unknown Institution'). */
export const educationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    institution: z.string(),
    degree: z.string().optional(),
    field_of_study: z.string().optional(),
    period: z.string().optional(),
    school_id: z.string().optional(),
    school_linkedin_url: z.string().optional(),
    logo_url: z.string().optional(),
    start_year: z.number().int().optional(),
    end_year: z.number().int().optional(),
  }),
);

/** SPEC §3 'Experience entry' (defaults: title 'Unknown Position', company 'Unknown Company'). */
export const experienceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: z.string(),
    company: z.string(),
    period: z.string().optional(),
    description: z.string().optional(),
    location: z.string().optional(),
    company_id: z.string().optional(),
    company_linkedin_url: z.string().optional(),
    company_logo_url: z.string().optional(),
    company_public_url: z.string().optional(),
    duration: z.string().optional(),
    is_current: z.boolean().optional(),
    job_type: z.string().optional(),
    skills: z.array(z.string()).optional(),
    start_month: z.number().int().optional(),
    start_year: z.number().int().optional(),
    end_month: z.number().int().optional(),
    end_year: z.number().int().optional(),
  }),
);

/** Verification verdicts of the verification port (DESIGN §5). */
export const emailQevStatuses = ['valid', 'invalid', 'accept_all', 'unknown'] as const;
/** Outcome of a lookup: found and valid, found but risky (accept-all / unknown), not found, failed. */
export const emailLookupStatuses = ['pending', 'found_valid', 'found_risky', 'not_found', 'error'] as const;
export const relationshipStatuses = ['new', 'contacted', 'replied', 'meeting_scheduled', 'closed'] as const;
export type RelationshipStatus = (typeof relationshipStatuses)[number];

const text = (max: number) => z.string().trim().max(max);

/**
 * SPEC §3 Contact `linkedinData`: what the person's LinkedIn profile says beyond the fields the contact keeps itself
 * (headline, about text, place, skills), as an import or the person gives it. A closed shape with bounds: a 400 for
 * anything else, so a contact never grows by what nobody reads.
 */
export const linkedinDataSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    headline: text(300).optional(),
    summary: text(4000).optional(),
    location: text(200).optional(),
    industry: text(200).optional(),
    skills: z.array(text(100)).max(100).optional(),
    languages: z.array(text(100)).max(30).optional(),
    connections: z.number().int().min(0).max(100_000).optional(),
  }),
);
export type LinkedinData = z.infer<typeof linkedinDataSchema>;

/**
 * SPEC §3 Contact `connectedAt`: when the user connected with the person on LinkedIn (LinkedIn's connections export
 * gives the day). A day (YYYY-MM-DD) or an ISO 8601 time with its offset, from 2003 (LinkedIn's start) to 2100.
 */
export const connectedAtSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })])
    .refine((value) => /^(200[3-9]|20[1-9]\d|2100)-/.test(value), 'Expected a date between 2003 and 2100'),
);

/** How much of the contact's current e-mail body a list row carries (SPEC §3 `emailBody`; the drawer reads the draft). */
export const contactEmailPreviewLength = 1000;

/** A contact as the API answers it (snake_case; SPEC §3 names). */
export const contactSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    shared_contact_id: z.string().nullable(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string(),
    current_role: z.string(),
    job_title: z.string(),
    company: z.string(),
    linkedin_url: z.string(),
    canonical_linkedin_url: z.string(),
    email: z.string(),
    email_source: z.string(),
    email_qev_status: z.enum(emailQevStatuses).nullable(),
    email_qev_reason: z.string(),
    email_verified_at: z.string().nullable(),
    email_verified: z.boolean(),
    /**
     * the person confirmed this risky (accept-all) address for the contact, so it is sent to (DESIGN §9); false again
     * once the address changes
     */
    email_confirmed_by_user: z.boolean(),
    email_lookup_status: z.enum(emailLookupStatuses).nullable(),
    email_lookup_attempts: z.number().int(),
    email_lookup_last_attempt: z.string().nullable(),
    email_not_found_confidence: z.number(),
    email_pattern_used: z.string(),
    /** SPEC §3 `linkedinData` (`linkedinDataSchema`); null when nobody gave any */
    linkedin_data: z.record(z.string(), z.unknown()).nullable(),
    linkedin_scraped_at: z.string().nullable(),
    data_freshness: z.enum(['fresh', 'stale', 'unknown']),
    unique_perplexity_facts: z.array(z.string()),
    perplexity_searched_at: z.string().nullable(),
    imported_at: z.string(),
    last_updated: z.string(),
    /** when the user connected with the person on LinkedIn (ISO 8601), from a connections import; null: unknown */
    connected_at: z.string().nullable(),
    /** SPEC §4 'Contact e-mail': 'empty' until a draft exists; 'sent' after sending */
    email_status: z.string(),
    /** the contact's current e-mail (its primary draft): its subject, '' without one */
    email_subject: z.string(),
    /** its body: on list rows the first `contactEmailPreviewLength` characters, in full from GET /api/contacts/{id} */
    email_body: z.string(),
    /** SPEC §3 `placeholderAlternatives`: the current e-mail's alternatives for its placeholders ({} without any) */
    placeholder_alternatives: placeholderAlternativesSchema,
    email_sent_at: z.string().nullable(),
    email_provider: z.string(),
    conversation_status: z.string(),
    relationship_status: z.enum(relationshipStatuses),
    email_count: z.number().int(),
    last_email_sent_at: z.string().nullable(),
    /** when the contact last answered, in any of their conversations (SPEC §4 REPLY_RECEIVED); null while never */
    last_reply_at: z.string().nullable(),
    has_active_draft: z.boolean(),
    last_email_status: z.string(),
    ai_strategy: z.string(),
    notes: z.string(),
    /** the language AI e-mails to this contact are written in; null (or absent): the user's (SPEC §3 `language`) */
    email_language: z.enum(emailLanguages).nullable().optional(),
    education: z.array(educationSchema),
    experiences: z.array(experienceSchema),
  }),
);
export type ContactWire = z.infer<typeof contactSchema>;

/** A LinkedIn profile URL as people paste it; canonicalised on the server (scheme, host, trailing slash, query, case). */
export const linkedinUrlSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .max(512)
    .regex(
      /^(https?:\/\/)?([a-z]{2,3}\.)?(www\.)?linkedin\.com\/in\/[^/?#\s]+\/?(\?[^#\s]*)?(#\S*)?$/i,
      'Expected a LinkedIn profile URL such as https://www.linkedin.com/in/ada-lovelace',
    ),
);

/**
 * POST /api/contacts: from a LinkedIn URL (the profile is enriched), or by hand (a name at least). Uses one contact
 * slot (DESIGN §6); over the limit: 402 `contact_limit_reached`.
 */
export const createContactBody = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      linkedin_url: linkedinUrlSchema.optional(),
      name: text(160).optional(),
      first_name: text(80).optional(),
      last_name: text(80).optional(),
      company: text(160).optional(),
      job_title: text(160).optional(),
      email: z.email().max(320).optional(),
      notes: text(4000).optional(),
      /** from a LinkedIn connections import ('Connected On') */
      connected_at: connectedAtSchema.optional(),
      linkedin_data: linkedinDataSchema.optional(),
    })
    .refine((body) => Boolean(body.linkedin_url || body.name || body.first_name || body.last_name), {
      message: 'Give a LinkedIn URL or a name',
      path: ['linkedin_url'],
    }),
);

/** PUT /api/contacts/{id}: partial update of the user's own fields of the contact. */
export const updateContactBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    first_name: text(80).optional(),
    last_name: text(80).optional(),
    company: text(160).optional(),
    job_title: text(160).optional(),
    email: z.union([z.email().max(320), z.literal('')]).optional(),
    notes: text(4000).optional(),
    /** null: back to the user's own language */
    email_language: z.enum(emailLanguages).nullable().optional(),
    relationship_status: z.enum(relationshipStatuses).optional(),
    unique_perplexity_facts: z.array(text(1000)).max(50).optional(),
    perplexity_searched_at: z.string().max(40).nullable().optional(),
    /** null: forgotten */
    connected_at: connectedAtSchema.nullable().optional(),
    /** replaces what the contact holds; null: forgotten */
    linkedin_data: linkedinDataSchema.nullable().optional(),
  }),
);

/**
 * PATCH /api/contacts/{id} (DESIGN §9, camelCase as pinned there): the person confirms the contact's risky address so
 * it is sent to, or takes the confirmation back.
 */
export const confirmContactEmailBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ emailConfirmedByUser: z.boolean() }),
);

export const contactSortFields = ['last_updated', 'name', 'company', 'imported_at'] as const;

/** GET /api/contacts: a page, newest first by default; filters on text and statuses. */
export const listContactsQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** opaque cursor from the previous page */
    cursor: z.string().max(2048).optional(),
    q: z.string().trim().max(160).optional(),
    email_lookup_status: z.enum(emailLookupStatuses).optional(),
    relationship_status: z.enum(relationshipStatuses).optional(),
    sort: z.enum(contactSortFields).default('last_updated'),
    order: z.enum(['asc', 'desc']).default('desc'),
  }),
);

export const contactPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    contacts: z.array(contactSchema),
    next_cursor: z.string().nullable(),
    total: z.number().int(),
  }),
);

export const contactIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id: z.string().min(1).max(64) }));

/** GET /api/contacts/{id}: the contact and its primary draft, or null (SPEC §3: `{contact, draft}`). */
export const contactDetailSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ contact: contactSchema, draft: draftSchema.nullable() }),
);

/** POST /api/contacts/preview: a LinkedIn URL's profile before adding it (uses no slot). */
export const previewContactBody = /* @__PURE__ */ lazySchema(() => z.strictObject({ linkedin_url: linkedinUrlSchema }));
export const contactPreviewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    canonical_linkedin_url: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string(),
    current_role: z.string(),
    company: z.string(),
    education: z.array(educationSchema),
    experiences: z.array(experienceSchema),
    /** already one of the user's contacts */
    existing_contact_id: z.string().nullable(),
  }),
);

/** POST /api/contacts/lookup-email: queue e-mail lookups for some contacts (bulk from the table). */
export const lookupEmailsBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ contact_ids: z.array(z.string().min(1).max(64)).min(1).max(100) }),
);
export const lookupEmailsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ queued: z.array(z.string()), skipped: z.array(z.string()) }),
);

/** SPEC §3 'Quota' (GET /api/profiles/slots). */
export const quotaSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    slotsUsed: z.number().int(),
    slotsAllowed: z.number().int(),
    /** ISO 8601: when the monthly period rolls over */
    slotsRefresh: z.string(),
    plan: z.enum(['free', 'starter', 'pro']),
    bonusSlotsAvailable: z.number().int(),
    totalBonusSlotsEarned: z.number().int(),
    totalBonusSlotsUsed: z.number().int(),
    totalAvailableSlots: z.number().int(),
  }),
);
export type Quota = z.infer<typeof quotaSchema>;

/** The email-lookup queue message: one contact of one user (idempotent on contact + attempt). */
export const emailLookupMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    uid: z.string(),
    contactId: z.string(),
    /** the attempt this message is for (1-based); a redelivery of a spent attempt changes nothing */
    attempt: z.number().int().min(1),
    /** The activity action of the request that queued it (POST /api/contacts/lookup-email), counted once */
    activityId: z.string().min(1).max(64).optional(),
  }),
);
export type EmailLookupMessage = z.infer<typeof emailLookupMessageSchema>;
