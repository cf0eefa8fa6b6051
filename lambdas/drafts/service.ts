import type * as z from 'zod';
import { monotonicFactory } from 'ulid';
import { messages } from '../../shared/messages.js';
import {
  type Draft,
  type DraftType,
  draftMessages,
  type createDraftBody,
  type updateDraftBody,
} from '../../shared/schemas/drafts.js';
import type { OutreachPage, outreachQuery } from '../../shared/schemas/outreach.js';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { LiveEvent } from '../../shared/live-events.js';
import type { LivePort } from '../providers/live/port.js';
import type { CursorSigner } from '../core/cursor.js';
import { badRequest, conflict, HttpError, notFound } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { contactsPage, getContact, UnknownCursorError } from '../data/contact.js';
import {
  type ContactDrafts,
  type ContactDraftsChange,
  conversationExists,
  draftItemBytes,
  getContactDrafts,
  getDraft,
  getDrafts,
  primaryDraftsOf,
  userDrafts,
  writeContactDrafts,
} from '../data/draft.js';
import { isItemTooLarge, maxItemBytes } from '../data/item-size.js';
import { toContactWire } from '../contacts/index.js';

export type DraftsDeps = {
  db: DataClient;
  now: () => Date;
  newId: () => string;
  /** seals the outreach list's page cursors (lambdas/core/cursor.ts) */
  cursors: CursorSigner;
  /**
   * the live channel (DESIGN §8): a saved draft reaches the user's other tabs as `draft.saved`, a deleted one as
   * `draft.deleted`, a cleared primary as `draft.primaryCleared`
   */
  live?: LivePort;
  logger?: Pick<Logger, 'warn'>;
};
/**
 * What a change of drafts needs (the AI's generated drafts too: lambdas/drafts/index.ts, whose caller publishes its
 * own events).
 */
export type DraftWriteDeps = Pick<DraftsDeps, 'db' | 'now' | 'newId' | 'live' | 'logger'>;

/**
 * Tells the user's open tabs that drafts were saved (best effort: pages poll too). A failed publish is logged, never
 * the answer: the drafts are saved, and a retried save would make another one.
 */
const publish = async (deps: DraftWriteDeps, uid: string, event: LiveEvent) => {
  await deps.live
    ?.publish(uid, event)
    .catch((error: unknown) => deps.logger?.warn(`${event.type} was not published`, { error }));
};

const publishSaved = async (deps: DraftWriteDeps, uid: string, saved: readonly Draft[]) => {
  for (const draft of saved)
    await publish(deps, uid, {
      type: 'draft.saved',
      data: { draftId: draft.id, contactId: draft.contactId, isPrimary: draft.isPrimary },
    });
};

const ulid = monotonicFactory();
export const newDraftId = () => ulid();

const contactNotFound = () => notFound(messages.contacts.notFound);
const draftNotFound = () => notFound(messages.status[404]);
const draftTooLarge = () => badRequest(draftMessages.tooLarge);

/** SPEC §4 'Draft': primary first, then type (initial_outreach, reply, follow_up), then most recently updated. */
const typeOrder: Record<DraftType, number> = { initial_outreach: 0, reply: 1, follow_up: 2 };
export const sortDrafts = (drafts: readonly Draft[]) =>
  [...drafts].sort(
    (a, b) =>
      Number(b.isPrimary) - Number(a.isPrimary) ||
      typeOrder[a.draftType] - typeOrder[b.draftType] ||
      b.updatedAt.localeCompare(a.updatedAt) ||
      b.id.localeCompare(a.id),
  );

/** A contact's list and its drafts as read, and what a change makes of them. */
type State = { list: ContactDrafts; drafts: Draft[] };
type Planned<T> = { change: ContactDraftsChange | null; result: T };

/**
 * SPEC §3 Contact `hasActiveDraft` after a change: the contact's primary draft (the list's, as the change leaves it)
 * is unsent (status draft).
 */
const activeDraftAfter = (state: State, change: ContactDraftsChange) => {
  const primaryId = change.list.primaryDraftId;
  if (!primaryId || change.remove.includes(primaryId)) return false;
  const primary =
    change.put.find((draft) => draft.id === primaryId) ?? state.drafts.find((draft) => draft.id === primaryId);
  return primary?.isPrimary === true && primary.status === 'draft';
};

/** Times a change is read and tried again because another change of the same contact's drafts came first. */
const conflictRetries = 20;

/**
 * Reads a contact's drafts, plans a change (`plan` may throw a 4xx) and writes it in one transaction conditioned on
 * nothing having changed in between (lambdas/data/draft.ts); if something did, reads and plans again. The same
 * transaction sets the contact's `hasActiveDraft` (SPEC §3), so it never drifts from its drafts. A change that does not
 * need the contact (`requireContact` false) of a contact deleted meanwhile is written without it.
 */
const changeContactDrafts = async <T>(
  deps: DraftWriteDeps,
  uid: string,
  contactId: string,
  plan: (state: State) => Planned<T> | Promise<Planned<T>>,
  options: { requireContact: boolean; contactSet?: Record<string, string> },
): Promise<T> => {
  let contactGone = false;
  for (let attempt = 0; ; attempt += 1) {
    const list = await getContactDrafts(deps.db, uid, contactId);
    const drafts = await getDrafts(deps.db, uid, list.draftIds);
    const { change, result } = await plan({ list, drafts });
    if (!change) return result;
    for (const draft of change.put) if (draftItemBytes(draft) > maxItemBytes) throw draftTooLarge();
    const contactSet = { ...options.contactSet, hasActiveDraft: activeDraftAfter({ list, drafts }, change) };
    const outcome = await writeContactDrafts(deps.db, uid, list, change, {
      requireContact: options.requireContact,
      ...(contactGone ? {} : { contactSet }),
    }).catch((error: unknown) => {
      if (isItemTooLarge(error)) throw draftTooLarge();
      throw error;
    });
    if (outcome === 'written') return result;
    if (outcome === 'contactMissing' && !options.requireContact) {
      contactGone = true;
      continue;
    }
    if (outcome === 'contactMissing') throw contactNotFound();
    if (attempt >= conflictRetries) throw conflict();
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
};

/**
 * The change that makes `draft` the contact's primary one (SPEC §4: at most one): the previous primary is demoted,
 * or, when `replace` and it is an unsent draft of the same type (a regenerated e-mail), replaced.
 */
const withPrimary = (state: State, draft: Draft, now: string, replace: boolean): ContactDraftsChange => {
  const previous = state.drafts.find((other) => other.id !== draft.id && other.isPrimary);
  const replaced = replace && previous?.status === 'draft' && previous.draftType === draft.draftType;
  const others = state.list.draftIds.filter((id) => id !== draft.id && !(replaced && id === previous?.id));
  return {
    put: [
      { ...draft, isPrimary: true },
      ...(previous && !replaced ? [{ ...previous, isPrimary: false, updatedAt: now }] : []),
    ],
    remove: replaced && previous ? [previous.id] : [],
    list: { draftIds: [...others, draft.id], primaryDraftId: draft.id },
  };
};

/**
 * SPEC §4/§5 type rules for a reply or follow-up in `conversationId`, against the contact's other drafts: no reply
 * once one was sent; a follow-up needs a sent reply first.
 */
const checkConversationRules = (drafts: readonly Draft[], type: DraftType, conversationId: string, self?: string) => {
  const sentReply = drafts.some(
    (other) =>
      other.id !== self &&
      other.conversationId === conversationId &&
      other.draftType === 'reply' &&
      other.status === 'sent',
  );
  if (type === 'reply' && sentReply) throw badRequest(draftMessages.replyAlreadySent);
  if (type === 'follow_up' && !sentReply) throw badRequest(draftMessages.followUpBeforeReply);
};

type CreateBody = z.infer<typeof createDraftBody>;

const editedFields = (body: z.infer<typeof updateDraftBody>) => ({
  ...(body.subject !== undefined && { subject: body.subject }),
  ...(body.body !== undefined && { body: body.body }),
  ...(body.attachments !== undefined && { attachments: body.attachments }),
  ...(body.placeholderAlternatives !== undefined && { placeholderAlternatives: body.placeholderAlternatives }),
  ...(body.scheduledSendTime != null && { scheduledSendTime: new Date(body.scheduledSendTime).toISOString() }),
});

/**
 * POST /api/drafts: a new draft of one of the user's contacts (SPEC §5). Defaults: `initial_outreach`, primary. A
 * new primary draft replaces the contact's unsent primary draft of its type ("saving replaces the primary one"),
 * else demotes the previous primary.
 */
export const createDraft = async (
  deps: DraftWriteDeps,
  uid: string,
  body: CreateBody,
  options: { replacePrimary?: boolean; contactSet?: Record<string, string> } = {},
): Promise<Draft> => {
  const draftType = body.draftType ?? 'initial_outreach';
  const conversationId = body.conversationId ?? null;
  if (draftType === 'initial_outreach' && conversationId) throw badRequest(draftMessages.initialWithConversation);
  if (draftType !== 'initial_outreach' && !conversationId)
    throw badRequest(draftMessages.conversationIdRequired(draftType));
  if (!body.contactId) throw badRequest(draftMessages.contactIdRequired);
  const contactId = body.contactId;
  // a draft of a conversation checks its contact first, so a missing contact is named as such; otherwise the write's
  // own condition on the contact (requireContact) answers the same 404 a round trip sooner (issue 11 batch figure)
  if (conversationId) {
    if (!(await getContact(deps.db, uid, contactId))) throw contactNotFound();
    if (!(await conversationExists(deps.db, uid, conversationId))) throw notFound();
  }
  const now = deps.now().toISOString();
  const isPrimary = body.isPrimary ?? true;
  const draft: Draft = {
    id: deps.newId(),
    userId: uid,
    contactId,
    conversationId,
    draftType,
    status: 'draft',
    isPrimary,
    createdFromTemplate: body.createdFromTemplate ?? false,
    createdAt: now,
    updatedAt: now,
    ...editedFields(body),
  };
  const saved = await changeContactDrafts(
    deps,
    uid,
    contactId,
    (state) => {
      if (conversationId) checkConversationRules(state.drafts, draftType, conversationId);
      const change: ContactDraftsChange = isPrimary
        ? withPrimary(state, draft, now, options.replacePrimary ?? true)
        : { put: [draft], remove: [], list: { ...state.list, draftIds: [...state.list.draftIds, draft.id] } };
      return { change, result: draft };
    },
    { requireContact: true, ...(options.contactSet ? { contactSet: options.contactSet } : {}) },
  );
  await publishSaved(deps, uid, [saved]);
  return saved;
};

/** A draft of the user, or a 404 (another user's id is not under this user's key). */
const ownDraft = async (deps: DraftsDeps, uid: string, draftId: string) => {
  const draft = await getDraft(deps.db, uid, draftId);
  if (!draft) throw draftNotFound();
  return draft;
};

/** The draft of `draftId` in a contact's state as read; a 404 when it is gone since. */
const inState = (state: State, draftId: string) => {
  const draft = state.drafts.find((candidate) => candidate.id === draftId);
  if (!draft) throw draftNotFound();
  return draft;
};

const isSendingOrSent = (draft: Draft) => draft.status === 'sending' || draft.status === 'sent';

/**
 * PATCH /api/drafts/{id}: subject, body, attachments, placeholder alternatives, scheduled send time, primary (SPEC
 * §5: at least one, else 'No valid fields to update'). A draft being sent or sent keeps its content (409).
 */
export const updateDraft = async (
  deps: DraftsDeps,
  uid: string,
  draftId: string,
  body: z.infer<typeof updateDraftBody>,
): Promise<Draft> => {
  const { contactId } = await ownDraft(deps, uid, draftId);
  if (Object.values(body).every((value) => value === undefined)) throw badRequest(draftMessages.noValidFields);
  const contentChanged = Object.keys(body).some((key) => key !== 'isPrimary');
  const updated = await changeContactDrafts(
    deps,
    uid,
    contactId,
    (state) => {
      const current = inState(state, draftId);
      if (contentChanged && isSendingOrSent(current)) throw conflict(draftMessages.notEditable);
      const now = deps.now().toISOString();
      const next: Draft = { ...current, ...editedFields(body), updatedAt: now };
      if (body.scheduledSendTime === null) delete next.scheduledSendTime;
      if (body.isPrimary === true) {
        const change = withPrimary(state, next, now, false);
        return { change, result: change.put[0] as Draft };
      }
      const unset = body.isPrimary === false && current.isPrimary;
      const result = { ...next, isPrimary: unset ? false : current.isPrimary };
      const list = unset ? { ...state.list, primaryDraftId: null } : state.list;
      return { change: { put: [result], remove: [], list }, result };
    },
    { requireContact: false },
  );
  await publishSaved(deps, uid, [updated]);
  return updated;
};

/** DELETE /api/drafts/{id}: not while it is being sent (409). */
export const deleteDraft = async (deps: DraftsDeps, uid: string, draftId: string) => {
  const { contactId } = await ownDraft(deps, uid, draftId);
  const deleted = await changeContactDrafts(
    deps,
    uid,
    contactId,
    (state) => {
      const current = inState(state, draftId);
      if (current.status === 'sending') throw conflict(draftMessages.alreadySent);
      return {
        change: {
          put: [],
          remove: [draftId],
          list: {
            draftIds: state.list.draftIds.filter((id) => id !== draftId),
            primaryDraftId: state.list.primaryDraftId === draftId ? null : state.list.primaryDraftId,
          },
        },
        result: { deleted: true },
      };
    },
    { requireContact: false },
  );
  await publish(deps, uid, { type: 'draft.deleted', data: { draftId, contactId } });
  return deleted;
};

const ownContact = async (deps: DraftsDeps, uid: string, contactId: string) => {
  const contact = await getContact(deps.db, uid, contactId);
  if (!contact) throw contactNotFound();
  return contact;
};

/** POST /api/drafts/contact/{contactId}/clear-primary: the contact keeps its drafts, none of them primary. */
export const clearPrimary = async (deps: DraftsDeps, uid: string, contactId: string) => {
  await ownContact(deps, uid, contactId);
  const { cleared } = await changeContactDrafts(
    deps,
    uid,
    contactId,
    (state) => {
      const primaries = state.drafts.filter((draft) => draft.isPrimary);
      if (primaries.length === 0 && state.list.primaryDraftId === null)
        return { change: null, result: { cleared: false } };
      const now = deps.now().toISOString();
      const demoted = primaries.map((draft) => ({ ...draft, isPrimary: false, updatedAt: now }));
      return {
        change: { put: demoted, remove: [], list: { ...state.list, primaryDraftId: null } },
        result: { cleared: true },
      };
    },
    { requireContact: false },
  );
  if (cleared) await publish(deps, uid, { type: 'draft.primaryCleared', data: { contactId } });
  return { cleared };
};

/** GET /api/drafts/contact/{contactId}: every draft of the contact, sorted (SPEC §4). */
export const contactDrafts = async (deps: DraftsDeps, uid: string, contactId: string): Promise<Draft[]> => {
  await ownContact(deps, uid, contactId);
  const list = await getContactDrafts(deps.db, uid, contactId);
  return sortDrafts(await getDrafts(deps.db, uid, list.draftIds));
};

/** GET /api/drafts/contact/{contactId}?primary=true: the contact's primary draft, or null. */
export const contactPrimaryDraft = async (deps: DraftsDeps, uid: string, contactId: string) => {
  await ownContact(deps, uid, contactId);
  return primaryDraft(deps.db, uid, contactId);
};

/** The contact's primary draft, or null. */
export const primaryDraft = async (db: DataClient, uid: string, contactId: string): Promise<Draft | null> => {
  const list = await getContactDrafts(db, uid, contactId);
  if (!list.primaryDraftId) return null;
  const draft = await getDraft(db, uid, list.primaryDraftId);
  return draft?.isPrimary ? draft : null;
};

/** GET /api/drafts: every draft of the user, sorted as SPEC §4 says. */
export const listDrafts = async (deps: DraftsDeps, uid: string) => sortDrafts(await userDrafts(deps.db, uid));

/**
 * POST /api/drafts/{id}/send: sending arrives with a later issue. The draft's own rules come first (404, 409 once
 * sent, SPEC §5 type rules as 400s); then, as no mailbox can be connected yet, a 409 that says how to connect one.
 */
export const sendDraft = async (deps: DraftsDeps, uid: string, draftId: string) => {
  const draft = await ownDraft(deps, uid, draftId);
  if (isSendingOrSent(draft) || draft.status === 'archived') throw conflict(draftMessages.alreadySent);
  if (draft.draftType === 'initial_outreach' && draft.conversationId)
    throw badRequest(draftMessages.initialWithConversation);
  if (draft.draftType !== 'initial_outreach') {
    if (!draft.conversationId) throw badRequest(draftMessages.requiresConversation(draft.draftType));
    const list = await getContactDrafts(deps.db, uid, draft.contactId);
    checkConversationRules(
      await getDrafts(deps.db, uid, list.draftIds),
      draft.draftType,
      draft.conversationId,
      draft.id,
    );
  }
  throw new HttpError(409, draftMessages.mailboxNotConnected, { code: 'mailbox_not_connected' });
};

/** What an outreach cursor is bound to: the user, so it opens for no other. */
const outreachScope = (uid: string) => `outreach\n${uid}`;
const unknownCursor = () =>
  badRequest(messages.validation.unknownCursor, [{ field: 'cursor', message: messages.validation.unknownCursor }]);

/** GET /api/outreach: a page of the user's contacts, most recently updated first, each with its primary draft. */
export const outreach = async (
  deps: DraftsDeps,
  uid: string,
  query: z.infer<typeof outreachQuery>,
): Promise<OutreachPage> => {
  const after = query.cursor ? await deps.cursors.open(outreachScope(uid), query.cursor) : undefined;
  if (query.cursor && after === undefined) throw unknownCursor();
  const page = await contactsPage(deps.db, uid, {
    order: 'last_updated',
    direction: 'desc',
    limit: query.limit,
    after,
  }).catch((error: unknown) => {
    if (error instanceof UnknownCursorError) throw unknownCursor();
    throw error;
  });
  const primaries = await primaryDraftsOf(
    deps.db,
    uid,
    page.items.map((item) => item.contactId),
  );
  const now = deps.now();
  return {
    items: page.items.map((item) => ({
      contact: toContactWire(item, now),
      primaryDraft: primaries.get(item.contactId) ?? null,
    })),
    nextCursor: page.next ? await deps.cursors.seal(outreachScope(uid), page.next) : null,
  };
};
