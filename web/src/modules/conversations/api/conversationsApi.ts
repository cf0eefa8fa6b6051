import type { ReplyClassification } from '@shared/schemas/conversations';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

/** GET /api/conversations/contact/{contactId}: the contact's conversations, newest first, each with its e-mails. */
export const listContactConversations = (api: Api, contactId: string, signal?: AbortSignal) =>
  api.request('GET /api/conversations/contact/{contactId}', { params: { contactId }, signal });

/** POST /api/conversations/check-replies: the server checks the user's mailboxes now (SPEC §7). */
export const checkReplies = (api: Api, conversationIds?: string[]) =>
  api.request('POST /api/conversations/check-replies', { body: conversationIds ? { conversationIds } : {} });

/** PATCH /api/conversations/{id}/messages/{messageId}: the person corrects a received e-mail's label (DESIGN §9). */
export const correctLabel = (
  api: Api,
  conversationId: string,
  messageId: string,
  classification: ReplyClassification,
) =>
  api.request('PATCH /api/conversations/{id}/messages/{messageId}', {
    params: { id: conversationId, messageId },
    body: { classification },
  });
