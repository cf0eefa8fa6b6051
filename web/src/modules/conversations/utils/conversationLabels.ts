import type * as z from 'zod';
import type {
  ConversationEmailKind,
  ReplyClassification,
  ReplyStatus,
  conversationWithEmailsSchema,
} from '@shared/schemas/conversations';
import { i18n } from '@/i18n';

export type ConversationWithEmails = z.infer<typeof conversationWithEmailsSchema>;

const emailKindKeys: Record<ConversationEmailKind, string | null> = {
  sent: null,
  reply: 'reply',
  auto_reply: 'autoReply',
  bounce: 'bounced',
};

/** How the thread labels an e-mail that is not an ordinary one (null: no label). */
export const emailKindLabel = (kind: ConversationEmailKind) => {
  const key = emailKindKeys[kind];
  return key ? i18n.t(`conversations:kind.${key}`) : null;
};

const replyStatusKeys: Record<ReplyStatus, string> = {
  awaiting_reply: 'awaitingReply',
  REPLY_RECEIVED: 'replied',
  auto_reply: 'autoReply',
  bounced: 'bounced',
  closed: 'closed',
};

/** A conversation's status in the thread's words (shared/conversation-turn.ts replyStatusLabels, in each language). */
export const replyStatusLabel = (status: ReplyStatus) => i18n.t(`conversations:status.${replyStatusKeys[status]}`);

/** 'Ada Lovelace <ada@example.com>', or the address alone. */
export const sender = (name: string | null, address: string) => (name ? `${name} <${address}>` : address);

/** A reply's triage label in the person's language (DESIGN §9 'Triage'): the thread, the pipeline card, the bell. */
export const classificationLabel = (classification: ReplyClassification) =>
  i18n.t(`conversations:triage.${classification}`);

/** The label's colour: the answers that ask for the person's reply stand out. */
export const classificationColors: Record<ReplyClassification, string> = {
  interested: 'success',
  referral: 'cyan',
  not_now: 'gold',
  out_of_office: 'default',
  unsubscribe: 'volcano',
  bounce: 'error',
  other: 'default',
};
