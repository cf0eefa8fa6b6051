import type * as z from 'zod';
import type { ConversationEmailKind, ReplyStatus, conversationWithEmailsSchema } from '@shared/schemas/conversations';

export type ConversationWithEmails = z.infer<typeof conversationWithEmailsSchema>;

/** How the thread labels an e-mail that is not an ordinary one (null: no label). */
export const emailKindLabels: Record<ConversationEmailKind, string | null> = {
  sent: null,
  reply: 'Reply',
  auto_reply: 'Auto-reply',
  bounce: 'Bounced',
};

/** Where a conversation stands, in words (SPEC §4 REPLY_RECEIVED and the states of shared/schemas/conversations). */
export const replyStatusLabels: Record<ReplyStatus, string> = {
  awaiting_reply: 'Awaiting reply',
  REPLY_RECEIVED: 'Replied',
  auto_reply: 'Auto-reply only',
  bounced: 'Bounced',
  closed: 'Closed',
};

/** 'Ada Lovelace <ada@example.com>', or the address alone. */
export const sender = (name: string | null, address: string) => (name ? `${name} <${address}>` : address);
