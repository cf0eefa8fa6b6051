import type { Logger } from '@aws-lambda-powertools/logger';
import { isUsableEmail, lookupMessage, mayLookUp } from './lookup-rules.js';
import { monotonicFactory } from 'ulid';
import type * as z from 'zod/mini';
import { sameCompany } from '../../shared/companies.js';
import { isRiskyAddress } from '../../shared/addresses.js';
import { plans } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import type { LiveEventMap } from '../../shared/live-events.js';
import type {
  ContactWire,
  RelationshipStatus,
  createContactBody,
  listContactsQuery,
  lookupEmailsBody,
  previewContactBody,
  updateContactBody,
} from '../../shared/schemas/contacts.js';
import { created } from '../core/envelope.js';
import type { CursorSigner } from '../core/cursor.js';
import { HttpError, badRequest, notFound, tooManyRequests } from '../core/errors.js';
import type { ActivityAction } from '../../shared/schemas/dashboard.js';
import { activityChanged, finishActivity, startActivity } from '../data/activity.js';
import type { DataClient } from '../data/client.js';
import {
  UnknownCursorError,
  addContactWithSlot,
  changeContact,
  collationKey,
  contactAddress,
  contactDefaults,
  contactDirectory,
  contactItemBytes,
  contactsPage,
  getContact,
  getContactIdByUrl,
  directoryConfirmableByHead,
  getContacts,
  getContactsConfirmingDirectory,
  knownDirectory as knownContactDirectory,
  removeContact,
  sortName,
  type ContactItem,
  type DirectoryEntry,
} from '../data/contact.js';
import { isItemTooLarge, maxItemBytes } from '../data/item-size.js';
import { removeContactDrafts } from '../data/draft.js';
import { getPipelineEntry, pipelineMoveWrite, pipelineRemoveWrite } from '../data/pipeline.js';
import type { PipelineStage } from '../../shared/schemas/pipeline.js';
import { relationshipOfStage, stageOfRelationship } from '../../shared/relationship.js';
import { getContactCount } from '../data/quota.js';
import { takeTokens, type RateLimitedAction } from '../data/rate-limit.js';
import { getSharedProfile, upsertSharedProfile, type SharedProfileItem } from '../data/shared-profile.js';
import type { EnrichedProfile, EnrichmentPort } from '../providers/enrichment/port.js';
import type { LivePort } from '../providers/live/port.js';
import type { QueuePort } from '../providers/queue/port.js';
import { primaryDraft } from '../data/draft.js';
import { companyDomainOf } from './email-lookup.js';
import { canonicalLinkedinUrl } from './linkedin-url.js';
import { currentQuota, nextSlot, slotsAllowed, toQuota } from './quota.js';
import { dataFreshness, toContactWire } from './wire.js';

export type ContactsDeps = {
  db: DataClient;
  /** People Data Labs (the sandbox locally); null when no key is configured: profiles stay as the user typed them */
  enrichment: EnrichmentPort | null;
  queue: QueuePort;
  now: () => Date;
  newId: () => string;
  /** seals the list's page cursors (lambdas/core/cursor.ts) */
  cursors: CursorSigner;
  /** the live channel (DESIGN §8): a lookup request's activity action reaches the user's open tabs */
  live?: LivePort;
};

const ulid = monotonicFactory();
export const newContactId = () => ulid();

type CreateBody = z.infer<typeof createContactBody>;
type UpdateBody = z.infer<typeof updateContactBody>;
type ListQuery = z.infer<typeof listContactsQuery>;

/** Whether a lookup (or the verification of a typed address) has something to work from. */
const lookupPossible = (item: ContactItem) => Boolean(item.email) || Boolean(item.canonicalLinkedinUrl);

const badUrl = () =>
  badRequest(messages.contacts.invalidLinkedinUrl, [
    { field: 'body.linkedin_url', message: messages.contacts.invalidLinkedinUrl },
  ]);

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

const contactTooLarge = () => badRequest(messages.contacts.tooLarge);

/** Takes `cost` tokens of the user's bucket for `action` (lambdas/data/rate-limit.ts), or refuses with a 429. */
const spendOrRefuse = async (
  deps: ContactsDeps,
  uid: string,
  action: RateLimitedAction,
  options: { cost?: number } = {},
) => {
  const outcome = await takeTokens(deps.db, uid, action, { now: deps.now(), ...options });
  if (!outcome.allowed) throw tooManyRequests(outcome.retryAfterSeconds);
};

const freshMs = 30 * 24 * 60 * 60 * 1000;

/**
 * The shared profile of a canonical URL: reused while younger than 30 days, else enriched again and stored (DESIGN
 * §3). Null when the enrichment vendor knows no such person (and nothing was cached).
 */
const sharedProfileFor = async (deps: ContactsDeps, canonical: string): Promise<SharedProfileItem | null> => {
  const now = deps.now();
  const cached = await getSharedProfile(deps.db, canonical);
  if (cached?.linkedinScrapedAt && now.getTime() - new Date(cached.linkedinScrapedAt).getTime() < freshMs)
    return cached;
  if (!deps.enrichment) return cached;
  const profile = await deps.enrichment.enrich(canonical);
  if (!profile) return cached;
  return storeSharedProfile(deps, canonical, profile, now);
};

const storeSharedProfile = async (deps: ContactsDeps, canonical: string, profile: EnrichedProfile, now: Date) => {
  const scrapedAt = now.toISOString();
  // an upsert of the profile's fields only: a found e-mail on it stays
  return upsertSharedProfile(deps.db, canonical, {
    ...profile,
    linkedinScrapedAt: scrapedAt,
    dataFreshness: 'fresh',
    updatedAt: scrapedAt,
  });
};

/** A day or a time as stored: ISO 8601 in UTC (a day is its midnight in UTC, as LinkedIn's export gives no zone). */
const isoTime = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value).toISOString();

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
  // the profile's address is at the profile's company: not for a contact the user files under another one
  const keepsProfileCompany = !body.company?.trim() || !shared?.company || sameCompany(body.company, shared.company);
  const sharedEmail =
    !body.email && shared?.email && shared.emailQevStatus === 'valid' && keepsProfileCompany ? shared : null;
  return {
    ...contactDefaults,
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
    ...(body.connected_at ? { connectedAt: isoTime(body.connected_at) } : {}),
    // what the person gave, else what the profile says
    ...(body.linkedin_data
      ? { linkedinData: body.linkedin_data }
      : shared?.linkedinData
        ? { linkedinData: shared.linkedinData }
        : {}),
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
    importedAt: now,
    lastUpdated: now,
  } as ContactItem;
};

/**
 * POST /api/contacts: one slot, the contact and its URL claim in ONE transaction (DESIGN §3), so concurrent adds never
 * spend more slots than are left and a user never holds the same person twice. Over the limit: 402, nothing written.
 * A contact that needs a lookup is written 'pending', which lists it as owing one (lambdas/data/contact.ts): should the
 * queue's send fail (or this Lambda stop) after the write, the redrive (./email-lookup-redrive.ts) sends it later, so
 * the add still succeeds and no lookup is lost.
 */
/** The user's other tabs (and this one's other pages) list the contact, or stop listing it, without a reload. */
const announce = (deps: ContactsDeps, uid: string, data: LiveEventMap['contact.changed']) =>
  deps.live?.publish(uid, { type: 'contact.changed', data }).catch(() => {
    // pages read their lists again on their next visit; the live channel never fails the change
  });

export const createContact = async (
  deps: ContactsDeps,
  uid: string,
  body: CreateBody,
  logger?: Pick<Logger, 'warn'>,
) => {
  const canonical = body.linkedin_url ? canonicalOrThrow(body.linkedin_url) : null;
  if (canonical) {
    const existing = await getContactIdByUrl(deps.db, uid, canonical);
    if (existing) throw duplicate(existing);
  }
  let quota = await currentQuota(deps.db, uid, deps.now());
  if (!nextSlot(quota)) throw limitReached(quota.plan);

  const shared = canonical ? await sharedProfileFor(deps, canonical) : null;
  if (canonical && !shared && !body.name && !body.first_name && !body.last_name) {
    throw new HttpError(404, messages.contacts.profileNotFound, { code: 'profile_not_found' });
  }
  const item = newContact(deps, uid, body, canonical, shared);

  for (let round = 0; ; round += 1) {
    const slot = nextSlot(quota);
    if (!slot) throw limitReached(quota.plan);
    const outcome = await addContactWithSlot(deps.db, item, {
      slot,
      periodStart: quota.periodStart,
      allowed: slotsAllowed(quota.plan),
    });
    if (outcome.done) break;
    if (canonical && outcome.refused.has('claim')) {
      throw duplicate((await getContactIdByUrl(deps.db, uid, canonical)) ?? '');
    }
    if (round >= 20) throw new Error('Adding the contact kept conflicting with other writes');
    // the quota moved under us (another add, a roll-over) or a concurrent transaction held it: read it and try again
    if (outcome.conflict) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (round + 1)));
    }
    quota = await currentQuota(deps.db, uid, deps.now());
  }

  if (item.emailLookupStatus === 'pending' && lookupPossible(item) && !isUsableEmail(item) && mayLookUp(item)) {
    await deps.queue.send('email-lookup', lookupMessage(item)).catch((error: unknown) => {
      logger?.warn('the lookup of a new contact was not sent; the redrive sends it', {
        contactId: item.contactId,
        error: error as Error,
      });
    });
  }
  await announce(deps, uid, { contactId: item.contactId, change: 'created' });
  return created(toContactWire(item, deps.now()));
};

const unknownCursor = () =>
  badRequest(messages.validation.unknownCursor, [{ field: 'cursor', message: messages.validation.unknownCursor }]);

/** What a list cursor is bound to: the user and the list's query, so it opens for no other user, order or search. */
const cursorScope = (uid: string, query: ListQuery) =>
  JSON.stringify([
    'contacts',
    uid,
    query.sort,
    query.order,
    query.q ?? '',
    query.email_lookup_status ?? '',
    query.relationship_status ?? '',
  ]);

/** The position a cursor of this list holds (undefined: the first page); 400 for a cursor not given for it. */
const openCursor = async (deps: ContactsDeps, uid: string, query: ListQuery): Promise<unknown> => {
  if (!query.cursor) return undefined;
  const position = await deps.cursors.open(cursorScope(uid, query), query.cursor);
  if (position === undefined) throw unknownCursor();
  return position;
};

/** A search's position: how many matching contacts the previous pages held. */
const offsetOf = (position: unknown) => {
  if (position === undefined) return 0;
  const offset = (position as { offset?: unknown } | null)?.offset;
  if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  throw unknownCursor();
};

/** The list's sort value of a contact, as a key comparable by code units (the indexes' order, lambdas/data/contact.ts). */
const sortValue = (item: DirectoryEntry, sort: ListQuery['sort']) =>
  sort === 'name'
    ? collationKey(sortName(item))
    : sort === 'company'
      ? collationKey(item.company)
      : sort === 'imported_at'
        ? item.importedAt
        : item.lastUpdated;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A directory's entries in ascending order of `sort` (then of the id, as the indexes' keys end in it), worked out once
 * per directory a Lambda keeps: a directory read that found no chunk changed answers the same array
 * (lambdas/data/contact-directory.ts), so a search sorts again only after a write. Descending is the same list read
 * backwards (the ids are unique, so no two entries tie). The collation keys of names and companies, the costly part,
 * are kept per entry, which a new directory array shares with the old one for every chunk that did not change.
 */
const sortedDirectories = new WeakMap<readonly DirectoryEntry[], Map<ListQuery['sort'], DirectoryEntry[]>>();
const collationKeys = new WeakMap<DirectoryEntry, { name?: string; company?: string }>();

const cachedSortValue = (item: DirectoryEntry, sort: ListQuery['sort']) => {
  if (sort !== 'name' && sort !== 'company') return sortValue(item, sort);
  let keys = collationKeys.get(item);
  if (!keys) {
    keys = {};
    collationKeys.set(item, keys);
  }
  keys[sort] ??= sortValue(item, sort);
  return keys[sort];
};

const sortedDirectory = (all: readonly DirectoryEntry[], sort: ListQuery['sort']) => {
  let orders = sortedDirectories.get(all);
  if (!orders) {
    orders = new Map();
    sortedDirectories.set(all, orders);
  }
  let sorted = orders.get(sort);
  if (!sorted) {
    const keyed = all.map((item) => ({ item, key: cachedSortValue(item, sort) }));
    keyed.sort((a, b) => compare(a.key, b.key) || compare(a.item.contactId, b.item.contactId));
    sorted = keyed.map(({ item }) => item);
    orders.set(sort, sorted);
  }
  return sorted;
};

/**
 * The searched fields of a directory entry, lower-cased once per entry a Lambda keeps (the directory's snapshot keeps
 * the same entry objects from search to search), joined by a line break, which no field holds (contact-directory.ts).
 */
const searchTexts = new WeakMap<DirectoryEntry, string>();
const searchTextOf = (item: DirectoryEntry) => {
  let text = searchTexts.get(item);
  if (text === undefined) {
    text = [item.name, item.firstName, item.lastName, item.company, item.jobTitle, item.currentRole]
      .join('\n')
      .toLocaleLowerCase();
    searchTexts.set(item, text);
  }
  return text;
};

/** A search's or a filter's page of a directory: the ids from `offset` on in the query's order, and how many match. */
const directoryPage = (all: readonly DirectoryEntry[], query: ListQuery, offset: number) => {
  const needle = query.q?.toLocaleLowerCase();
  const matches = (item: DirectoryEntry) =>
    // a search with a line break matches nothing, as no field holds one
    (!needle || (!needle.includes('\n') && searchTextOf(item).includes(needle))) &&
    (!query.email_lookup_status || item.emailLookupStatus === query.email_lookup_status) &&
    (!query.relationship_status || (item.relationshipStatus || 'new') === query.relationship_status);
  const sorted = sortedDirectory(all, query.sort);
  const ids: string[] = [];
  let total = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    const item = sorted[query.order === 'asc' ? index : sorted.length - 1 - index]!;
    if (!matches(item)) continue;
    if (total >= offset && ids.length < query.limit) ids.push(item.contactId);
    total += 1;
  }
  return { ids, total };
};

/**
 * A search's or a filter's page and its contacts. A Lambda that read the user's directory lately works the page out
 * from what it read and fetches its contacts in one BatchGetItem with the directory's head: nothing changed, that is
 * the answer (one call). Else, or when it read the directory longer ago, the directory is read (only its chunks
 * changed since, if it read it before; side by side with the page's contacts then) and only the new page's contacts
 * not fetched yet are asked for. Three calls at most: head and contacts, changed chunks, the rest of the page; or the
 * first read of the directory with the contact count, then the page.
 */
const searchPage = async (deps: ContactsDeps, uid: string, query: ListQuery, offset: number) => {
  const known = knownContactDirectory(deps.db, uid);
  const guess = known ? directoryPage(known, query, offset) : null;
  let all: readonly DirectoryEntry[];
  let fetched: ContactItem[] = [];
  if (guess && directoryConfirmableByHead(deps.db, uid)) {
    const confirming = await getContactsConfirmingDirectory(deps.db, uid, guess.ids);
    fetched = confirming.contacts;
    if (confirming.directoryUnchanged) return { page: guess, contacts: fetched };
    all = await contactDirectory(deps.db, uid);
  } else {
    [all, fetched] = await Promise.all([
      contactDirectory(deps.db, uid),
      guess ? getContacts(deps.db, uid, guess.ids) : [],
    ]);
  }
  // the directory read answers the very array it read before when no chunk changed: that page still holds
  const page = guess && all === known ? guess : directoryPage(all, query, offset);
  const asked = new Set(guess?.ids);
  const missing = page.ids.filter((id) => !asked.has(id));
  return { page, contacts: missing.length ? [...fetched, ...(await getContacts(deps.db, uid, missing))] : fetched };
};

/**
 * GET /api/contacts. Without a search or filter every order is one Query of one page on the index of that order
 * (gsi1 last updated, gsi3 name, gsi4 company, gsi5 date added) plus the quota's contact count for `total`. A search
 * or a filter reads the user's contact directory (the list fields of every contact in a few items, one Query; see
 * lambdas/data/contact-directory.ts), filters and sorts it in memory in the same order as the indexes, and fetches the
 * page's full items with one BatchGet; a Lambda that read the directory lately needs only that BatchGet, with the
 * directory's head in it (`searchPage`). Three calls at most. Cursors are signed and bound to the user and
 * the query (`cursorScope`): any other is a 400.
 */
export const listContacts = async (deps: ContactsDeps, uid: string, query: ListQuery) => {
  const now = deps.now();
  const position = await openCursor(deps, uid, query);
  if (!query.q && !query.email_lookup_status && !query.relationship_status) {
    const [page, count] = await Promise.all([
      contactsPage(deps.db, uid, {
        order: query.sort,
        direction: query.order,
        limit: query.limit,
        after: position,
      }).catch((error: unknown) => {
        if (error instanceof UnknownCursorError) throw unknownCursor();
        throw error;
      }),
      getContactCount(deps.db, uid),
    ]);
    return {
      contacts: page.items.map((item) => toContactWire(item, now)),
      next_cursor: page.next ? await deps.cursors.seal(cursorScope(uid, query), page.next) : null,
      total: count ?? page.items.length,
    };
  }

  const offset = offsetOf(position);
  const { page, contacts: items } = await searchPage(deps, uid, query, offset);
  const byId = new Map(items.map((item) => [item.contactId, item]));
  return {
    contacts: page.ids.flatMap((contactId) => {
      const item = byId.get(contactId);
      return item ? [toContactWire(item, now)] : [];
    }),
    next_cursor:
      offset + query.limit < page.total
        ? await deps.cursors.seal(cursorScope(uid, query), { offset: offset + query.limit })
        : null,
    total: page.total,
  };
};

/** GET /api/contacts/recent: the 10 most recently updated. */
export const recentContacts = async (deps: ContactsDeps, uid: string) => {
  const page = await contactsPage(deps.db, uid, { order: 'last_updated', direction: 'desc', limit: 10 });
  const now = deps.now();
  return page.items.map((item) => toContactWire(item, now));
};

const ownContact = async (deps: ContactsDeps, uid: string, contactId: string) => {
  const item = await getContact(deps.db, uid, contactId);
  if (!item) throw contactNotFound();
  return item;
};

/**
 * GET /api/contacts/{id}: the contact and its primary draft (lambdas/data/draft.ts), or null, read side by side (the draft is
 * read under the user's own key, so it is never another user's). The contact's SPEC §3 `emailSubject`, `emailBody` and
 * `placeholderAlternatives` are its primary draft's, in full (a list row carries a preview of the body).
 */
export const getOne = async (deps: ContactsDeps, uid: string, contactId: string) => {
  const [item, draft] = await Promise.all([ownContact(deps, uid, contactId), primaryDraft(deps.db, uid, contactId)]);
  const contact = toContactWire(item, deps.now());
  return {
    contact: draft
      ? {
          ...contact,
          email_subject: draft.subject ?? '',
          email_body: draft.body ?? '',
          placeholder_alternatives: draft.placeholderAlternatives ?? {},
        }
      : contact,
    draft,
  };
};

/**
 * PUT /api/contacts/{id}: the user's own fields; a new e-mail is verified like a typed one (a lookup message). The
 * verification is an e-mail check of the user's (429 when none is left, nothing saved), and a contact's typed address
 * is verified a few times a day at most (`rateLimits.typedEmail`): beyond that the address is saved, as the user
 * expects of an edit, but not verified (no verdict, `email_qev_reason` 'rate_limited'; a later lookup verifies it).
 * A contact that would outgrow DynamoDB's item limit is a 400 before anything is written.
 */
export const updateContact = async (deps: ContactsDeps, uid: string, contactId: string, body: UpdateBody) => {
  const current = await ownContact(deps, uid, contactId);
  const firstName = body.first_name ?? current.firstName ?? '';
  const lastName = body.last_name ?? current.lastName ?? '';
  const emailChanged = body.email !== undefined && body.email.toLowerCase() !== (current.email ?? '');
  const typed = emailChanged && Boolean(body.email);
  if (typed) await spendOrRefuse(deps, uid, 'emailCheck');
  const verify =
    typed && (await takeTokens(deps.db, uid, 'typedEmail', { now: deps.now(), subject: contactId })).allowed;
  const relookup = emailChanged ? null : await companyRelookup(deps, uid, current, body.company);
  const changes: Partial<ContactItem> = {
    ...relookup?.set,
    ...(body.first_name !== undefined && { firstName }),
    ...(body.last_name !== undefined && { lastName }),
    ...((body.first_name !== undefined || body.last_name !== undefined) && { name: `${firstName} ${lastName}`.trim() }),
    ...(body.company !== undefined && { company: body.company }),
    ...(body.job_title !== undefined && { jobTitle: body.job_title }),
    ...(body.notes !== undefined && { notes: body.notes }),
    ...(body.email_language && { emailLanguage: body.email_language }),
    ...(body.relationship_status !== undefined && { relationshipStatus: body.relationship_status }),
    ...(body.unique_perplexity_facts !== undefined && { uniquePerplexityFacts: body.unique_perplexity_facts }),
    ...(body.perplexity_searched_at != null && { perplexitySearchedAt: body.perplexity_searched_at }),
    ...(body.connected_at != null && { connectedAt: isoTime(body.connected_at) }),
    ...(body.linkedin_data != null && { linkedinData: body.linkedin_data }),
    ...(emailChanged && {
      email: body.email!.toLowerCase(),
      emailSource: body.email ? 'manual' : '',
      emailQevReason: typed && !verify ? 'rate_limited' : '',
      emailPatternUsed: '',
      // the attempt count stays: a typed address is checked as the next attempt, so retyping cannot get around SPEC §5
      emailNotFoundConfidence: 0,
      ...(verify ? { emailLookupStatus: 'pending' as const } : {}),
    }),
    lastUpdated: deps.now().toISOString(),
  };
  const removals = [
    ...(body.perplexity_searched_at === null ? (['perplexitySearchedAt'] as const) : []),
    ...(body.email_language === null ? (['emailLanguage'] as const) : []),
    ...(body.connected_at === null ? (['connectedAt'] as const) : []),
    ...(body.linkedin_data === null ? (['linkedinData'] as const) : []),
    // DESIGN §9: a confirmation is of one address; a new one is unconfirmed
    ...(emailChanged
      ? (['emailQevStatus', 'emailVerifiedAt', 'emailLookupLastAttempt', 'emailConfirmedFor'] as const)
      : []),
    ...(emailChanged && !verify ? (['emailLookupStatus'] as const) : []),
    ...(relookup?.remove ?? []),
  ];
  const next = { ...current, ...changes };
  for (const name of removals) delete next[name];
  if (contactItemBytes(next) > maxItemBytes) throw contactTooLarge();
  const move =
    body.relationship_status === undefined
      ? null
      : await relationshipMove(deps, uid, contactId, body.relationship_status, changes.lastUpdated!);
  const item = await changeContact(
    deps.db,
    current,
    { set: changes, remove: removals },
    { move: move?.write ?? undefined },
  ).catch((error: unknown) => {
    // a concurrent edit grew it between the read and this write
    if (isItemTooLarge(error)) throw contactTooLarge();
    throw error;
  });
  if (!item) throw contactNotFound();
  if (move?.write) {
    // the board in the user's other tabs follows, as it does a drag (lambdas/pipeline)
    await deps.live
      ?.publish(uid, { type: 'pipeline.changed', data: { contactId, stage: move.stage ?? '' } })
      .catch(() => {
        // pages poll what they miss; the live channel never fails the edit
      });
  }
  if ((verify && item.email) || relookup?.queue) await deps.queue.send('email-lookup', lookupMessage(item));
  return toContactWire(item, deps.now());
};

/**
 * A relationship chosen by hand is a move in the pipeline (shared/relationship.ts): the stage it names, by hand, as a
 * drag on the board; 'new' takes the contact off the board. No write when the contact stands there already (its
 * stage as read, consistently: the contact's own field only follows it).
 */
const relationshipMove = async (
  deps: ContactsDeps,
  uid: string,
  contactId: string,
  relationship: RelationshipStatus,
  at: string,
): Promise<{ stage: PipelineStage | null; write: Record<string, unknown> | null }> => {
  const entry = await getPipelineEntry(deps.db, uid, contactId);
  const stage = stageOfRelationship(relationship);
  if (relationshipOfStage(entry?.stage) === relationship) return { stage, write: null };
  if (!stage) return { stage, write: pipelineRemoveWrite(deps.db, uid, contactId) };
  return {
    stage,
    write: pipelineMoveWrite(deps.db, uid, {
      contactId,
      stage,
      stageChangedAt: at,
      movedBy: 'manual',
      conversationId: entry?.conversationId ?? null,
    }),
  };
};

/** The e-mail fields a lookup found, which belong to the domain it looked at. */
const foundEmailFields = ['email', 'emailQevStatus', 'emailQevReason', 'emailVerifiedAt', 'emailPatternUsed'] as const;

/**
 * What a change of company does to the contact's e-mail. The lookup works at the domain of the company the contact
 * keeps (./email-lookup.ts `companyDomainOf`); when that domain changes, an address a lookup found at the old one is
 * dropped (a draft would go to the wrong company), the not-found confidence learnt there is forgotten, and the lookup
 * runs again as the contact's next attempt: SPEC §5's 3 attempts stay the limit (a change of company gives none
 * back), and the run takes an e-mail check of the user's (`rateLimits.emailCheck`): with none left the company is
 * saved and the person can ask for the lookup later. An address the user typed stays, and so does its verdict.
 */
const companyRelookup = async (
  deps: ContactsDeps,
  uid: string,
  current: ContactItem,
  company: string | undefined,
): Promise<{ set: Partial<ContactItem>; remove: (keyof ContactItem)[]; queue: boolean } | null> => {
  if (company === undefined || company === (current.company ?? '') || current.emailSource === 'manual') return null;
  const shared = current.sharedContactId ? await getSharedProfile(deps.db, current.sharedContactId) : null;
  const next = { ...current, company };
  if (companyDomainOf(next, shared) === companyDomainOf(current, shared)) return null;
  const cleared = { ...next, email: '', emailNotFoundConfidence: 0 };
  if (!lookupPossible(cleared) || !mayLookUp(cleared)) {
    return {
      set: {
        emailSource: '',
        emailNotFoundConfidence: 0,
        ...(current.email ? { emailLookupStatus: 'not_found' } : {}),
      },
      remove: [...foundEmailFields],
      queue: false,
    };
  }
  const allowed = (await takeTokens(deps.db, uid, 'emailCheck', { now: deps.now() })).allowed;
  return {
    set: { emailSource: '', emailNotFoundConfidence: 0, ...(allowed ? { emailLookupStatus: 'pending' as const } : {}) },
    remove: [...foundEmailFields, ...(allowed ? [] : (['emailLookupStatus'] as const))],
    queue: allowed,
  };
};

/**
 * What POST /api/contacts/lookup-email costs before anything is queued: one e-mail check per contact asked for, or a
 * 429 (nothing queued) when the user has fewer left.
 */
export const spendEmailChecks = (deps: ContactsDeps, uid: string, body: z.infer<typeof lookupEmailsBody>) =>
  spendOrRefuse(deps, uid, 'emailCheck', { cost: new Set(body.contact_ids).size });

/**
 * PATCH /api/contacts/{id} (DESIGN §9): the person confirms the contact's risky address, so drafts to it are sent, or
 * takes that back. The confirmation names the address it is of: any later change of the address (by hand, a lookup,
 * a change of company) leaves it unconfirmed. Only a risky address can be confirmed (400): a valid one needs none, and
 * an invalid or missing one is never sent to.
 */
export const confirmContactEmail = async (
  deps: ContactsDeps,
  uid: string,
  contactId: string,
  body: { emailConfirmedByUser: boolean },
) => {
  const current = await ownContact(deps, uid, contactId);
  if (body.emailConfirmedByUser && !isRiskyAddress(contactAddress(current)))
    throw badRequest(messages.contacts.notRiskyAddress);
  const change = body.emailConfirmedByUser
    ? { set: { emailConfirmedFor: current.email, lastUpdated: deps.now().toISOString() } }
    : { set: { lastUpdated: deps.now().toISOString() }, remove: ['emailConfirmedFor'] as const };
  const item = await changeContact(deps.db, current, change);
  if (!item) throw contactNotFound();
  return toContactWire(item, deps.now());
};

/** DELETE /api/contacts/{id}: the contact, its URL claim and the count in one transaction; the slot stays spent. */
export const deleteContact = async (deps: ContactsDeps, uid: string, contactId: string) => {
  const current = await ownContact(deps, uid, contactId);
  const outcome = await removeContact(deps.db, current);
  if (!outcome.done) {
    if (outcome.refused.has('contact')) throw contactNotFound();
    throw new Error(`Deleting the contact was refused: ${outcome.summary}`);
  }
  // its drafts go with it; a save that started before can no longer write, as it needs the contact
  await removeContactDrafts(deps.db, uid, contactId);
  await announce(deps, uid, { contactId, change: 'deleted' });
  return { deleted: true };
};

/** A token of the user's preview bucket, or a 429: every preview takes one, and so does an add that asks the vendor. */
export const spendPreview = (deps: ContactsDeps, uid: string) => spendOrRefuse(deps, uid, 'preview');

/**
 * POST /api/contacts/preview: the profile of a URL before adding it; uses no slot, but a token of the user's preview
 * bucket (429 beyond it).
 */
export const previewContact = async (deps: ContactsDeps, uid: string, body: z.infer<typeof previewContactBody>) => {
  const canonical = canonicalOrThrow(body.linkedin_url);
  await spendPreview(deps, uid);
  const [existingId, shared] = await Promise.all([
    getContactIdByUrl(deps.db, uid, canonical),
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
    existing_contact_id: existingId,
  };
};

/**
 * The lookups of a request, under one `find_emails` activity action (SPEC §3 'Activity action') that each
 * message names, so the lookup worker counts each contact on it. The action is written first (a message never finds
 * it missing); should the queue refuse the messages, it ends failed and the request fails.
 */
const queueLookups = async (deps: ContactsDeps, uid: string, contacts: readonly ContactItem[]) => {
  const action = await startActivity(deps.db, uid, {
    actionType: 'find_emails',
    profileCount: contacts.length,
    at: deps.now(),
  });
  await tellActivity(deps, uid, action);
  try {
    await deps.queue.sendMany(
      'email-lookup',
      contacts.map((item) => ({ ...lookupMessage(item), activityId: action.id })),
    );
  } catch (error) {
    const failed = await finishActivity(
      deps.db,
      uid,
      action.id,
      { status: 'failed', error: lookupQueueFailed },
      deps.now(),
    );
    if (failed) await tellActivity(deps, uid, failed);
    throw error;
  }
};

/** A lookup request's action when its messages could not be queued. */
const lookupQueueFailed = 'The lookups could not be started.';

/** Tells the user's open tabs (best effort: the sidebar polls what it misses). */
const tellActivity = async (deps: ContactsDeps, uid: string, action: ActivityAction) => {
  await deps.live?.publish(uid, activityChanged(action)).catch(() => {
    // pages poll what they miss; a live channel that fails never fails the request
  });
};

/** POST /api/contacts/lookup-email: queues the contacts SPEC §5 allows a lookup for; the rest are reported skipped. */
export const lookupEmails = async (deps: ContactsDeps, uid: string, body: z.infer<typeof lookupEmailsBody>) => {
  const ids = [...new Set(body.contact_ids)];
  const data = await getContacts(deps.db, uid, ids);
  const byId = new Map(data.map((item) => [item.contactId, item]));
  const eligible = ids.flatMap((id) => {
    const item = byId.get(id);
    return item && lookupPossible(item) && mayLookUp(item) ? [item] : [];
  });
  if (eligible.length) await queueLookups(deps, uid, eligible);
  const queued = new Set(eligible.map((item) => item.contactId));
  return { queued: [...queued], skipped: ids.filter((id) => !queued.has(id)) };
};

/** GET /api/profiles/slots (SPEC §3 'Quota'). */
export const getSlots = async (deps: ContactsDeps, uid: string) =>
  toQuota(await currentQuota(deps.db, uid, deps.now()));

export { dataFreshness, type ContactWire };
