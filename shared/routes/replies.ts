import {
  checkRepliesBody,
  checkRepliesSchema,
  outlookBatchBody,
  outlookBatchSchema,
  replyCheckStatusSchema,
} from '../schemas/conversations.js';
import type { DomainRouteTable } from './route-spec.js';

/**
 * The replies Lambda's routes (DESIGN §8 'Conversations and replies'): the providers' push webhooks
 * (public: Gmail's Pub/Sub push carries an OIDC token, Graph's notifications a clientState, each checked by the
 * handler; bodies are the vendors' own, checked there) and the user's "check now" calls.
 */
export const repliesRoutes = {
  'POST /api/webhooks/gmail': {
    domain: 'replies',
    auth: 'public',
    summary: 'Gmail push (Pub/Sub push with an OIDC token): reads the mailbox from its cursor',
  },
  'POST /api/webhooks/outlook': {
    domain: 'replies',
    auth: 'public',
    summary: 'Graph change and lifecycle notifications (validationToken echoed, clientState checked)',
  },
  'POST /api/conversations/check-replies': {
    domain: 'replies',
    auth: 'user',
    summary: "Check the user's mailboxes for replies now (the stored grant; body tokens are never used)",
    body: checkRepliesBody,
    response: checkRepliesSchema,
  },
  'POST /outlook/check-replies-batch': {
    domain: 'replies',
    auth: 'user',
    summary: "Check the user's Outlook conversations for replies now (SPEC §7 shape)",
    body: outlookBatchBody,
    response: outlookBatchSchema,
  },
  'GET /api/reply-checks': {
    domain: 'replies',
    auth: 'user',
    summary: "Each mailbox's last reply check and its error (the red banner)",
    response: replyCheckStatusSchema,
  },
} as const satisfies DomainRouteTable<'replies'>;
