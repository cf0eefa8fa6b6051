import * as z from 'zod';
import {
  profileSchema,
  settingsSchema,
  syncUserBody,
  updateProfileBody,
  updateSettingsBody,
} from './schemas/profile.js';
import { accountExportSchema, deleteAccountBody, deleteAccountResponse, normalizedProfileSchema } from './schemas/account.js';
import {
  contactDetailSchema,
  contactIdParams,
  contactPageSchema,
  contactPreviewSchema,
  contactSchema,
  createContactBody,
  listContactsQuery,
  lookupEmailsBody,
  lookupEmailsResponse,
  previewContactBody,
  quotaSchema,
  updateContactBody,
} from './schemas/contacts.js';
import {
  createUploadBody,
  processCoverLetterBody,
  processDocumentBody,
  processedDocumentSchema,
  uploadTicketSchema,
} from './schemas/documents.js';

/**
 * Every HTTP route of the product, once (DESIGN §1 "One route table drives everything"). The CDK stack builds API
 * Gateway resources and one Lambda per domain from it, the local gateway serves it, the web client types its calls
 * from it and the contract tests enumerate it. Paths keep the spec's spelling (SPEC §7).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${HttpMethod} /${string}`;

/** A domain is one Lambda: `lambdas/<domain>/http.ts` exports `handler`. */
export const domains = ['health', 'profiles', 'documents', 'ai', 'account', 'contacts'] as const;
export type Domain = (typeof domains)[number];

export type RouteSpec = {
  domain: Domain;
  /** `user` routes need a verified Cognito ID token; the user id comes from its `sub` claim only. */
  auth: 'public' | 'user';
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
};

const healthResponse = z.object({ status: z.literal('ok'), time: z.string(), version: z.string() });

export const routes = {
  'GET /api/health': {
    domain: 'health',
    auth: 'public',
    summary: 'Liveness of the API and its table',
    response: healthResponse,
  },

  // SPEC §3 user profile, §7 'Profile'
  'POST /api/users/sync-user': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Create the profile on first sign-in (new-user defaults), later refresh e-mail, name and time zone',
    body: syncUserBody,
    response: profileSchema,
  },
  'GET /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: "The signed-in user's profile",
    response: profileSchema,
  },
  'PUT /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Partial update of the profile fields',
    body: updateProfileBody,
    response: profileSchema,
  },
  'POST /api/profiles': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Partial update of the profile fields (same as PUT)',
    body: updateProfileBody,
    response: profileSchema,
  },
  'GET /api/user/profile': {
    domain: 'profiles',
    auth: 'user',
    summary: "The signed-in user's profile (the spec's second path)",
    response: profileSchema,
  },
  'GET /api/profiles/settings': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Profile and app settings with their defaults',
    response: settingsSchema,
  },
  'PUT /api/profiles/settings': {
    domain: 'profiles',
    auth: 'user',
    summary: 'Update some settings: body {settings}',
    body: updateSettingsBody,
    response: settingsSchema,
  },

  // DESIGN §6 "Uploads": browser -> S3 by presigned POST, then the spec's endpoints process the stored object
  'POST /api/uploads': {
    domain: 'documents',
    auth: 'user',
    summary: "A presigned POST for one document under the user's own prefix (size and type checked first)",
    body: createUploadBody,
    response: uploadTicketSchema,
  },
  'POST /api/profiles/resume': {
    domain: 'documents',
    auth: 'user',
    summary: 'Process an uploaded résumé: check size and type by its bytes, extract the text, keep it on the profile',
    body: processDocumentBody,
    response: processedDocumentSchema,
  },
  'DELETE /api/profiles/resume': {
    domain: 'documents',
    auth: 'user',
    summary: 'Remove the résumé (file and text)',
    response: z.object({ deleted: z.boolean() }),
  },
  'POST /api/profiles/cover-letter': {
    domain: 'documents',
    auth: 'user',
    summary: 'Process an uploaded cover letter (with the company it is for)',
    body: processCoverLetterBody,
    response: processedDocumentSchema,
  },
  'DELETE /api/profiles/cover-letter': {
    domain: 'documents',
    auth: 'user',
    summary: 'Remove the cover letter (file and text)',
    response: z.object({ deleted: z.boolean() }),
  },
  'POST /process-file': {
    domain: 'documents',
    auth: 'user',
    summary: 'Process an uploaded background file; its text fills the profile background',
    body: processDocumentBody,
    response: processedDocumentSchema,
  },
  'DELETE /api/profiles/background-file': {
    domain: 'documents',
    auth: 'user',
    summary: 'Remove the background file (the background text stays, it is the user\'s own)',
    response: z.object({ deleted: z.boolean() }),
  },

  // SPEC §7: after changes to résumé, cover letter, background, goals, interests, location or availability
  'POST /api/profiles/normalize': {
    domain: 'ai',
    auth: 'user',
    summary: 'Store a compact, normalised summary of the profile for AI drafting (through the AI port)',
    response: normalizedProfileSchema,
  },

  // DESIGN §6 "Your data"
  'GET /api/account/export': {
    domain: 'account',
    auth: 'user',
    summary: 'Everything held about the user as one JSON document',
    response: accountExportSchema,
  },
  'DELETE /api/account': {
    domain: 'account',
    auth: 'user',
    summary: "Delete the account: every item under the user's key, every stored file, the Cognito user",
    body: deleteAccountBody,
    response: deleteAccountResponse,
  },

  // SPEC §7 'Contacts' (issue 5); wire format snake_case (SPEC §3)
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
    response: z.array(contactSchema),
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
  'DELETE /api/contacts/{id}': {
    domain: 'contacts',
    auth: 'user',
    summary: 'Delete a contact (its slot is not given back: slots count additions per period)',
    params: contactIdParams,
    response: z.object({ deleted: z.boolean() }),
  },
  'GET /api/profiles/slots': {
    domain: 'contacts',
    auth: 'user',
    summary: 'Contact slots of the current period (SPEC §3 Quota)',
    response: quotaSchema,
  },
} as const satisfies Record<RouteKey, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export const routeEntries = () =>
  (Object.entries(routes) as [RouteName, RouteSpec][]).map(([key, spec]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return { key, method, path, ...spec };
  });

/** The routes a domain's Lambda serves. */
export const routesOf = (domain: Domain) => routeEntries().filter((route) => route.domain === domain);

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteBody<K extends RouteName> = Infer<Routes[K] extends { body: infer B } ? B : undefined>;
export type RouteQuery<K extends RouteName> = Infer<Routes[K] extends { query: infer Q } ? Q : undefined>;
export type RouteParams<K extends RouteName> = Infer<Routes[K] extends { params: infer P } ? P : undefined>;
export type RouteResponse<K extends RouteName> = Routes[K] extends { response: infer R }
  ? Infer<R>
  : unknown;
