import { Entity, type EntityItem } from 'electrodb';
import { emailQevStatuses } from '../../shared/schemas/contacts.js';
import type { DataClient } from './client.js';
import { educationAttribute, experiencesAttribute } from './contact.js';

const text = { type: 'string', default: '' } as const;

/**
 * A shared professional profile (DESIGN §3): `SHARED#<canonical LinkedIn URL>` / `PROFILE`, reused by every user who
 * adds that person. It caches the enrichment (refreshed when `linkedinScrapedAt` is older than 30 days) and the
 * e-mail a lookup found, so the next user gets it without a lookup.
 */
export const sharedProfileEntity = (data: DataClient) =>
  new Entity(
    {
      model: { entity: 'sharedProfile', version: '1', service: 'outreach' },
      attributes: {
        canonicalLinkedinUrl: { type: 'string', required: true, readOnly: true },
        name: text,
        firstName: text,
        lastName: text,
        avatarUrl: text,
        currentRole: text,
        company: text,
        /** the current employer's web domain, e.g. northwind.example (e-mail candidates) */
        companyDomain: text,
        education: educationAttribute,
        experiences: experiencesAttribute,
        linkedinScrapedAt: { type: 'string' },
        dataFreshness: { type: ['fresh', 'stale', 'unknown'] as const, default: 'unknown' },
        /** the found address (a lookup whose verdict was valid) */
        email: text,
        emailQevStatus: { type: emailQevStatuses },
        emailVerifiedAt: { type: 'string' },
        emailPatternUsed: text,
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        // the shared profile of a canonical LinkedIn URL
        byUrl: {
          pk: { field: 'pk', composite: ['canonicalLinkedinUrl'], template: 'SHARED#${canonicalLinkedinUrl}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
        },
      },
    },
    data,
  );

export type SharedProfileEntity = ReturnType<typeof sharedProfileEntity>;
export type SharedProfileItem = EntityItem<SharedProfileEntity>;
