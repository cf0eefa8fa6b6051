import type * as z from 'zod/mini';
import { monotonicFactory } from 'ulid';
import { messages } from '../../shared/messages.js';
import { placeholdersIn } from '../../shared/placeholders.js';
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
import { activityChanged, newActivityId, progressActivity, startActivity } from '../data/activity.js';
import { type ContactItem, contactNameOf, contactsPage, getContact, UnknownCursorError } from '../data/contact.js';
import {
  type AlsoWrite,
  AlsoWriteRefusedError,
  type ContactDrafts,
  type ContactDraftsChange,
  draftConversation,
  type DraftConversation,
  type DraftItem,
  draftItemBytes,
  getContactDrafts,
  getDraft,
  getDrafts,
  primaryDraft,
  primaryDraftsOf,
  toWireDraft,
  userDrafts,
  writeContactDrafts,
} from '../data/draft.js';
import { isItemTooLarge, maxItemBytes } from '../data/item-size.js';
import { effectiveDefault, listMailboxes } from '../data/mailbox.js';
import type { QueuePort } from '../providers/queue/port.js';
import { toContactWire } from '../contacts/index.js';
import { isDoNotContact } from '../conversations/index.js';
import { sendRules, sendTarget } from './send-rules.js';
import { contactEmailPreviewLength } from '../../shared/schemas/contacts.js';

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
  /** the `send` queue: an immediate send is queued at once */
  queue: QueuePort;
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
export const publish = async (deps: DraftWriteDeps, uid: string, event: LiveEvent) => {
  await deps.live
    ?.publish(uid, event)
    .catch((error: unknown) => deps.logger?.warn(`${event.type} was not published`, { error }));
};

export const publishSaved = async (deps: DraftWriteDeps, uid: string, saved: readonly Draft[]) => {
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
export type State = { list: ContactDrafts; drafts: DraftItem[] };
export type Planned<T> = { change: ContactDraftsChange | null; result: T };

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

/** The contact's primary draft as a change leaves it, or null. */
const primaryAfter = (state: State, change: ContactDraftsChange) => {
  const primaryId = change.list.primaryDraftId;
  if (!primaryId || change.remove.includes(primaryId)) return null;
  const primary =
    change.put.find((draft) => draft.id === primaryId) ?? state.drafts.find((draft) => draft.id === primaryId);
  return primary?.isPrimary === true ? primary : null;
};

/**
 * SPEC §3 Contact `emailSubject`, `emailBody` and `placeholderAlternatives`: the contact's current e-mail (its primary
 * draft) as the contacts list shows it on each row, kept on the contact in the draft's own transaction so the list
 * reads no draft. The body is a preview (`contactEmailPreviewLength`): a row shows a line of it, and a 100,000
 * character draft must not crowd the contact's item; the contact's drawer reads the draft itself.
 */
const contactEmailAfter = (state: State, change: ContactDraftsChange) => {
  const primary = primaryAfter(state, change);
  return {
    emailSubject: primary?.subject ?? '',
    emailBody: (primary?.body ?? '').slice(0, contactEmailPreviewLength),
    placeholderAlternatives: primary?.placeholderAlternatives ?? {},
  };
};

/** Times a change is read and tried again because another change of the same contact's drafts came first. */
const conflictRetries = 20;

/**
 * Reads a contact's drafts, plans a change (`plan` may throw a 4xx) and writes it in one transaction conditioned on
 * nothing having changed in between (lambdas/data/draft.ts); if something did, reads and plans again. The same
 * transaction sets the contact's `hasActiveDraft` (SPEC §3), so it never drifts from its drafts. A change that does not
 * need the contact (`requireContact` false) of a contact deleted meanwhile is written without it.
 */
export const changeContactDrafts = async <T>(
  deps: DraftWriteDeps,
  uid: string,
  contactId: string,
  plan: (state: State) => Planned<T> | Promise<Planned<T>>,
  options: {
    requireContact: boolean;
    contactSet?: Record<string, string> | undefined;
    /** writes of other items in the same transaction (lambdas/data/draft.ts `writeContactDrafts`) */
    also?: readonly AlsoWrite[] | undefined;
    /**
     * the contact's list read ahead (e.g. while the model wrote the e-mail): the first attempt plans on it, and if it
     * changed since, the transaction's condition on its version refuses the write and the list is read again
     */
    listRead?: Promise<ContactDrafts> | undefined;
  },
): Promise<T> => {
  let contactGone = false;
  for (let attempt = 0; ; attempt += 1) {
    const list =
      attempt === 0 && options.listRead ? await options.listRead : await getContactDrafts(deps.db, uid, contactId);
    const drafts = await getDrafts(deps.db, uid, list.draftIds);
    const { change, result } = await plan({ list, drafts });
    if (!change) return result;
    for (const draft of change.put) if (draftItemBytes(draft) > maxItemBytes) throw draftTooLarge();
    const contactSet = {
      ...options.contactSet,
      hasActiveDraft: activeDraftAfter({ list, drafts }, change),
      ...contactEmailAfter({ list, drafts }, change),
    };
    const outcome = await writeContactDrafts(deps.db, uid, list, change, {
      requireContact: options.requireContact,
      ...(contactGone ? {} : { contactSet }),
      ...(options.also ? { also: options.also } : {}),
    }).catch((error: unknown) => {
      if (isItemTooLarge(error)) throw draftTooLarge();
      throw error;
    });
    if (outcome === 'written') return result;
    if (outcome === 'alsoRefused') throw new AlsoWriteRefusedError();
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
 * or, when `replace` and it is an unsent draft of the same type that nobody changed since it was written (a
 * regenerated e-mail), replaced. A primary the person edited is kept among the drafts: their words are never lost
 * to a Generate with AI or Apply template.
 */
const withPrimary = (state: State, draft: DraftItem, now: string, replace: boolean): ContactDraftsChange => {
  const previous = state.drafts.find((other) => other.id !== draft.id && other.isPrimary);
  const replaced =
    replace &&
    previous?.status === 'draft' &&
    previous.draftType === draft.draftType &&
    previous.updatedAt === previous.createdAt;
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
 * SPEC §4/§5 type rules for a reply or follow-up in `conversation`, against the contact's other drafts. A reply answers
 * the contact's latest message: none once the user sent one after it (a reply draft sent at or after it, or the
 * conversation's own record of replies sent: a sent draft can be deleted), and again once the contact writes after
 * that reply (read literally, 'A reply has already been sent for this conversation' would end a back-and-forth). A
 * follow-up needs an e-mail of the user sent in the conversation first: a sent reply, or the conversation's own count
 * of sent e-mails (the initial outreach that opened it carries no conversation id, so only the conversation knows it
 * left). SPEC §5's 'Cannot send follow-up before sending a reply' keeps its text for a conversation where nothing was
 * sent.
 */
const checkConversationRules = (
  drafts: readonly Draft[],
  type: DraftType,
  conversationId: string,
  conversation: DraftConversation,
  self?: string,
) => {
  const sentHere = (kind?: DraftType, since?: string | null) =>
    drafts.some(
      (other) =>
        other.id !== self &&
        other.conversationId === conversationId &&
        (kind === undefined || other.draftType === kind) &&
        other.status === 'sent' &&
        (!since || !other.sentAt || other.sentAt >= since),
    );
  if (type === 'reply' && (conversation.replySent || sentHere('reply', conversation.lastReplyDate)))
    throw badRequest(draftMessages.replyAlreadySent);
  if (type === 'follow_up' && !conversation.sent && !sentHere()) throw badRequest(draftMessages.followUpBeforeReply);
};

/**
 * The user's conversation a reply or follow-up of `contactId` goes in: 404 when the user has none of that id; SPEC §5's
 * '{Reply|Follow-up} drafts require a conversation' (400) when it is another contact's, whose thread and rules are
 * not this contact's.
 */
const conversationOfDraft = async (
  db: DataClient,
  uid: string,
  draft: { contactId: string; conversationId: string; draftType: DraftType },
) => {
  const conversation = await draftConversation(db, uid, draft.conversationId);
  if (!conversation) throw notFound();
  if (conversation.contactId !== draft.contactId) throw badRequest(draftMessages.requiresConversation(draft.draftType));
  return conversation;
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
 * new primary draft replaces the contact's unsent primary draft of its type as it was written ("saving replaces the
 * primary one"), else demotes the previous primary (one the person edited, sent, or of another type).
 */
export const createDraft = async (
  deps: DraftWriteDeps,
  uid: string,
  body: CreateBody,
  options: {
    replacePrimary?: boolean;
    contactSet?: Record<string, string>;
    /** writes of other items in the draft's transaction, given its id (an AI batch's contact finished with it) */
    also?: ((draftId: string) => readonly AlsoWrite[]) | undefined;
    /** the contact's list of drafts read ahead (`changeContactDrafts`) */
    listRead?: Promise<ContactDrafts> | undefined;
  } = {},
): Promise<Draft> => {
  const draftType = body.draftType ?? 'initial_outreach';
  const conversationId = body.conversationId ?? null;
  if (draftType === 'initial_outreach' && conversationId) throw badRequest(draftMessages.initialWithConversation);
  if (draftType !== 'initial_outreach' && !conversationId)
    throw badRequest(draftMessages.conversationIdRequired(draftType));
  if (!body.contactId) throw badRequest(draftMessages.contactIdRequired);
  const contactId = body.contactId;
  // a draft of a conversation checks its contact first, so a missing contact is named as such; otherwise the write's
  // own condition on the contact (requireContact) answers the same 404 a round trip sooner (the batch budget: the model plus as few table writes as possible)
  let conversation: DraftConversation | null = null;
  if (conversationId) {
    if (!(await getContact(deps.db, uid, contactId))) throw contactNotFound();
    conversation = await conversationOfDraft(deps.db, uid, { contactId, conversationId, draftType });
  }
  const now = deps.now().toISOString();
  const isPrimary = body.isPrimary ?? true;
  const draft: DraftItem = {
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
      if (conversationId && conversation) checkConversationRules(state.drafts, draftType, conversationId, conversation);
      const change: ContactDraftsChange = isPrimary
        ? withPrimary(state, draft, now, options.replacePrimary ?? true)
        : { put: [draft], remove: [], list: { ...state.list, draftIds: [...state.list.draftIds, draft.id] } };
      return { change, result: draft };
    },
    {
      requireContact: true,
      ...(options.contactSet ? { contactSet: options.contactSet } : {}),
      ...(options.also ? { also: options.also(draft.id) } : {}),
      ...(options.listRead ? { listRead: options.listRead } : {}),
    },
  );
  await publishSaved(deps, uid, [saved]);
  return toWireDraft(saved);
};

type ConversationDraftInput = { contactId: string; conversationId: string; draftType: 'reply' | 'follow_up' };

/** An unsent draft of this type in the conversation, not scheduled: the one a reply composer keeps writing. */
const openDraftOf = (drafts: readonly DraftItem[], input: ConversationDraftInput) =>
  drafts
    .filter(
      (draft) =>
        draft.conversationId === input.conversationId &&
        draft.draftType === input.draftType &&
        (draft.status === 'draft' || draft.status === 'failed') &&
        !draft.scheduledSendTime,
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];

/**
 * Whether a reply or follow-up may be written in the conversation now (the AI asks before the model writes it): 404
 * when the contact or conversation is not the user's, SPEC §5's messages as 400s otherwise.
 */
export const checkConversationDraft = async (db: DataClient, uid: string, input: ConversationDraftInput) => {
  if (!(await getContact(db, uid, input.contactId))) throw contactNotFound();
  const conversation = await conversationOfDraft(db, uid, input);
  const list = await getContactDrafts(db, uid, input.contactId);
  checkConversationRules(await getDrafts(db, uid, list.draftIds), input.draftType, input.conversationId, conversation);
};

/**
 * An AI-written reply or follow-up kept in its conversation (DESIGN §9): it rewrites the conversation's unsent draft
 * of that type when there is one (a composer reopens that draft rather than starting a second), else it is a new
 * draft beside the contact's primary one (not primary: the outreach e-mail stays the contact's). SPEC §5 rules hold.
 */
export const saveConversationDraft = async (
  deps: DraftWriteDeps,
  uid: string,
  input: ConversationDraftInput & { subject: string; body: string },
): Promise<Draft> => {
  if (!(await getContact(deps.db, uid, input.contactId))) throw contactNotFound();
  const conversation = await conversationOfDraft(deps.db, uid, input);
  const now = deps.now().toISOString();
  const saved = await changeContactDrafts(
    deps,
    uid,
    input.contactId,
    (state) => {
      checkConversationRules(state.drafts, input.draftType, input.conversationId, conversation);
      const open = openDraftOf(state.drafts, input);
      if (open) {
        const { failureReason: _failure, ...rest } = open;
        const next: DraftItem = { ...rest, subject: input.subject, body: input.body, updatedAt: now };
        return { change: { put: [next], remove: [], list: state.list }, result: next };
      }
      const draft: DraftItem = {
        id: deps.newId(),
        userId: uid,
        contactId: input.contactId,
        conversationId: input.conversationId,
        draftType: input.draftType,
        status: 'draft',
        isPrimary: false,
        createdFromTemplate: false,
        createdAt: now,
        updatedAt: now,
        subject: input.subject,
        body: input.body,
      };
      return {
        change: { put: [draft], remove: [], list: { ...state.list, draftIds: [...state.list.draftIds, draft.id] } },
        result: draft,
      };
    },
    { requireContact: true },
  );
  await publishSaved(deps, uid, [saved]);
  return toWireDraft(saved);
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
 * A scheduled send the user may still call off (coord: a send-later or an auto follow-up): being sent, at a time more
 * than `sendRules.cancelMarginMs` ahead (so the due-sends job has not queued it yet). An immediate send may not.
 */
const isCancellable = (draft: DraftItem, now: Date) =>
  draft.status === 'sending' &&
  Boolean(draft.scheduledSendTime) &&
  Date.parse(draft.dueAt ?? draft.scheduledSendTime ?? '') - now.getTime() > sendRules.cancelMarginMs;

/** A scheduled send called off: back to an unsent draft, off the due index, without its send state. */
const unscheduled = (draft: DraftItem, now: string): DraftItem => {
  const {
    scheduledSendTime: _time,
    dueAt: _dueAt,
    sendAfter: _sendAfter,
    sendWaitReason: _reason,
    guardSlot: _slot,
    mailboxId: _mailboxId,
    sendActivityId: _activity,
    ...rest
  } = draft;
  return { ...rest, status: 'draft', updatedAt: now };
};

/** Why a send's activity action ended failed when the user called the scheduled send off. */
export const sendCalledOff = 'The scheduled send was called off.';

/** A scheduled send called off ends its activity action (best effort, as it started). */
const callOffSendActivity = async (deps: DraftsDeps, uid: string, activityId: string | undefined, draftId: string) => {
  if (!activityId) return;
  try {
    const action = await progressActivity(
      deps.db,
      uid,
      activityId,
      draftId,
      { status: 'failed', error: sendCalledOff },
      deps.now(),
    );
    if (action) await publish(deps, uid, activityChanged(action));
  } catch (error) {
    deps.logger?.warn('the activity of a send called off was not ended', { error });
  }
};

/**
 * PATCH /api/drafts/{id}: subject, body, attachments, placeholder alternatives, scheduled send time, primary (SPEC
 * §5: at least one, else 'No valid fields to update'). A draft being sent or sent keeps its content (409), except that
 * `scheduledSendTime: null` calls a scheduled send off while it may be (`isCancellable`): the draft is `draft` again.
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
  let calledOff: string | undefined;
  const updated = await changeContactDrafts(
    deps,
    uid,
    contactId,
    (state) => {
      const current = inState(state, draftId);
      const now = deps.now().toISOString();
      const cancelling =
        body.scheduledSendTime === null && current.status === 'sending' && isCancellable(current, deps.now());
      const edited = Object.keys(body).some(
        (key) => key !== 'isPrimary' && !(cancelling && key === 'scheduledSendTime'),
      );
      if ((contentChanged && isSendingOrSent(current) && !cancelling) || (cancelling && edited))
        throw conflict(draftMessages.notEditable);
      calledOff = cancelling ? current.sendActivityId : undefined;
      const next: DraftItem = {
        ...(cancelling ? unscheduled(current, now) : current),
        ...editedFields(body),
        updatedAt: now,
      };
      if (body.scheduledSendTime === null) delete next.scheduledSendTime;
      if (body.isPrimary === true) {
        const change = withPrimary(state, next, now, false);
        return { change, result: change.put[0] as DraftItem };
      }
      const unset = body.isPrimary === false && current.isPrimary;
      const result = { ...next, isPrimary: unset ? false : current.isPrimary };
      const list = unset ? { ...state.list, primaryDraftId: null } : state.list;
      return { change: { put: [result], remove: [], list }, result };
    },
    { requireContact: false },
  );
  await publishSaved(deps, uid, [updated]);
  await callOffSendActivity(deps, uid, calledOff, draftId);
  return toWireDraft(updated);
};

/** DELETE /api/drafts/{id}: not while it is being sent (409), unless it is a scheduled send still cancellable. */
export const deleteDraft = async (deps: DraftsDeps, uid: string, draftId: string) => {
  const { contactId } = await ownDraft(deps, uid, draftId);
  let calledOff: string | undefined;
  const deleted = await changeContactDrafts(
    deps,
    uid,
    contactId,
    (state) => {
      const current = inState(state, draftId);
      if (current.status === 'sending' && !isCancellable(current, deps.now()))
        throw conflict(draftMessages.alreadySent);
      calledOff = current.status === 'sending' ? current.sendActivityId : undefined;
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
  await callOffSendActivity(deps, uid, calledOff, draftId);
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
  return sortDrafts((await getDrafts(deps.db, uid, list.draftIds)).map(toWireDraft));
};

/** GET /api/drafts/contact/{contactId}?primary=true: the contact's primary draft, or null. */
export const contactPrimaryDraft = async (deps: DraftsDeps, uid: string, contactId: string) => {
  await ownContact(deps, uid, contactId);
  return primaryDraft(deps.db, uid, contactId);
};

/** GET /api/drafts: every draft of the user, sorted as SPEC §4 says. */
export const listDrafts = async (deps: DraftsDeps, uid: string) =>
  sortDrafts((await userDrafts(deps.db, uid)).map(toWireDraft));

/**
 * A send's activity action (SPEC §3 'Activity action'): one e-mail to the contact, in progress until the send
 * worker ends it. Written after the draft turned `sending` and before its message is queued, so the worker finds it;
 * best effort: a send never fails on its report (a failed write is logged, and the action is missing from the log).
 */
const startSendActivity = async (deps: DraftsDeps, uid: string, id: string, contact: ContactItem, at: Date) => {
  try {
    const action = await startActivity(deps.db, uid, {
      id,
      actionType: 'send_emails',
      profileCount: 1,
      recipients: [{ name: contactNameOf(contact) }],
      at,
    });
    await publish(deps, uid, activityChanged(action));
  } catch (error) {
    deps.logger?.warn('the activity of a send was not written', { error });
  }
};

/** A draft the contact can read as it is: a subject and a body, and no `{{spot}}` left unfilled (400 otherwise). */
const checkReadyToRead = (draft: Pick<Draft, 'subject' | 'body'>) => {
  if (!draft.subject?.trim() || !draft.body?.trim()) throw badRequest(draftMessages.incomplete);
  const open = placeholdersIn(`${draft.subject}\n${draft.body}`);
  if (open.length) throw badRequest(draftMessages.unfilledPlaceholders(open));
};

/**
 * POST /api/drafts/{id}/send (DESIGN §8): the draft's own rules first (404, 409 once being sent or sent,
 * SPEC §5 type rules as 400s); then the user's default mailbox (409 with how to connect one, or to reconnect an
 * expired one), the contact's address (SPEC §5: usable only when verified 'valid'; 400), the do-not-contact list
 * (409) and the e-mail itself (400 when its subject or body is empty or a `{{spot}}` is left). Then ONE change of the contact's drafts moves the draft `draft|failed -> sending` (conditioned on the list
 * read: of two sends at once exactly one wins, the other is answered 409), with the mailbox and, for a send later
 * than `sendRules.scheduleMarginMs`, its time on the due index; an immediate send is queued on `send` at once (and on
 * the due index a while later, should the message be lost).
 */
export const sendDraft = async (
  deps: DraftsDeps,
  uid: string,
  draftId: string,
  body: { scheduledSendTime?: string | undefined } = {},
): Promise<Draft> => {
  const draft = await ownDraft(deps, uid, draftId);
  const sendable = (current: Draft) => current.status === 'draft' || current.status === 'failed';
  if (!sendable(draft)) throw conflict(draftMessages.alreadySent);
  if (draft.draftType === 'initial_outreach' && draft.conversationId)
    throw badRequest(draftMessages.initialWithConversation);
  const conversationId = draft.draftType === 'initial_outreach' ? null : draft.conversationId;
  if (draft.draftType !== 'initial_outreach' && !conversationId)
    throw badRequest(draftMessages.requiresConversation(draft.draftType));
  const conversation = conversationId ? await conversationOfDraft(deps.db, uid, { ...draft, conversationId }) : null;
  const check = (drafts: readonly Draft[]) => {
    if (conversationId && conversation)
      checkConversationRules(drafts, draft.draftType, conversationId, conversation, draft.id);
  };
  if (conversationId) {
    const list = await getContactDrafts(deps.db, uid, draft.contactId);
    check(await getDrafts(deps.db, uid, list.draftIds));
  }

  const { mailboxes, defaultId } = await listMailboxes(deps.db, uid);
  const mailbox = mailboxes.find((item) => item.id === effectiveDefault(mailboxes, defaultId));
  if (!mailbox) throw new HttpError(409, draftMessages.mailboxNotConnected, { code: 'mailbox_not_connected' });
  if (mailbox.status !== 'connected')
    throw new HttpError(409, draftMessages.mailboxExpired(mailbox.email), { code: 'mailbox_expired' });

  const contact = await getContact(deps.db, uid, draft.contactId);
  if (!contact) throw contactNotFound();
  const target = sendTarget(contact);
  if ('refusal' in target)
    throw new HttpError(target.refusal.status, target.refusal.message, { code: target.refusal.code });
  const address = target.to;
  if (await isDoNotContact(deps.db, uid, address))
    throw new HttpError(409, draftMessages.doNotContact(address), { code: 'do_not_contact' });
  checkReadyToRead(draft);

  const now = deps.now();
  // The send's activity action, named on the draft so the send worker ends it
  const activityId = newActivityId();
  const wanted = body.scheduledSendTime ?? draft.scheduledSendTime;
  const at = wanted ? new Date(wanted) : null;
  if (at && at.getTime() - now.getTime() > sendRules.maxScheduleAheadMs) throw badRequest(draftMessages.scheduleTooFar);
  const scheduled = at !== null && at.getTime() - now.getTime() > sendRules.scheduleMarginMs ? at : null;

  const sending = await changeContactDrafts(
    deps,
    uid,
    draft.contactId,
    (state) => {
      const current = inState(state, draftId);
      if (!sendable(current)) throw conflict(draftMessages.alreadySent);
      checkReadyToRead(current);
      check(state.drafts);
      const {
        failureReason: _failure,
        sendWaitReason: _wait,
        sendAfter: _after,
        guardSlot: _slot,
        scheduledSendTime: _time,
        ...rest
      } = current;
      const next: DraftItem = {
        ...rest,
        status: 'sending',
        mailboxId: mailbox.id,
        sendActivityId: activityId,
        updatedAt: now.toISOString(),
        ...(scheduled
          ? { scheduledSendTime: scheduled.toISOString(), dueAt: scheduled.toISOString() }
          : { dueAt: new Date(now.getTime() + sendRules.redriveAfterMs).toISOString() }),
      };
      return {
        change: {
          put: [next],
          remove: [],
          list: state.list,
        },
        result: next,
      };
    },
    { requireContact: false },
  );
  await startSendActivity(deps, uid, activityId, contact, now);
  if (!scheduled) {
    // should this fail, the due index sends it a while later (its dueAt)
    await deps.queue
      .send('send', { uid, draftId })
      .catch((error: unknown) => deps.logger?.warn('a send was not queued; the due-sends job will', { error }));
  }
  await publishSaved(deps, uid, [sending]);
  await publish(deps, uid, {
    type: 'email.sendState',
    data: { draftId, contactId: sending.contactId, status: 'sending' },
  });
  return toWireDraft(sending);
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
      primaryDraft: ((draft) => (draft ? toWireDraft(draft) : null))(primaries.get(item.contactId)),
    })),
    nextCursor: page.next ? await deps.cursors.seal(outreachScope(uid), page.next) : null,
  };
};
