import type * as z from 'zod';
import type { ConversationEmailKind, conversationWithEmailsSchema } from '@shared/schemas/conversations';

export type ConversationWithEmails = z.infer<typeof conversationWithEmailsSchema>;

/** How the thread labels an e-mail that is not an ordinary one (null: no label). */
export const emailKindLabels: Record<ConversationEmailKind, string | null> = {
  sent: null,
  reply: 'Reply',
  auto_reply: 'Auto-reply',
  bounce: 'Bounced',
};

/** 'Ada Lovelace <ada@example.com>', or the address alone. */
export const sender = (name: string | null, address: string) => (name ? `${name} <${address}>` : address);
