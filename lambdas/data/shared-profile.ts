import { GetCommand, UpdateCommand } from './dynamo.js';
import type { DataClient } from './client.js';
import type { LinkedinData } from '../../shared/schemas/contacts.js';
import type { EducationEntry, EmailQevStatus, ExperienceEntry } from './contact.js';
import { writtenIf } from './entity/condition.js';
import { asCasedNow } from './profile-casing.js';
import { itemExists, updateParams } from './expressions.js';

/**
 * A shared professional profile (DESIGN §3): `SHARED#<canonical LinkedIn URL>` / `PROFILE`, reused by every user who
 * adds that person. It caches the enrichment (refreshed when `linkedinScrapedAt` is older than 30 days) and the
 * e-mail a lookup found, so the next user gets it without a lookup.
 */
export type SharedProfileItem = {
  canonicalLinkedinUrl: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  avatarUrl?: string;
  currentRole?: string;
  company?: string;
  /** the current employer's web domain, e.g. northwind.example (e-mail candidates) */
  companyDomain?: string;
  education?: EducationEntry[];
  experiences?: ExperienceEntry[];
  /** SPEC §3 `linkedinData` as enrichment gives it */
  linkedinData?: LinkedinData;
  linkedinScrapedAt?: string;
  dataFreshness?: 'fresh' | 'stale' | 'unknown';
  /** the found address (a lookup whose verdict was valid) */
  email?: string;
  emailQevStatus?: EmailQevStatus;
  emailVerifiedAt?: string;
  emailPatternUsed?: string;
  /** recent, specific facts the research port found about the person (the AI e-mail's insights), newest first */
  uniquePerplexityFacts?: string[];
  /** when they were searched for; reused for `insightsMaxAgeMs` */
  perplexitySearchedAt?: string;
  updatedAt: string;
};

/** Facts about a person are searched again after 30 days. */
export const insightsMaxAgeMs = 30 * 24 * 60 * 60_000;

export const sharedProfileRecord = 'sharedProfile';

const sharedTextDefaults = {
  name: '',
  firstName: '',
  lastName: '',
  avatarUrl: '',
  currentRole: '',
  company: '',
  companyDomain: '',
  email: '',
  emailPatternUsed: '',
  education: [],
  experiences: [],
  dataFreshness: 'unknown',
} as const;

export const sharedProfileKey = (canonicalLinkedinUrl: string) => ({
  pk: `SHARED#${canonicalLinkedinUrl}`,
  sk: 'PROFILE',
});

// the shared profile of a canonical LinkedIn URL (GetItem); null when nobody added that person yet
export const getSharedProfile = async (
  db: DataClient,
  canonicalLinkedinUrl: string,
): Promise<SharedProfileItem | null> => {
  const { Item } = await db.documents.send(
    new GetCommand({ TableName: db.table, Key: sharedProfileKey(canonicalLinkedinUrl) }),
  );
  return Item ? asCasedNow({ ...Item, canonicalLinkedinUrl } as SharedProfileItem) : null;
};

/** Stores a (fresh) enrichment of a person, creating the profile if needed; a found e-mail on it stays. */
export const upsertSharedProfile = async (
  db: DataClient,
  canonicalLinkedinUrl: string,
  fields: Omit<
    SharedProfileItem,
    'canonicalLinkedinUrl' | 'email' | 'emailQevStatus' | 'emailVerifiedAt' | 'emailPatternUsed'
  >,
): Promise<SharedProfileItem> => {
  const { Attributes } = await db.documents.send(
    new UpdateCommand({
      ...updateParams(db.table, sharedProfileKey(canonicalLinkedinUrl), {
        set: fields,
        // a new profile holds every text field; a found e-mail already on it stays
        setIfMissing: { ...sharedTextDefaults, canonicalLinkedinUrl, entity: sharedProfileRecord },
      }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return { ...Attributes, canonicalLinkedinUrl } as SharedProfileItem;
};

/**
 * Keeps a found, valid address on an existing shared profile, only while it holds the enrichment whose names and
 * domain the address was built from (`linkedinScrapedAt` as read): an address is shared only when it came from the
 * vendor's data. False when the profile is gone or was enriched again since.
 */
export const storeSharedEmail = async (
  db: DataClient,
  canonicalLinkedinUrl: string,
  fields: Pick<SharedProfileItem, 'email' | 'emailQevStatus' | 'emailVerifiedAt' | 'emailPatternUsed' | 'updatedAt'>,
  builtFrom: Pick<SharedProfileItem, 'linkedinScrapedAt'>,
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(db.table, sharedProfileKey(canonicalLinkedinUrl), { set: fields }, (p) => {
          const scrapedAt = p.name('linkedinScrapedAt');
          const sameEnrichment = builtFrom.linkedinScrapedAt
            ? `${scrapedAt} = ${p.value(builtFrom.linkedinScrapedAt)}`
            : `attribute_not_exists(${scrapedAt})`;
          return `${itemExists(p)} AND ${sameEnrichment}`;
        }),
      ),
    ),
  );

/**
 * Keeps the facts a search found on an existing shared profile, unless a later search's are there already (of two
 * overlapping searches the later one wins). False when the profile is gone or holds newer facts.
 */
export const storeInsights = (
  db: DataClient,
  canonicalLinkedinUrl: string,
  insights: { facts: string[]; searchedAt: string },
) =>
  writtenIf(
    db.documents.send(
      new UpdateCommand(
        updateParams(
          db.table,
          sharedProfileKey(canonicalLinkedinUrl),
          { set: { uniquePerplexityFacts: insights.facts, perplexitySearchedAt: insights.searchedAt } },
          (p) => {
            const at = p.name('perplexitySearchedAt');
            return `${itemExists(p)} AND (attribute_not_exists(${at}) OR ${at} < ${p.value(insights.searchedAt)})`;
          },
        ),
      ),
    ),
  );
