import type { RouteBody } from '@shared/routes';
import { type Draft, draftMessages, draftStatuses, draftTypes } from '@shared/schemas/drafts';
import { ApiError } from '@/lib/http/ApiError';
import { type ApiClient, helperTimeoutMs } from '@/lib/http/apiClient';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { toContact, type Contact } from '@/modules/contacts/api/contactMapping';
import { isRecord } from '@/lib/isRecord';

type Api = Pick<ApiClient, 'request'>;

/** One row of the Outreach page: a contact with its primary draft (null until one is written). */
export type OutreachRow = { contact: Contact; primaryDraft: Draft | null };
export type OutreachListPage = { rows: OutreachRow[]; nextCursor: string | null };

/** The SWR key of the Outreach list (its first part is the route's name, as the live channel's staleKeys expects). */
export const outreachKey = 'GET /api/outreach';

export const listOutreach = async (api: Api, cursor?: string, signal?: AbortSignal): Promise<OutreachListPage> => {
  const page = await api.request('GET /api/outreach', {
    query: { limit: 100, ...(cursor ? { cursor } : {}) },
    signal,
  });
  return {
    rows: page.items.map((item) => ({ contact: toContact(item.contact), primaryDraft: item.primaryDraft })),
    nextCursor: page.nextCursor,
  };
};

/** Writes e-mails for 1-100 contacts in the background (DESIGN §8): progress by batch id. */
export const startGenerationBatch = (api: Api, body: RouteBody<'POST /api/outreach/generate'>) =>
  api.request('POST /api/outreach/generate', { body });

export const getBatchProgress = (api: Api, batchId: string, signal?: AbortSignal) =>
  api.request('GET /api/outreach/batches/{batchId}', { params: { batchId }, signal });

/** A draft route's answer that is not what the route promises (SPEC §5): a failure to show, never a guess. */
const badDraftAnswer = (message: string) => new ApiError({ status: 200, code: 'bad_response', message });

/**
 * SPEC §5 'Invalid draft response format': a draft as the page relies on it (its ids, type, send state and whether
 * it is primary); anything else is refused before it reaches a cache or an editor.
 */
export const asDraft = (value: unknown): Draft => {
  const valid =
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.contactId === 'string' &&
    (draftTypes as readonly unknown[]).includes(value.draftType) &&
    (draftStatuses as readonly unknown[]).includes(value.status) &&
    typeof value.isPrimary === 'boolean';
  if (!valid) throw badDraftAnswer(draftMessages.invalidResponse);
  return value as Draft;
};

/** SPEC §5 'Expected array of drafts': a list of drafts, each checked as {@link asDraft}. */
export const asDrafts = (value: unknown): Draft[] => {
  if (!Array.isArray(value)) throw badDraftAnswer(draftMessages.expectedArray);
  return value.map(asDraft);
};

/**
 * SPEC §4 'App events': every change of drafts this tab makes raises its window event (`draft-saved`,
 * `draft-deleted`, `primary-draft-cleared`); the live provider revalidates the caches it touches from them.
 */
const saved = (draft: Pick<Draft, 'id' | 'contactId' | 'isPrimary'>) => {
  raiseWindowEvent('draft-saved', { draftId: draft.id, contactId: draft.contactId, isPrimary: draft.isPrimary });
  return draft;
};

/** One e-mail now, kept as the contact's primary draft (SPEC §7: a helper call, 120 s). */
export const generateEmail = async (api: Api, contactId: string, templateId?: string) => {
  const written = await api.request('POST /ai/generate-ai-email', {
    body: { contactId, ...(templateId ? { templateId } : {}) },
    timeoutMs: helperTimeoutMs,
  });
  if (written.draftId) saved({ id: written.draftId, contactId, isPrimary: true });
  return written;
};

/**
 * The reply (or follow-up) of a conversation written by the AI from its thread (DESIGN §9), kept as the
 * conversation's unsent draft of that type: the one there is rewritten, else a new one (not primary).
 */
export const generateReply = async (
  api: Api,
  body: { contactId: string; conversationId: string; instructions?: string },
) => {
  const instructions = body.instructions?.trim();
  const written = await api.request('POST /ai/generate-ai-email', {
    body: {
      contactId: body.contactId,
      conversationId: body.conversationId,
      draftType: 'reply',
      ...(instructions ? { instructions } : {}),
    },
    timeoutMs: helperTimeoutMs,
  });
  if (written.draftId) saved({ id: written.draftId, contactId: body.contactId, isPrimary: false });
  return written;
};

export const listTemplates = (api: Api) => api.request('GET /api/templates');

export const renderTemplate = (api: Api, templateId: string, contactId: string) =>
  api.request('POST /api/templates/{id}/render', { params: { id: templateId }, body: { contactId } });

export const createDraft = async (api: Api, body: RouteBody<'POST /api/drafts'>) =>
  saved(asDraft(await api.request('POST /api/drafts', { body })));

export const updateDraft = async (api: Api, id: string, body: RouteBody<'PATCH /api/drafts/{id}'>) =>
  saved(asDraft(await api.request('PATCH /api/drafts/{id}', { params: { id }, body })));

export const deleteDraft = async (api: Api, draft: Pick<Draft, 'id' | 'contactId'>) => {
  const answer = await api.request('DELETE /api/drafts/{id}', { params: { id: draft.id } });
  raiseWindowEvent('draft-deleted', { draftId: draft.id, contactId: draft.contactId });
  return answer;
};

/**
 * POST /api/drafts/{id}/send (DESIGN §8): sends the draft from the default mailbox now, or at `scheduledSendTime`;
 * answers the draft with its send state (`sending` or `sent`). A failed draft is sent again the same way (Retry).
 */
export const sendDraft = async (api: Api, id: string, scheduledSendTime?: string) =>
  saved(
    asDraft(
      await api.request('POST /api/drafts/{id}/send', {
        params: { id },
        body: scheduledSendTime ? { scheduledSendTime } : {},
      }),
    ),
  );

/**
 * Cancels a send waiting for its time (a Send later, or an auto follow-up, DESIGN §6): the draft goes back to an
 * unsent draft, kept to edit or send by hand. One due within a minute is already leaving: a 409 says so.
 */
export const cancelScheduledSend = (api: Api, id: string) => updateDraft(api, id, { scheduledSendTime: null });

/** Leaves the contact's drafts, none of them primary. */
export const clearPrimaryDraft = async (api: Api, contactId: string) => {
  const answer = await api.request('POST /api/drafts/contact/{contactId}/clear-primary', { params: { contactId } });
  if (answer.cleared) raiseWindowEvent('primary-draft-cleared', { contactId });
  return answer;
};

/** Every draft of a contact, primary first (SPEC §4 sort). */
export const listContactDrafts = async (api: Api, contactId: string, signal?: AbortSignal): Promise<Draft[]> => {
  const answer = await api.request('GET /api/drafts/contact/{contactId}', {
    params: { contactId },
    query: { primary: 'false', _t: String(Date.now()) },
    signal,
  });
  return asDrafts(answer);
};
