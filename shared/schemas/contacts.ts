import * as z from 'zod/mini';
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
    degree: z.optional(z.string()),
    field_of_study: z.optional(z.string()),
    period: z.optional(z.string()),
    school_id: z.optional(z.string()),
    school_linkedin_url: z.optional(z.string()),
    logo_url: z.optional(z.string()),
    start_year: z.optional(z.int()),
    end_year: z.optional(z.int()),
  }),
);

/** SPEC §3 'Experience entry' (defaults: title 'Unknown Position', company 'Unknown Company'). */
export const experienceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: z.string(),
    company: z.string(),
    period: z.optional(z.string()),
    description: z.optional(z.string()),
    location: z.optional(z.string()),
    company_id: z.optional(z.string()),
    company_linkedin_url: z.optional(z.string()),
    company_logo_url: z.optional(z.string()),
    company_public_url: z.optional(z.string()),
    duration: z.optional(z.string()),
    is_current: z.optional(z.boolean()),
    job_type: z.optional(z.string()),
    skills: z.optional(z.array(z.string())),
    start_month: z.optional(z.int()),
    start_year: z.optional(z.int()),
    end_month: z.optional(z.int()),
    end_year: z.optional(z.int()),
  }),
);

/** Verification verdicts of the verification port (DESIGN §5). */
export const emailQevStatuses = ['valid', 'invalid', 'accept_all', 'unknown'] as const;
/** Outcome of a lookup: found and valid, found but risky (accept-all / unknown), not found, failed. */
export const emailLookupStatuses = ['pending', 'found_valid', 'found_risky', 'not_found', 'error'] as const;
export const relationshipStatuses = ['new', 'contacted', 'replied', 'meeting_scheduled', 'closed'] as const;
export type RelationshipStatus = (typeof relationshipStatuses)[number];

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/**
 * SPEC §3 Contact `linkedinData`: what the person's LinkedIn profile says beyond the fields the contact keeps itself
 * (headline, about text, place, skills), as an import or the person gives it. A closed shape with bounds: a 400 for
 * anything else, so a contact never grows by what nobody reads.
 */
export const linkedinDataSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    headline: z.optional(text(300)),
    summary: z.optional(text(4000)),
    location: z.optional(text(200)),
    industry: z.optional(text(200)),
    skills: z.optional(z.array(text(100)).check(z.maxLength(100))),
    languages: z.optional(z.array(text(100)).check(z.maxLength(30))),
    connections: z.optional(z.int().check(z.gte(0), z.lte(100_000))),
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
    .check(z.refine((value) => /^(200[3-9]|20[1-9]\d|2100)-/.test(value), 'Expected a date between 2003 and 2100')),
);

/** How much of the contact's current e-mail body a list row carries (SPEC §3 `emailBody`; the drawer reads the draft). */
export const contactEmailPreviewLength = 1000;

/** A contact as the API answers it (snake_case; SPEC §3 names). */
export const contactSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    shared_contact_id: z.nullable(z.string()),
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
    email_qev_status: z.nullable(z.enum(emailQevStatuses)),
    email_qev_reason: z.string(),
    email_verified_at: z.nullable(z.string()),
    email_verified: z.boolean(),
    /**
     * the person confirmed this risky (accept-all) address for the contact, so it is sent to (DESIGN §9); false again
     * once the address changes
     */
    email_confirmed_by_user: z.boolean(),
    email_lookup_status: z.nullable(z.enum(emailLookupStatuses)),
    email_lookup_attempts: z.int(),
    email_lookup_last_attempt: z.nullable(z.string()),
    email_not_found_confidence: z.number(),
    email_pattern_used: z.string(),
    /** SPEC §3 `linkedinData` (`linkedinDataSchema`); null when nobody gave any */
    linkedin_data: z.nullable(z.record(z.string(), z.unknown())),
    linkedin_scraped_at: z.nullable(z.string()),
    data_freshness: z.enum(['fresh', 'stale', 'unknown']),
    unique_perplexity_facts: z.array(z.string()),
    perplexity_searched_at: z.nullable(z.string()),
    imported_at: z.string(),
    last_updated: z.string(),
    /** when the user connected with the person on LinkedIn (ISO 8601), from a connections import; null: unknown */
    connected_at: z.nullable(z.string()),
    /** SPEC §4 'Contact e-mail': 'empty' until a draft exists; 'sent' after sending */
    email_status: z.string(),
    /** the contact's current e-mail (its primary draft): its subject, '' without one */
    email_subject: z.string(),
    /** its body: on list rows the first `contactEmailPreviewLength` characters, in full from GET /api/contacts/{id} */
    email_body: z.string(),
    /** SPEC §3 `placeholderAlternatives`: the current e-mail's alternatives for its placeholders ({} without any) */
    placeholder_alternatives: placeholderAlternativesSchema,
    email_sent_at: z.nullable(z.string()),
    email_provider: z.string(),
    conversation_status: z.string(),
    relationship_status: z.enum(relationshipStatuses),
    email_count: z.int(),
    last_email_sent_at: z.nullable(z.string()),
    /** when the contact last answered, in any of their conversations (SPEC §4 REPLY_RECEIVED); null while never */
    last_reply_at: z.nullable(z.string()),
    has_active_draft: z.boolean(),
    last_email_status: z.string(),
    ai_strategy: z.string(),
    notes: z.string(),
    /** the language AI e-mails to this contact are written in; null (or absent): the user's (SPEC §3 `language`) */
    email_language: z.optional(z.nullable(z.enum(emailLanguages))),
    education: z.array(educationSchema),
    experiences: z.array(experienceSchema),
  }),
);
export type ContactWire = z.infer<typeof contactSchema>;

/** A LinkedIn profile URL as people paste it; canonicalised on the server (scheme, host, trailing slash, query, case). */
export const linkedinUrlSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(z.trim())
    .check(z.maxLength(512))
    .check(
      z.regex(
        /^(https?:\/\/)?([a-z]{2,3}\.)?(www\.)?linkedin\.com\/in\/[^/?#\s]+\/?(\?[^#\s]*)?(#\S*)?$/i,
        'Expected a LinkedIn profile URL such as https://www.linkedin.com/in/ada-lovelace',
      ),
    ),
);

/**
 * POST /api/contacts: from a LinkedIn URL (the profile is enriched), or by hand (a name at least). Uses one contact
 * slot (DESIGN §6); over the limit: 402 `contact_limit_reached`.
 */
export const createContactBody = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      linkedin_url: z.optional(linkedinUrlSchema),
      name: z.optional(text(160)),
      first_name: z.optional(text(80)),
      last_name: z.optional(text(80)),
      company: z.optional(text(160)),
      job_title: z.optional(text(160)),
      email: z.optional(z.email().check(z.maxLength(320))),
      notes: z.optional(text(4000)),
      /** from a LinkedIn connections import ('Connected On') */
      connected_at: z.optional(connectedAtSchema),
      linkedin_data: z.optional(linkedinDataSchema),
    })
    .check(
      z.refine((body) => Boolean(body.linkedin_url || body.name || body.first_name || body.last_name), {
        message: 'Give a LinkedIn URL or a name',
        path: ['linkedin_url'],
      }),
    ),
);

/** PUT /api/contacts/{id}: partial update of the user's own fields of the contact. */
export const updateContactBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    first_name: z.optional(text(80)),
    last_name: z.optional(text(80)),
    company: z.optional(text(160)),
    job_title: z.optional(text(160)),
    email: z.optional(z.union([z.email().check(z.maxLength(320)), z.literal('')])),
    notes: z.optional(text(4000)),
    /** null: back to the user's own language */
    email_language: z.optional(z.nullable(z.enum(emailLanguages))),
    relationship_status: z.optional(z.enum(relationshipStatuses)),
    unique_perplexity_facts: z.optional(z.array(text(1000)).check(z.maxLength(50))),
    perplexity_searched_at: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
    /** null: forgotten */
    connected_at: z.optional(z.nullable(connectedAtSchema)),
    /** replaces what the contact holds; null: forgotten */
    linkedin_data: z.optional(z.nullable(linkedinDataSchema)),
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
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
    /** opaque cursor from the previous page */
    cursor: z.optional(z.string().check(z.maxLength(2048))),
    q: z.optional(z.string().check(z.trim(), z.maxLength(160))),
    email_lookup_status: z.optional(z.enum(emailLookupStatuses)),
    relationship_status: z.optional(z.enum(relationshipStatuses)),
    sort: z._default(z.enum(contactSortFields), 'last_updated'),
    order: z._default(z.enum(['asc', 'desc']), 'desc'),
  }),
);

export const contactPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    contacts: z.array(contactSchema),
    next_cursor: z.nullable(z.string()),
    total: z.int(),
  }),
);

export const contactIdParams = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
);

/** GET /api/contacts/{id}: the contact and its primary draft, or null (SPEC §3: `{contact, draft}`). */
export const contactDetailSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ contact: contactSchema, draft: z.nullable(draftSchema) }),
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
    existing_contact_id: z.nullable(z.string()),
  }),
);

/** POST /api/contacts/lookup-email: queue e-mail lookups for some contacts (bulk from the table). */
export const lookupEmailsBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contact_ids: z
      .array(z.string().check(z.minLength(1), z.maxLength(64)))
      .check(z.minLength(1))
      .check(z.maxLength(100)),
  }),
);
export const lookupEmailsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ queued: z.array(z.string()), skipped: z.array(z.string()) }),
);

/** SPEC §3 'Quota' (GET /api/profiles/slots). */
export const quotaSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    slotsUsed: z.int(),
    slotsAllowed: z.int(),
    /** ISO 8601: when the monthly period rolls over */
    slotsRefresh: z.string(),
    plan: z.enum(['free', 'starter', 'pro']),
    bonusSlotsAvailable: z.int(),
    totalBonusSlotsEarned: z.int(),
    totalBonusSlotsUsed: z.int(),
    totalAvailableSlots: z.int(),
  }),
);
export type Quota = z.infer<typeof quotaSchema>;

/** The email-lookup queue message: one contact of one user (idempotent on contact + attempt). */
export const emailLookupMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    uid: z.string(),
    contactId: z.string(),
    /** the attempt this message is for (1-based); a redelivery of a spent attempt changes nothing */
    attempt: z.int().check(z.gte(1)),
    /** The activity action of the request that queued it (POST /api/contacts/lookup-email), counted once */
    activityId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
);
export type EmailLookupMessage = z.infer<typeof emailLookupMessageSchema>;
