import { conversationsRoutes } from '../../shared/routes/conversations.js';
import { readConfig } from '../core/config.js';
import { created } from '../core/envelope.js';
import { httpHandler } from '../core/http.js';
import { createLogger } from '../core/logger.js';
import { createDataClient } from '../data/client.js';
import { createLivePort } from '../providers/live/live.js';
import * as conversations from './service.js';
import { now } from '../core/clock.js';

const config = readConfig();

const logger = createLogger('conversations');
const db = createDataClient(config.tableName);
const deps: conversations.ConversationsDeps = {
  db,
  now,
  newId: conversations.newConversationId,
  // DESIGN §8: a conversation changed here reaches the user's other tabs
  live: createLivePort({ db }),
  logger,
};

/** The conversations Lambda: SPEC §7 'Conversations' and the notifications (DESIGN §8). */
export const handler = httpHandler(
  conversationsRoutes,
  {
    'POST /api/conversations': async ({ userId, body }) =>
      created(await conversations.createConversation(deps, userId, body)),
    'GET /api/conversations/contact/{contactId}': ({ userId, params }) =>
      conversations.contactConversationsWithEmails(deps, userId, params.contactId),
    'GET /api/conversations/thread/{threadId}': ({ userId, params }) =>
      conversations.conversationOfThread(deps, userId, params.threadId),
    'GET /api/conversations/{id}': ({ userId, params }) => conversations.conversationById(deps, userId, params.id),
    'PATCH /api/conversations/{id}/reply-status': ({ userId, params, body }) =>
      conversations.setReplyStatus(deps, userId, params.id, body),
    'PATCH /api/conversations/{id}/messages/{messageId}': ({ userId, params, body }) =>
      conversations.correctMessageLabel(deps, userId, params.id, params.messageId, body),
    'PATCH /api/conversations/bulk-update': ({ userId, body }) => conversations.bulkUpdate(deps, userId, body),
    'PATCH /api/conversations/{id}': ({ userId, params, body }) =>
      conversations.updateConversation(deps, userId, params.id, body),
    'DELETE /api/conversations/{id}': ({ userId, params }) => conversations.deleteConversation(deps, userId, params.id),
    'POST /api/conversations/search': ({ userId, body }) => conversations.searchConversations(deps, userId, body),
    'GET /api/conversations/analytics': ({ userId, query }) => conversations.analytics(deps, userId, query),
    'GET /api/conversations/detailed-analytics': ({ userId, query }) =>
      conversations.detailedAnalytics(deps, userId, query),
    'GET /api/notifications': ({ userId }) => conversations.listNotifications(deps, userId),
    'POST /api/notifications/read': ({ userId, body }) => conversations.readNotifications(deps, userId, body),
  },
  { logger, corsOrigin: config.corsOrigin },
);
