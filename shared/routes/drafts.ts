import {
  clearPrimarySchema,
  contactDraftsQuery,
  contactDraftsResponse,
  createDraftBody,
  deletedSchema,
  draftContactParams,
  draftIdParams,
  draftListSchema,
  draftSchema,
  listDraftsQuery,
  sendDraftBody,
  updateDraftBody,
} from '../schemas/drafts.js';
import { outreachPageSchema, outreachQuery } from '../schemas/outreach.js';
import type { DomainRouteTable } from './route-spec.js';

/** The drafts Lambda's routes: SPEC §7 'Drafts' and the Outreach list (DESIGN §8); JSON keys camelCase. */
export const draftsRoutes = {
  'GET /api/drafts': {
    domain: 'drafts',
    auth: 'user',
    summary: 'Every draft of the user: primary first, then by type, then most recently updated (SPEC §4)',
    query: listDraftsQuery,
    response: draftListSchema,
  },
  'GET /api/drafts/contact/{contactId}': {
    domain: 'drafts',
    auth: 'user',
    summary: "A contact's drafts, sorted; with primary=true its primary draft or null",
    params: draftContactParams,
    query: contactDraftsQuery,
    response: contactDraftsResponse,
  },
  'POST /api/drafts': {
    domain: 'drafts',
    auth: 'user',
    summary: 'Save a new draft (defaults: initial_outreach, primary; SPEC §5 type rules)',
    body: createDraftBody,
    response: draftSchema,
  },
  'PATCH /api/drafts/{id}': {
    domain: 'drafts',
    auth: 'user',
    summary: "Change a draft's subject, body, attachments, placeholder alternatives, scheduled time or primary flag",
    params: draftIdParams,
    body: updateDraftBody,
    response: draftSchema,
  },
  'DELETE /api/drafts/{id}': {
    domain: 'drafts',
    auth: 'user',
    summary: 'Delete a draft',
    params: draftIdParams,
    response: deletedSchema,
  },
  'POST /api/drafts/contact/{contactId}/clear-primary': {
    domain: 'drafts',
    auth: 'user',
    summary: "The contact's drafts stay, none of them primary",
    params: draftContactParams,
    response: clearPrimarySchema,
  },
  'POST /api/drafts/{id}/send': {
    domain: 'drafts',
    auth: 'user',
    summary:
      'Send a draft from the default mailbox, now or at scheduledSendTime (409 without a connected mailbox, 400 for an unusable address)',
    params: draftIdParams,
    body: sendDraftBody,
    response: draftSchema,
  },
  'GET /api/outreach': {
    domain: 'drafts',
    auth: 'user',
    summary: "A page of the user's contacts, most recently updated first, each with its primary draft (Outreach page)",
    query: outreachQuery,
    response: outreachPageSchema,
  },
} as const satisfies DomainRouteTable<'drafts'>;
