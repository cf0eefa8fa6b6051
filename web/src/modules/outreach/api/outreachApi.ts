import type { RouteBody } from '@shared/routes';
import type { Draft } from '@shared/schemas/drafts';
import { type ApiClient, helperTimeoutMs } from '@/lib/http/apiClient';
import { toContact, type Contact } from '@/modules/contacts/api/contactMapping';

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

/** One e-mail now, kept as the contact's primary draft (SPEC §7: a helper call, 120 s). */
export const generateEmail = (api: Api, contactId: string, templateId?: string) =>
  api.request('POST /ai/generate-ai-email', {
    body: { contactId, ...(templateId ? { templateId } : {}) },
    timeoutMs: helperTimeoutMs,
  });

export const listTemplates = (api: Api) => api.request('GET /api/templates');

export const renderTemplate = (api: Api, templateId: string, contactId: string) =>
  api.request('POST /api/templates/{id}/render', { params: { id: templateId }, body: { contactId } });

export const createDraft = (api: Api, body: RouteBody<'POST /api/drafts'>) => api.request('POST /api/drafts', { body });

export const updateDraft = (api: Api, id: string, body: RouteBody<'PATCH /api/drafts/{id}'>) =>
  api.request('PATCH /api/drafts/{id}', { params: { id }, body });

export const deleteDraft = (api: Api, id: string) => api.request('DELETE /api/drafts/{id}', { params: { id } });

/** Every draft of a contact, primary first (SPEC §4 sort). */
export const listContactDrafts = async (api: Api, contactId: string, signal?: AbortSignal): Promise<Draft[]> => {
  const answer = await api.request('GET /api/drafts/contact/{contactId}', {
    params: { contactId },
    query: { primary: 'false', _t: String(Date.now()) },
    signal,
  });
  return Array.isArray(answer) ? answer : answer ? [answer] : [];
};
