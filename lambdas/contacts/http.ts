import { contactsRoutes } from '../../shared/routes/contacts.js';
import { domainConfig } from '../core/config.js';
import { cursorSigner } from '../core/cursor.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { enrichmentFromEnv } from '../providers/enrichment/peopledatalabs.js';
import { createLivePort } from '../providers/live/live.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import * as contacts from './service.js';
import { chargedEnrichment, rememberingUnknownProfiles } from './enrichment-guards.js';
import { now } from '../core/clock.js';

const config = domainConfig('contacts');

const db = createDataClient(config.tableName);
// DESIGN §5: People Data Labs when its key is configured (the sandbox's locally)
const enrichment = enrichmentFromEnv();

const deps: contacts.ContactsDeps = {
  db,
  // A profile the vendor did not know is not asked about again for a while
  enrichment: enrichment && rememberingUnknownProfiles(enrichment, { db, now }),
  queue: sqsQueue(createSqsClient()),
  now,
  newId: contacts.newContactId,
  cursors: cursorSigner(config.secret('CURSOR_SIGNING_KEY')),
  // A lookup request's activity action reaches the user's open tabs
  live: createLivePort({ db }),
};

/**
 * The deps of one user's add: an add asks the vendor only about a URL nobody previewed lately (a preview caches its
 * answer), and such a call takes a token of the user's preview bucket as a preview does (429 when none is left), so
 * adds by URL cannot spend what previews may not.
 */
const addingDeps = (userId: string): contacts.ContactsDeps => ({
  ...deps,
  enrichment:
    enrichment &&
    rememberingUnknownProfiles(
      chargedEnrichment(enrichment, () => contacts.spendPreview(deps, userId)),
      { db, now },
    ),
});

/** The contacts Lambda: SPEC §7 'Contacts' and the quota of `/api/profiles/slots`. */
export const handler = httpHandler(
  contactsRoutes,
  {
    'POST /api/contacts': ({ userId, body, logger }) =>
      contacts.createContact(addingDeps(userId), userId, body, logger),
    'GET /api/contacts': ({ userId, query }) => contacts.listContacts(deps, userId, query),
    'GET /api/contacts/recent': ({ userId }) => contacts.recentContacts(deps, userId),
    'POST /api/contacts/preview': ({ userId, body }) => contacts.previewContact(deps, userId, body),
    'POST /api/contacts/lookup-email': async ({ userId, body }) => {
      await contacts.spendEmailChecks(deps, userId, body);
      return contacts.lookupEmails(deps, userId, body);
    },
    'GET /api/contacts/{id}': ({ userId, params }) => contacts.getOne(deps, userId, params.id),
    'PUT /api/contacts/{id}': ({ userId, params, body }) => contacts.updateContact(deps, userId, params.id, body),
    'PATCH /api/contacts/{id}': ({ userId, params, body }) =>
      contacts.confirmContactEmail(deps, userId, params.id, body),
    'DELETE /api/contacts/{id}': ({ userId, params }) => contacts.deleteContact(deps, userId, params.id),
    'GET /api/profiles/slots': ({ userId }) => contacts.getSlots(deps, userId),
  },
  { logger: createLogger('contacts'), corsOrigin: config.corsOrigin },
);
