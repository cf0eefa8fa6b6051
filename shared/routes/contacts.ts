import * as z from 'zod/mini';
import {
  contactDetailSchema,
  contactIdParams,
  contactPageSchema,
  contactPreviewSchema,
  contactSchema,
  confirmContactEmailBody,
  createContactBody,
  listContactsQuery,
  lookupEmailsBody,
  lookupEmailsResponse,
  previewContactBody,
  quotaSchema,
  updateContactBody,
} from '../schemas/contacts.js';
import type { DomainRouteTable } from './route-spec.js';
import { lazySchema } from '../lazy-schema.js';

/** The contacts Lambda's routes: SPEC §7 'Contacts'; wire format snake_case (SPEC §3). */
export const contactsRoutes = {
  'POST /api/contacts': {
    domain: 'contacts',
    auth: 'user',
    summary: 'Add a contact from a LinkedIn URL or by hand; uses one contact slot (402 contact_limit_reached)',
    body: createContactBody,
    response: contactSchema,
  },
  'GET /api/contacts': {
    domain: 'contacts',
    auth: 'user',
    summary: "A page of the user's contacts, filtered and sorted",
    query: listContactsQuery,
    response: contactPageSchema,
  },
  'GET /api/contacts/recent': {
    domain: 'contacts',
    auth: 'user',
    summary: 'The most recently added or updated contacts (10)',
    response: /* @__PURE__ */ lazySchema(() => z.array(contactSchema)),
  },
  'POST /api/contacts/preview': {
    domain: 'contacts',
    auth: 'user',
    summary: "A LinkedIn URL's profile before adding it (uses no slot)",
    body: previewContactBody,
    response: contactPreviewSchema,
  },
  'POST /api/contacts/lookup-email': {
    domain: 'contacts',
    auth: 'user',
    summary: 'Queue e-mail lookups for some contacts (skips those SPEC §5 says not to look up)',
    body: lookupEmailsBody,
    response: lookupEmailsResponse,
  },
  'GET /api/contacts/{id}': {
    domain: 'contacts',
    auth: 'user',
    summary: 'One contact and its primary draft (null until drafts exist)',
    params: contactIdParams,
    response: contactDetailSchema,
  },
  'PUT /api/contacts/{id}': {
    domain: 'contacts',
    auth: 'user',
    summary: "Partial update of the user's own fields of a contact",
    params: contactIdParams,
    body: updateContactBody,
    response: contactSchema,
  },
  'PATCH /api/contacts/{id}': {
    domain: 'contacts',
    auth: 'user',
    summary: "Confirm the contact's risky (accept-all) address so it is sent to, or take that back (DESIGN §9)",
    params: contactIdParams,
    body: confirmContactEmailBody,
    response: contactSchema,
  },
  'DELETE /api/contacts/{id}': {
    domain: 'contacts',
    auth: 'user',
    summary: 'Delete a contact (its slot is not given back: slots count additions per period)',
    params: contactIdParams,
    response: /* @__PURE__ */ lazySchema(() => z.object({ deleted: z.boolean() })),
  },
  'GET /api/profiles/slots': {
    domain: 'contacts',
    auth: 'user',
    summary: 'Contact slots of the current period (SPEC §3 Quota)',
    response: quotaSchema,
  },
} as const satisfies DomainRouteTable<'contacts'>;
