import type { Draft } from '../../shared/schemas/drafts.js';
import type { DataClient } from '../data/client.js';
import { type AlsoWrite, type ContactDrafts, type DraftItem, getDrafts } from '../data/draft.js';
import { getConversation } from '../conversations/index.js';
import {
  changeContactDrafts,
  checkConversationDraft,
  createDraft,
  newDraftId,
  publishSaved,
  saveConversationDraft,
  type DraftWriteDeps,
} from './service.js';
import { draftIdOfMessageId } from './send-rules.js';

export type { Draft };

/**
 * What other domains use of drafts (the AI's generation worker): an AI-written e-mail saved as the
 * contact's primary `initial_outreach` draft (SPEC §4/§5: at most one primary per contact, even under concurrency).
 * It replaces the contact's unsent primary initial outreach (a regenerated e-mail), else demotes the previous
 * primary. Throws an HttpError 404 when the contact is not the user's (or was deleted meanwhile), 400 when too large.
 */
export const saveGeneratedDraft = (
  db: DataClient,
  uid: string,
  input: {
    contactId: string;
    subject: string;
    body: string;
    placeholderAlternatives?: Record<string, string[]>;
    createdFromTemplate?: boolean;
    /** the angle the e-mail took (SPEC §3 Contact aiStrategy), set on the contact in the same write */
    aiStrategy?: string;
  },
  now: Date,
  options: {
    /** writes of other items in the draft's transaction, given its id (the AI batch's contact finished with it) */
    also?: (draftId: string) => readonly AlsoWrite[];
    /** the contact's list of drafts read ahead, while the model wrote (lambdas/drafts/service.ts `changeContactDrafts`) */
    listRead?: Promise<ContactDrafts>;
  } = {},
): Promise<Draft> =>
  createDraft(
    { db, now: () => now, newId: newDraftId },
    uid,
    {
      contactId: input.contactId,
      draftType: 'initial_outreach',
      isPrimary: true,
      subject: input.subject,
      body: input.body,
      createdFromTemplate: input.createdFromTemplate ?? false,
      ...(input.placeholderAlternatives ? { placeholderAlternatives: input.placeholderAlternatives } : {}),
    },
    { ...(input.aiStrategy ? { contactSet: { aiStrategy: input.aiStrategy } } : {}), ...options },
  );

/** DESIGN §9: the AI's reply or follow-up, kept in its conversation (its unsent draft rewritten, else a new one). */
export const saveGeneratedConversationDraft = (
  db: DataClient,
  uid: string,
  input: Parameters<typeof saveConversationDraft>[2],
  now: Date,
  options: Pick<DraftWriteDeps, 'live' | 'logger'> = {},
): Promise<Draft> => saveConversationDraft({ db, now: () => now, newId: newDraftId, ...options }, uid, input);

/** SPEC §5: whether a reply or follow-up may be written in the conversation now (4xx HttpErrors otherwise). */
export { checkConversationDraft };

/** The contact's primary draft, or null (none, or the contact is not the user's): lambdas/data/draft.ts. */
export { primaryDraft } from '../data/draft.js';

/** An unsent scheduled follow-up of the conversation (an auto follow-up, or one the user scheduled). */
const isScheduledFollowUp = (draft: DraftItem, conversationId: string) =>
  draft.conversationId === conversationId &&
  draft.draftType === 'follow_up' &&
  Boolean(draft.scheduledSendTime) &&
  (draft.status === 'sending' || draft.status === 'draft');

/**
 * DESIGN §6: a reply cancels the conversation's follow-ups (coord: H5 calls this when a reply arrives). Archives the
 * unsent scheduled follow-up drafts of the conversation (off the due index, so they are never sent) in one change of
 * the contact's drafts; answers their ids (none when the conversation is not the user's, or has none). A send worker
 * that reads one afterwards finds it archived and sends nothing.
 */
export const cancelFollowUps = async (
  db: DataClient,
  uid: string,
  conversationId: string,
  now: Date,
  options: Pick<DraftWriteDeps, 'live' | 'logger'> = {},
): Promise<string[]> => {
  const conversation = await getConversation(db, uid, conversationId);
  if (!conversation) return [];
  const deps: DraftWriteDeps = { db, now: () => now, newId: newDraftId, ...options };
  const archived = await changeContactDrafts(
    deps,
    uid,
    conversation.contactId,
    (state) => {
      const due = state.drafts.filter((draft) => isScheduledFollowUp(draft, conversationId));
      if (due.length === 0) return { change: null, result: [] as DraftItem[] };
      const put = due.map((draft): DraftItem => {
        const { dueAt: _due, guardSlot: _slot, sendAfter: _after, sendWaitReason: _reason, ...rest } = draft;
        return { ...rest, status: 'archived', updatedAt: now.toISOString() };
      });
      return { change: { put, remove: [], list: state.list }, result: put };
    },
    { requireContact: false },
  );
  await publishSaved(deps, uid, archived);
  return archived.map((draft) => draft.id);
};

/**
 * Whether one of these Message-IDs is the e-mail of a draft of the user's from this mailbox whose send is under way
 * (the provider took the e-mail, the send worker has not recorded its conversation yet, or crashed before it did and
 * waits for its redelivery), or that was sent since `since` (recorded while the caller looked for its conversation):
 * a message answering it will have a conversation. At most the first three of ours are looked up.
 */
export const answersDraftOf = async (
  db: DataClient,
  uid: string,
  messageIds: readonly string[],
  scope: { mailboxId: string; since: Date },
) => {
  const draftIds = [...new Set(messageIds.map(draftIdOfMessageId).filter((id) => id !== null))].slice(0, 3);
  if (draftIds.length === 0) return false;
  const drafts = await getDrafts(db, uid, draftIds);
  return drafts.some(
    (draft) =>
      (draft.mailboxId === undefined || draft.mailboxId === scope.mailboxId) &&
      (draft.status === 'sending' ||
        (draft.status === 'sent' && draft.sentAt !== undefined && new Date(draft.sentAt) >= scope.since)),
  );
};

/** DESIGN §6: when the auto follow-up of an e-mail sent at `sentAt` goes (the dashboard's follow-ups due). */
export { followUpTime } from './send-rules.js';

/** The address a draft of the contact goes to, or why none may (the dashboard counts a draft ready to send only when the send would take it). */
export { sendTarget } from './send-rules.js';

/** The subject of an answer in a thread: `Re: <subject>`, once (DESIGN §9: the AI's reply keeps the thread's). */
export { replySubject } from './send-rules.js';

/** A change of a contact's drafts in one conditioned write, and its push to the tabs (the sequences' steps). */
export { changeContactDrafts, publishSaved, type DraftWriteDeps } from './service.js';

/** The auto follow-up's short default text (a sequence's step whose AI could not write). */
export { followUpText } from './send-rules.js';
export { newDraftId } from './service.js';
