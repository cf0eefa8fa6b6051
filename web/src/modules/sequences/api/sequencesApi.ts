import type { RouteBody } from '@shared/routes';
import type {
  Enrollment,
  Sequence,
  SequenceBody,
  SequenceCounts,
  SequenceDetail,
  SequenceStep,
} from '@shared/schemas/sequences';
import type { ApiClient } from '@/lib/http/apiClient';
import { routeKey } from '@/lib/http/routeKey';

type Api = Pick<ApiClient, 'request'>;

export type { Enrollment, Sequence, SequenceBody, SequenceCounts, SequenceDetail, SequenceStep };
export type EnrollmentAction = RouteBody<'PATCH /api/sequences/{id}/enrollments/{contactId}'>['action'];
export type ContactEnrollment = NonNullable<Awaited<ReturnType<typeof getContactEnrollment>>>;

/** The user's sequences, newest first. */
export const listSequences = (api: Api) => api.request('GET /api/sequences');

/** One sequence with its numbers, per step (the initial e-mail first). */
export const getSequence = (api: Api, id: string) => api.request('GET /api/sequences/{id}', { params: { id } });

export const createSequence = (api: Api, body: SequenceBody) => api.request('POST /api/sequences', { body });

export const updateSequence = (api: Api, id: string, body: SequenceBody) =>
  api.request('PUT /api/sequences/{id}', { params: { id }, body });

export const deleteSequence = (api: Api, id: string) => api.request('DELETE /api/sequences/{id}', { params: { id } });

/** Enrols 1-100 contacts; answers how many were and why the others were not. */
export const enrollContacts = (api: Api, id: string, contactIds: string[]) =>
  api.request('POST /api/sequences/{id}/enrollments', { params: { id }, body: { contactIds } });

export const listEnrollments = (api: Api, id: string) =>
  api.request('GET /api/sequences/{id}/enrollments', { params: { id } });

export const changeEnrollment = (api: Api, id: string, contactId: string, action: EnrollmentAction) =>
  api.request('PATCH /api/sequences/{id}/enrollments/{contactId}', { params: { id, contactId }, body: { action } });

/** The contact's newest enrolment with its sequence's name, or null. */
export const getContactEnrollment = (api: Api, contactId: string) =>
  api.request('GET /api/sequence-enrollments/{contactId}', { params: { contactId } });

/** The SWR key of the user's templates (the templates page reads the same answer), which template steps choose from. */
export const templatesKey = routeKey('GET /api/templates');

/** The user's templates: a template step names one. */
export const listTemplates = (api: Api) => api.request('GET /api/templates');

/** The SWR key of the contacts' names, for the rows of enrolments. */
export const contactNamesKey = [routeKey('GET /api/contacts'), 'sequence-names'] as const;

/** The name of every contact of the user by id, 200 a page (an enrolment carries only its contact's id). */
export const listContactNames = async (api: Api) => {
  const names = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await api.request('GET /api/contacts', {
      query: { limit: 200, sort: 'name', order: 'asc', ...(cursor ? { cursor } : {}) },
    });
    for (const contact of page.contacts) names.set(contact.id, contact.name);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return names;
};
