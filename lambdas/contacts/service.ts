import { isUsableEmail, mayLookUp } from './lookup-rules.js';
import { monotonicFactory } from 'ulid';
import type * as z from 'zod';
import { plans } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import type {
  ContactWire,
  createContactBody,
  listContactsQuery,
  lookupEmailsBody,
  previewContactBody,
  updateContactBody,
} from '../../shared/schemas/contacts.js';
import type { EmailLookupMessage } from '../../shared/schemas/contacts.js';
import { created } from '../core/envelope.js';
import { HttpError, badRequest, notFound } from '../core/errors.js';
import type { ContactItem } from '../data/contact.js';
import type { SharedProfileItem } from '../data/shared-profile.js';
import type { EnrichedProfile, EnrichmentPort } from '../providers/enrichment/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import { getContact, getSharedProfile, type ContactStore } from './contact-store.js';
import { canonicalLinkedinUrl } from './linkedin-url.js';
import { currentQuota, nextSlot, slotsAllowed, toQuota } from './quota.js';
import { dataFreshness, toContactWire } from './wire.js';

export type ContactsDeps = {
  store: ContactStore;
  /** People Data Labs (the sandbox locally); null when no key is configured: profiles stay as the user typed them */
  enrichment: EnrichmentPort | null;
  queue: QueuePort;
  now: () => Date;
  newId: () => string;
};

const ulid = monotonicFactory();
export const newContactId = () => ulid();

type CreateBody = z.infer<typeof createContactBody>;
type UpdateBody = z.infer<typeof updateContactBody>;
type ListQuery = z.infer<typeof listContactsQuery>;

/** Whether a lookup (or the verification of a typed address) has something to work from. */
const lookupPossible = (item: ContactItem) => Boolean(item.email) || Boolean(item.canonicalLinkedinUrl);

const badUrl = () =>
  badRequest(messages.contacts.invalidLinkedinUrl, [{ field: 'body.linkedin_url', message: messages.contacts.invalidLinkedinUrl }]);

const canonicalOrThrow = (url: string) => {
  const canonical = canonicalLinkedinUrl(url);
  if (!canonical) throw badUrl();
  return canonical;
};

const duplicate = (existingContactId: string) =>
  new HttpError(409, messages.contacts.duplicate, {
    code: 'duplicate_contact',
    details: { existing_contact_id: existingContactId },
  });

const limitReached = (plan: keyof typeof plans) =>
  new HttpError(402, messages.contacts.limitReached(slotsAllowed(plan), plans[plan].label), {
    code: 'contact_limit_reached',
  });

const contactNotFound = () => notFound(messages.contacts.notFound);

const freshMs = 30 * 24 * 60 * 60 * 1000;

/**
 * The shared profile of a canonical URL: reused while younger than 30 days, else enriched again and stored (DESIGN
 * §3). Null when the enrichment vendor knows no such person (and nothing was cached).
 */
const sharedProfileFor = async (deps: ContactsDeps, canonical: string): Promise<SharedProfileItem | null> => {
  const now = deps.now();
  const cached = await getSharedProfile(deps.store, canonical);
  if (cached?.linkedinScrapedAt && now.getTime() - new Date(cached.linkedinScrapedAt).getTime() < freshMs) return cached;
  if (!deps.enrichment) return cached;
  const profile = await deps.enrichment.enrich(canonical);
  if (!profile) return cached;
  return storeSharedProfile(deps, canonical, profile, now);
};

const storeSharedProfile = async (deps: ContactsDeps, canonical: string, profile: EnrichedProfile, now: Date) => {
  const scrapedAt = now.toISOString();
  // an upsert of the profile's fields only: a found e-mail on it stays
  const { data } = await deps.store.sharedProfiles
    .upsert({ canonicalLinkedinUrl: canonical, ...profile, linkedinScrapedAt: scrapedAt, dataFreshness: 'fresh', updatedAt: scrapedAt })
    .go({ response: 'all_new' });
  return data as SharedProfileItem;
};

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

/** The contact a create makes: the shared profile's snapshot, the user's own fields over it. */
const newContact = (
  deps: ContactsDeps,
  uid: string,
  body: CreateBody,
  canonical: string | null,
  shared: SharedProfileItem | null,
): ContactItem => {
  const now = deps.now().toISOString();
  const fromName = body.name ? splitName(body.name) : { firstName: '', lastName: '' };
  const firstName = body.first_name ?? (fromName.firstName || shared?.firstName || '');
  const lastName = body.last_name ?? (fromName.lastName || shared?.lastName || '');
  const givenName = body.name ?? (body.first_name || body.last_name ? `${firstName} ${lastName}`.trim() : '');
  const sharedEmail = !body.email && shared?.email && shared.emailQevStatus === 'valid' ? shared : null;
  return {
    uid,
    contactId: deps.newId(),
    name: givenName || shared?.name || `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    avatarUrl: shared?.avatarUrl ?? '',
    currentRole: shared?.currentRole ?? '',
    jobTitle: body.job_title ?? shared?.currentRole ?? '',
    company: body.company ?? shared?.company ?? '',
    linkedinUrl: body.linkedin_url ?? '',
    canonicalLinkedinUrl: canonical ?? '',
    ...(canonical ? { sharedContactId: canonical } : {}),
    ...(shared?.linkedinScrapedAt ? { linkedinScrapedAt: shared.linkedinScrapedAt } : {}),
    education: shared?.education ?? [],
    experiences: shared?.experiences ?? [],
    notes: body.notes ?? '',
    ...(body.email
      ? { email: body.email.toLowerCase(), emailSource: 'manual', emailLookupStatus: 'pending' as const }
      : sharedEmail
        ? {
            email: sharedEmail.email,
            emailSource: 'shared_profile',
            emailQevStatus: 'valid' as const,
            emailLookupStatus: 'found_valid' as const,
            emailPatternUsed: sharedEmail.emailPatternUsed ?? '',
            ...(sharedEmail.emailVerifiedAt ? { emailVerifiedAt: sharedEmail.emailVerifiedAt } : {}),
          }
        : canonical
          ? { emailLookupStatus: 'pending' as const }
          : {}),
    emailLookupAttempts: 0,
    importedAt: now,
    lastUpdated: now,
  } as ContactItem;
};

const lookupMessage = (item: ContactItem): EmailLookupMessage => ({
  uid: item.uid,
  contactId: item.contactId,
  attempt: (item.emailLookupAttempts ?? 0) + 1,
});

const isCanceledBy = (code: string) => (entry: { code: string }) => entry.code === code;

/**
 * POST /api/contacts: one slot, the contact and its URL claim in ONE transaction (DESIGN §3), so concurrent adds never
 * spend more slots than are left and a user never holds the same person twice. Over the limit: 402, nothing written.
 */
export const createContact = async (deps: ContactsDeps, uid: string, body: CreateBody) => {
  const canonical = body.linkedin_url ? canonicalOrThrow(body.linkedin_url) : null;
  if (canonical) {
    const claim = (await deps.store.contactUrls.get({ uid, canonicalLinkedinUrl: canonical }).go()).data;
    if (claim) throw duplicate(claim.contactId);
  }
  let quota = await currentQuota(deps.store, uid, deps.now());
  if (!nextSlot(quota)) throw limitReached(quota.plan);

  const shared = canonical ? await sharedProfileFor(deps, canonical) : null;
  if (canonical && !shared && !body.name && !body.first_name && !body.last_name) {
    throw new HttpError(404, messages.contacts.profileNotFound, { code: 'profile_not_found' });
  }
  const item = newContact(deps, uid, body, canonical, shared);

  for (let round = 0; ; round += 1) {
    const slot = nextSlot(quota);
    if (!slot) throw limitReached(quota.plan);
    const { periodStart } = quota;
    const allowed = slotsAllowed(quota.plan);
    const result = await deps.store.service.transaction
      .write(({ contacts, contactUrls, quotas }) => [
        // the check and the use in one conditional write: the period seen, and a slot of the kind chosen still there
        slot === 'bonus'
          ? quotas
              .patch({ uid })
              .add({ totalBonusSlotsUsed: 1, contactCount: 1 })
              .subtract({ bonusSlotsAvailable: 1 })
              .where((attr, { eq, gt }) => `${eq(attr.periodStart, periodStart)} AND ${gt(attr.bonusSlotsAvailable, 0)}`)
              .commit()
          : quotas
              .patch({ uid })
              .add({ slotsUsed: 1, contactCount: 1 })
              .where((attr, { eq, lt }) => `${eq(attr.periodStart, periodStart)} AND ${lt(attr.slotsUsed, allowed)}`)
              .commit(),
        contacts.create(item).commit(),
        ...(canonical ? [contactUrls.create({ uid, canonicalLinkedinUrl: canonical, contactId: item.contactId }).commit()] : []),
      ])
      .go();
    if (!result.canceled) break;
    const quotaResult = result.data[0];
    const claimResult = canonical ? result.data.at(2) : undefined;
    if (claimResult && isCanceledBy('ConditionalCheckFailed')(claimResult)) {
      const claim = (await deps.store.contactUrls.get({ uid, canonicalLinkedinUrl: canonical! }).go()).data;
      throw duplicate(claim?.contactId ?? '');
    }
    if (round >= 20) throw new Error('Adding the contact kept conflicting with other writes');
    // the quota moved under us (another add, a roll-over) or a concurrent transaction held it: read it and try again
    if (quotaResult?.code === 'TransactionConflict' || result.data.some(isCanceledBy('TransactionConflict'))) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (round + 1)));
    }
    quota = await currentQuota(deps.store, uid, deps.now());
  }

  if (lookupPossible(item) && !isUsableEmail(item) && mayLookUp(item)) {
    await deps.queue.send('email-lookup', lookupMessage(item));
  }
  return created(toContactWire(item, deps.now()));
};

/** The fields the list filters and sorts on in memory (a projection keeps the read small). */
const listAttributes = [
  'uid',
  'contactId',
  'name',
  'firstName',
  'lastName',
  'company',
  'jobTitle',
  'currentRole',
  'importedAt',
  'lastUpdated',
  'emailLookupStatus',
  'relationshipStatus',
] as const;

type Cursor = { offset: number };
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
const decodeCursor = (value: string | undefined): Cursor => {
  if (!value) return { offset: 0 };
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof parsed.offset === 'number' && Number.isInteger(parsed.offset) && parsed.offset >= 0) return { offset: parsed.offset };
  } catch {
    // refused below
  }
  throw badRequest(messages.validation.failed, [{ field: 'cursor', message: 'Unknown cursor' }]);
};

const sortValue = (item: Pick<ContactItem, (typeof listAttributes)[number]>, sort: ListQuery['sort']) =>
  sort === 'name'
    ? (item.name || `${item.firstName ?? ''} ${item.lastName ?? ''}`).toLocaleLowerCase()
    : sort === 'company'
      ? (item.company ?? '').toLocaleLowerCase()
      : sort === 'imported_at'
        ? item.importedAt
        : item.lastUpdated;

/**
 * GET /api/contacts. The default order (last updated, no filters) is one Query on gsi1 plus the quota's contact count
 * for `total`. Any filter or other sort reads the user's contacts through the same index with a projection, filters
 * and sorts in memory, and fetches the page's full items with one BatchGet (`npm run bench` measures both at 5,000).
 */
export const listContacts = async (deps: ContactsDeps, uid: string, query: ListQuery) => {
  const now = deps.now();
  const simple = query.sort === 'last_updated' && !query.q && !query.email_lookup_status && !query.relationship_status;
  if (simple) {
    const [page, quota] = await Promise.all([
      deps.store.contacts.query
        .byLastUpdated({ uid })
        .go({ limit: query.limit, order: query.order, ...(query.cursor ? { cursor: query.cursor } : {}) })
        .catch((error: unknown) => {
          if (query.cursor && error instanceof Error && /cursor/i.test(error.message)) {
            throw badRequest(messages.validation.failed, [{ field: 'cursor', message: 'Unknown cursor' }]);
          }
          throw error;
        }),
      deps.store.quotas.get({ uid }).go({ attributes: ['contactCount'] }),
    ]);
    return {
      contacts: page.data.map((item) => toContactWire(item, now)),
      next_cursor: page.cursor ?? null,
      total: quota.data?.contactCount ?? page.data.length,
    };
  }

  const { offset } = decodeCursor(query.cursor);
  const all = await deps.store.contacts.query.byLastUpdated({ uid }).go({ pages: 'all', attributes: [...listAttributes] });
  const needle = query.q?.toLocaleLowerCase();
  const matching = all.data.filter(
    (item) =>
      (!needle ||
        [item.name, item.firstName, item.lastName, item.company, item.jobTitle, item.currentRole].some((field) =>
          (field ?? '').toLocaleLowerCase().includes(needle),
        )) &&
      (!query.email_lookup_status || item.emailLookupStatus === query.email_lookup_status) &&
      (!query.relationship_status || (item.relationshipStatus ?? 'new') === query.relationship_status),
  );
  const direction = query.order === 'asc' ? 1 : -1;
  matching.sort((a, b) => {
    const byField = sortValue(a, query.sort).localeCompare(sortValue(b, query.sort));
    return (byField || a.contactId.localeCompare(b.contactId)) * direction;
  });
  const slice = matching.slice(offset, offset + query.limit);
  const full = slice.length
    ? (await deps.store.contacts.get(slice.map(({ contactId }) => ({ uid, contactId }))).go()).data
    : [];
  const byId = new Map(full.map((item) => [item.contactId, item]));
  return {
    contacts: slice.flatMap(({ contactId }) => {
      const item = byId.get(contactId);
      return item ? [toContactWire(item, now)] : [];
    }),
    next_cursor: offset + query.limit < matching.length ? encodeCursor({ offset: offset + query.limit }) : null,
    total: matching.length,
  };
};

/** GET /api/contacts/recent: the 10 most recently updated. */
export const recentContacts = async (deps: ContactsDeps, uid: string) => {
  const page = await deps.store.contacts.query.byLastUpdated({ uid }).go({ limit: 10, order: 'desc' });
  const now = deps.now();
  return page.data.map((item) => toContactWire(item, now));
};

const ownContact = async (deps: ContactsDeps, uid: string, contactId: string) => {
  const item = await getContact(deps.store, uid, contactId);
  if (!item) throw contactNotFound();
  return item;
};

/** GET /api/contacts/{id}: drafts come with a later issue, so `draft` is null. */
export const getOne = async (deps: ContactsDeps, uid: string, contactId: string) => ({
  contact: toContactWire(await ownContact(deps, uid, contactId), deps.now()),
  draft: null,
});

/** PUT /api/contacts/{id}: the user's own fields; a new e-mail is verified like a typed one (a lookup message). */
export const updateContact = async (deps: ContactsDeps, uid: string, contactId: string, body: UpdateBody) => {
  const current = await ownContact(deps, uid, contactId);
  const firstName = body.first_name ?? current.firstName ?? '';
  const lastName = body.last_name ?? current.lastName ?? '';
  const emailChanged = body.email !== undefined && body.email.toLowerCase() !== (current.email ?? '');
  const changes: Partial<ContactItem> = {
    ...(body.first_name !== undefined && { firstName }),
    ...(body.last_name !== undefined && { lastName }),
    ...((body.first_name !== undefined || body.last_name !== undefined) && { name: `${firstName} ${lastName}`.trim() }),
    ...(body.company !== undefined && { company: body.company }),
    ...(body.job_title !== undefined && { jobTitle: body.job_title }),
    ...(body.notes !== undefined && { notes: body.notes }),
    ...(body.relationship_status !== undefined && { relationshipStatus: body.relationship_status }),
    ...(body.unique_perplexity_facts !== undefined && { uniquePerplexityFacts: body.unique_perplexity_facts }),
    ...(body.perplexity_searched_at != null && { perplexitySearchedAt: body.perplexity_searched_at }),
    ...(emailChanged && {
      email: body.email!.toLowerCase(),
      emailSource: body.email ? 'manual' : '',
      emailQevReason: '',
      emailPatternUsed: '',
      // the attempt count stays: a typed address is checked as the next attempt, so retyping cannot get around SPEC §5
      emailNotFoundConfidence: 0,
      ...(body.email ? { emailLookupStatus: 'pending' as const } : {}),
    }),
    lastUpdated: deps.now().toISOString(),
  };
  const removals = [
    ...(body.perplexity_searched_at === null ? (['perplexitySearchedAt'] as const) : []),
    ...(emailChanged ? (['emailQevStatus', 'emailVerifiedAt', 'emailLookupLastAttempt'] as const) : []),
    ...(emailChanged && !body.email ? (['emailLookupStatus'] as const) : []),
  ];
  let update = deps.store.contacts.patch({ uid, contactId }).set(changes);
  if (removals.length) update = update.remove([...removals]);
  const { data } = await update.go({ response: 'all_new' }).catch((error: unknown) => {
    if (error instanceof Error && /conditional/i.test(error.message)) throw contactNotFound();
    throw error;
  });
  const item = data as ContactItem;
  if (emailChanged && item.email) await deps.queue.send('email-lookup', lookupMessage(item));
  return toContactWire(item, deps.now());
};

/** DELETE /api/contacts/{id}: the contact, its URL claim and the count in one transaction; the slot stays spent. */
export const deleteContact = async (deps: ContactsDeps, uid: string, contactId: string) => {
  const current = await ownContact(deps, uid, contactId);
  const result = await deps.store.service.transaction
    .write(({ contacts, contactUrls, quotas }) => [
      contacts
        .delete({ uid, contactId })
        .where((attr, { exists }) => exists(attr.contactId))
        .commit(),
      ...(current.canonicalLinkedinUrl
        ? [contactUrls.delete({ uid, canonicalLinkedinUrl: current.canonicalLinkedinUrl }).commit()]
        : []),
      quotas.patch({ uid }).subtract({ contactCount: 1 }).commit(),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.code === 'ConditionalCheckFailed') throw contactNotFound();
    throw new Error(`Deleting the contact was refused: ${result.data.map((entry) => entry.code).join(', ')}`);
  }
  return { deleted: true };
};

/** POST /api/contacts/preview: the profile of a URL before adding it; uses no slot. */
export const previewContact = async (deps: ContactsDeps, uid: string, body: z.infer<typeof previewContactBody>) => {
  const canonical = canonicalOrThrow(body.linkedin_url);
  const [claim, shared] = await Promise.all([
    deps.store.contactUrls.get({ uid, canonicalLinkedinUrl: canonical }).go(),
    sharedProfileFor(deps, canonical),
  ]);
  if (!shared) throw new HttpError(404, messages.contacts.profileNotFound, { code: 'profile_not_found' });
  const wire = toContactWire(
    { uid, contactId: '', importedAt: '', lastUpdated: '', ...shared } as unknown as ContactItem,
    deps.now(),
  );
  return {
    canonical_linkedin_url: canonical,
    name: shared.name ?? '',
    first_name: shared.firstName ?? '',
    last_name: shared.lastName ?? '',
    avatar_url: shared.avatarUrl ?? '',
    current_role: shared.currentRole ?? '',
    company: shared.company ?? '',
    education: wire.education,
    experiences: wire.experiences,
    existing_contact_id: claim.data?.contactId ?? null,
  };
};

/** POST /api/contacts/lookup-email: queues the contacts SPEC §5 allows a lookup for; the rest are reported skipped. */
export const lookupEmails = async (deps: ContactsDeps, uid: string, body: z.infer<typeof lookupEmailsBody>) => {
  const ids = [...new Set(body.contact_ids)];
  const { data } = await deps.store.contacts.get(ids.map((contactId) => ({ uid, contactId }))).go();
  const byId = new Map(data.map((item) => [item.contactId, item]));
  const eligible = ids.flatMap((id) => {
    const item = byId.get(id);
    return item && lookupPossible(item) && mayLookUp(item) ? [item] : [];
  });
  if (eligible.length) await deps.queue.sendMany('email-lookup', eligible.map(lookupMessage));
  const queued = new Set(eligible.map((item) => item.contactId));
  return { queued: [...queued], skipped: ids.filter((id) => !queued.has(id)) };
};

/** GET /api/profiles/slots (SPEC §3 'Quota'). */
export const getSlots = async (deps: ContactsDeps, uid: string) => toQuota(await currentQuota(deps.store, uid, deps.now()));

export { dataFreshness, type ContactWire };
