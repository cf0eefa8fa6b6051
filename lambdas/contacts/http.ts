import { contactsRoutes } from '../../shared/routes/contacts.js';
import { readConfig } from '../core/config.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { enrichmentFromEnv } from '../providers/enrichment/peopledatalabs.js';
import { createSqsClient, sqsQueue } from '../providers/queue/sqs.js';
import * as contacts from './service.js';

const config = readConfig();

const deps: contacts.ContactsDeps = {
  db: createDataClient(config.tableName),
  // DESIGN §5: People Data Labs when its key is configured (the sandbox's locally)
  enrichment: enrichmentFromEnv(),
  queue: sqsQueue(createSqsClient()),
  now: () => new Date(),
  newId: contacts.newContactId,
};

/** The contacts Lambda: SPEC §7 'Contacts' and the quota of `/api/profiles/slots` (issue 5). */
export const handler = httpHandler(
  contactsRoutes,
  {
    'POST /api/contacts': ({ userId, body, logger }) => contacts.createContact(deps, userId, body, logger),
    'GET /api/contacts': ({ userId, query }) => contacts.listContacts(deps, userId, query),
    'GET /api/contacts/recent': ({ userId }) => contacts.recentContacts(deps, userId),
    'POST /api/contacts/preview': ({ userId, body }) => contacts.previewContact(deps, userId, body),
    'POST /api/contacts/lookup-email': ({ userId, body }) => contacts.lookupEmails(deps, userId, body),
    'GET /api/contacts/{id}': ({ userId, params }) => contacts.getOne(deps, userId, params.id),
    'PUT /api/contacts/{id}': ({ userId, params, body }) => contacts.updateContact(deps, userId, params.id, body),
    'DELETE /api/contacts/{id}': ({ userId, params }) => contacts.deleteContact(deps, userId, params.id),
    'GET /api/profiles/slots': ({ userId }) => contacts.getSlots(deps, userId),
  },
  { logger: createLogger('contacts'), corsOrigin: config.corsOrigin },
);
