import type { RouteQuery } from '@shared/routes';
import type { ApiClient } from '@/lib/http/apiClient';
import {
  toContact,
  toContactPreview,
  toContactWire,
  type Contact,
  type ContactUpdate,
  type NewContact,
} from './contactMapping';

type Api = Pick<ApiClient, 'request'>;

export type ContactQuery = RouteQuery<'GET /api/contacts'>;
export type ContactPage = { contacts: Contact[]; nextCursor: string | null; total: number };

/** A page of the user's contacts, filtered and sorted by the server. */
export const listContacts = async (api: Api, query: ContactQuery, signal?: AbortSignal): Promise<ContactPage> => {
  const page = await api.request('GET /api/contacts', { query, signal });
  return { contacts: page.contacts.map(toContact), nextCursor: page.next_cursor, total: page.total };
};

/** Every contact matching `query`, page after page of 200 (for the CSV export and the import's duplicate check). */
export const listAllContacts = async (api: Api, query: Omit<ContactQuery, 'limit' | 'cursor'>) => {
  const contacts: Contact[] = [];
  let cursor: string | undefined;
  do {
    const page = await listContacts(api, { ...query, limit: 200, ...(cursor ? { cursor } : {}) });
    contacts.push(...page.contacts);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return contacts;
};

export const getContact = async (api: Api, id: string) => {
  const detail = await api.request('GET /api/contacts/{id}', { params: { id } });
  return { contact: toContact(detail.contact), draft: detail.draft };
};

/** From a LinkedIn URL or by hand; uses one slot (402 `contact_limit_reached` over the limit). */
export const createContact = async (api: Api, contact: NewContact) =>
  toContact(await api.request('POST /api/contacts', { body: toContactWire(contact) }));

export const updateContact = async (api: Api, id: string, changes: ContactUpdate) =>
  toContact(await api.request('PUT /api/contacts/{id}', { params: { id }, body: toContactWire(changes) }));

/** DESIGN §9: the person confirms the contact's risky (accept-all) address, so e-mails to it are sent; or takes it back. */
export const confirmContactEmail = async (api: Api, id: string, confirmed: boolean) =>
  toContact(
    await api.request('PATCH /api/contacts/{id}', { params: { id }, body: { emailConfirmedByUser: confirmed } }),
  );

export const deleteContact = (api: Api, id: string) => api.request('DELETE /api/contacts/{id}', { params: { id } });

/** The profile behind a LinkedIn URL before adding it; uses no slot. */
export const previewContact = async (api: Api, linkedinUrl: string) =>
  toContactPreview(await api.request('POST /api/contacts/preview', { body: { linkedin_url: linkedinUrl } }));

export const lookupEmails = (api: Api, contactIds: string[]) =>
  api.request('POST /api/contacts/lookup-email', { body: { contact_ids: contactIds } });
