import { Entity, type EntityItem } from 'electrodb';
import { emailLookupStatuses, emailQevStatuses, relationshipStatuses } from '../../shared/schemas/contacts.js';
import type { DataClient } from './client.js';

const text = { type: 'string', default: '' } as const;
const optionalText = { type: 'string' } as const;

/** SPEC §3 'Education entry' as stored (camelCase; the wire mapping is in lambdas/contacts/wire.ts). */
export const educationAttribute = {
  type: 'list',
  default: () => [],
  items: {
    type: 'map',
    properties: {
      institution: { type: 'string', required: true },
      degree: optionalText,
      fieldOfStudy: optionalText,
      period: optionalText,
      schoolId: optionalText,
      schoolLinkedinUrl: optionalText,
      logoUrl: optionalText,
      startYear: { type: 'number' },
      endYear: { type: 'number' },
    },
  },
} as const;

/** SPEC §3 'Experience entry' as stored. */
export const experiencesAttribute = {
  type: 'list',
  default: () => [],
  items: {
    type: 'map',
    properties: {
      title: { type: 'string', required: true },
      company: { type: 'string', required: true },
      period: optionalText,
      description: optionalText,
      location: optionalText,
      companyId: optionalText,
      companyLinkedinUrl: optionalText,
      companyLogoUrl: optionalText,
      companyPublicUrl: optionalText,
      duration: optionalText,
      isCurrent: { type: 'boolean' },
      jobType: optionalText,
      skills: { type: 'list', items: { type: 'string' } },
      startMonth: { type: 'number' },
      startYear: { type: 'number' },
      endMonth: { type: 'number' },
      endYear: { type: 'number' },
    },
  },
} as const;

/**
 * One contact of one user (SPEC §3 'Contact'): `USER#<sub>` / `CONTACT#<ulid>`. It holds the user's own fields and a
 * snapshot of the shared professional profile taken when it was added (name, avatar, role, education, experiences),
 * so a page of the list is one Query; the shared profile (`SHARED#<url>`) is the cache enrichment writes to.
 */
export const contactEntity = (data: DataClient) =>
  new Entity(
    {
      model: { entity: 'contact', version: '1', service: 'outreach' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        contactId: { type: 'string', required: true, readOnly: true },
        name: text,
        firstName: text,
        lastName: text,
        avatarUrl: text,
        currentRole: text,
        jobTitle: text,
        company: text,
        /** the URL as the user gave it */
        linkedinUrl: text,
        /** lambdas/contacts/linkedin-url.ts; '' for a contact added by hand */
        canonicalLinkedinUrl: text,
        /** the shared profile's id (its canonical URL); absent for a contact added by hand */
        sharedContactId: optionalText,
        email: text,
        /** 'manual' | 'shared_profile' | 'lookup' | '' */
        emailSource: text,
        emailQevStatus: { type: emailQevStatuses },
        emailQevReason: text,
        emailVerifiedAt: optionalText,
        emailLookupStatus: { type: emailLookupStatuses },
        emailLookupAttempts: { type: 'number', default: 0 },
        emailLookupLastAttempt: optionalText,
        emailNotFoundConfidence: { type: 'number', default: 0 },
        emailPatternUsed: text,
        linkedinScrapedAt: optionalText,
        uniquePerplexityFacts: { type: 'list', items: { type: 'string' }, default: () => [] },
        perplexitySearchedAt: optionalText,
        connectedAt: optionalText,
        emailStatus: { type: 'string', default: 'empty' },
        emailSubject: text,
        emailBody: text,
        emailSentAt: optionalText,
        emailProvider: text,
        conversationStatus: text,
        relationshipStatus: { type: relationshipStatuses, default: 'new' },
        emailCount: { type: 'number', default: 0 },
        lastEmailSentAt: optionalText,
        hasActiveDraft: { type: 'boolean', default: false },
        lastEmailStatus: text,
        aiStrategy: text,
        notes: text,
        education: educationAttribute,
        experiences: experiencesAttribute,
        importedAt: { type: 'string', required: true },
        lastUpdated: { type: 'string', required: true },
      },
      indexes: {
        // one contact of a user; all of a user's contacts (begins_with CONTACT#)
        byUser: {
          pk: { field: 'pk', composite: ['uid'], template: 'USER#${uid}', casing: 'none' },
          sk: { field: 'sk', composite: ['contactId'], template: 'CONTACT#${contactId}', casing: 'none' },
        },
        // the contacts of a user by last update, newest first (the dashboard's default order)
        byLastUpdated: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'], template: 'USER#${uid}#CONTACTS', casing: 'none' },
          sk: {
            field: 'gsi1sk',
            composite: ['lastUpdated', 'contactId'],
            template: '${lastUpdated}#${contactId}',
            casing: 'none',
          },
        },
      },
    },
    data,
  );

export type ContactEntity = ReturnType<typeof contactEntity>;
export type ContactItem = EntityItem<ContactEntity>;

/**
 * The claim a user's contact has on a canonical LinkedIn URL: `USER#<sub>` / `CONTACTURL#<canonical url>`. Written in
 * the same transaction as the contact (attribute_not_exists), so one user never holds the same person twice, even
 * under concurrent adds; removed with the contact.
 */
export const contactUrlEntity = (data: DataClient) =>
  new Entity(
    {
      model: { entity: 'contactUrl', version: '1', service: 'outreach' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        canonicalLinkedinUrl: { type: 'string', required: true, readOnly: true },
        contactId: { type: 'string', required: true },
      },
      indexes: {
        // the user's contact of a canonical LinkedIn URL (duplicates, preview's existing_contact_id)
        byUrl: {
          pk: { field: 'pk', composite: ['uid'], template: 'USER#${uid}', casing: 'none' },
          sk: {
            field: 'sk',
            composite: ['canonicalLinkedinUrl'],
            template: 'CONTACTURL#${canonicalLinkedinUrl}',
            casing: 'none',
          },
        },
      },
    },
    data,
  );

export type ContactUrlEntity = ReturnType<typeof contactUrlEntity>;
