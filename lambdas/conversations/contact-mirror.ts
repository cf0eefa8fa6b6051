import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import {
  type ContactConversationFields,
  type ContactConversationRead,
  type ContactTouch,
  contactConversationWrite,
  getContactConversationFields,
} from '../data/contact.js';
import type { ConversationItem } from '../data/conversation.js';
import type { TransactionWrite } from '../data/entity/transaction.js';

/**
 * What a contact shows of its conversations (SPEC §3 Contact `conversationStatus`, the contacts table's Conversation
 * column): the status of its newest conversation, the conversation's own `replyStatus` (`awaiting_reply`,
 * `REPLY_RECEIVED`, `auto_reply`, `bounced`, `closed`; '' while it has none), and of a sent e-mail its sent fields
 * (`emailStatus`/`lastEmailStatus` 'sent', `emailSentAt` of the latest initial e-mail, `lastEmailSentAt`, `emailCount`,
 * `emailProvider`). Every change of a conversation writes this in the SAME transaction as the conversation
 * (lambdas/conversations/record.ts, service.ts), so the two never disagree; the write holds only while the contact
 * exists (a contact deleted meanwhile is not written back: the writer reads again and finds none) and while the
 * contact still shows what was read (`conversationStatusOf`, `lastEmailSentAt`), so concurrent changes of two of its
 * conversations are written in turn.
 */

/** The newest conversation is the one of the greatest `<createdAt>#<id>` (the order of a contact's list, gsi1). */
export const mirrorKeyOf = (conversation: Pick<ConversationItem, 'createdAt' | 'id'>) =>
  `${conversation.createdAt}#${conversation.id}`;

/** The contact as a transaction about to mirror a conversation on it must read it (consistently): null when gone. */
export const contactToMirror = getContactConversationFields;

const later = (a: string | undefined, b: string) => (a && a > b ? a : b);

/** An e-mail that left in the conversation, as the contact records it. */
export type MirroredSend = { at: string; initial: boolean; provider: MailProvider };

/**
 * The contact's write that follows `next` (the conversation as the transaction writes it), or null when there is
 * nothing to write: the contact is gone, or it shows a newer conversation and no e-mail left, or it shows this one as
 * it is already, and nothing touches it. An answer of the contact (`REPLY_RECEIVED`) is kept as its `lastReplyAt`
 * (the analytics funnel's Replied), whichever of its conversations it came in. `touch` (an event of the conversation:
 * an e-mail sent, a reply) moves the contact up the list and, when its stage moved, sets its relationship; the
 * writer adds its directory line (`contactTouchLineWrites`) to the same transaction.
 */
export const contactMirrorWrite = (
  db: Parameters<typeof contactConversationWrite>[0],
  contact: ContactConversationRead | null,
  next: ConversationItem,
  sent?: MirroredSend,
  touch?: ContactTouch,
): TransactionWrite | null => {
  if (!contact) return null;
  const answeredAt =
    next.replyStatus === 'REPLY_RECEIVED' &&
    next.lastReplyDate &&
    !(contact.lastReplyAt && contact.lastReplyAt >= next.lastReplyDate)
      ? next.lastReplyDate
      : null;
  const key = mirrorKeyOf(next);
  const newest = !contact.conversationStatusOf || contact.conversationStatusOf <= key;
  const shown = contact.conversationStatusOf === key && contact.conversationStatus === next.replyStatus;
  const set: ContactConversationFields = {
    ...(newest && !shown ? { conversationStatus: next.replyStatus, conversationStatusOf: key } : {}),
    ...(sent
      ? {
          emailStatus: 'sent',
          lastEmailStatus: 'sent',
          emailProvider: sent.provider,
          lastEmailSentAt: later(contact.lastEmailSentAt, sent.at),
          ...(sent.initial ? { emailSentAt: later(contact.emailSentAt, sent.at) } : {}),
        }
      : {}),
    ...(answeredAt ? { lastReplyAt: answeredAt } : {}),
  };
  if (Object.keys(set).length === 0 && !touch) return null;
  return contactConversationWrite(
    db,
    contact,
    { set, ...(sent ? { addEmails: 1 } : {}), ...(touch ? { touch } : {}) },
    [
      'conversationStatusOf',
      ...(sent ? (['lastEmailSentAt', 'emailSentAt'] as const) : []),
      ...(answeredAt ? (['lastReplyAt'] as const) : []),
    ],
  );
};

/**
 * The contact's write when conversation `removed` is deleted: when the contact shows it, the status of the newest one
 * left (`successor`, read from the contact's list), or none ('') when none is left. Null when the contact is gone or
 * shows another conversation.
 */
export const contactMirrorRemovalWrite = (
  db: Parameters<typeof contactConversationWrite>[0],
  contact: ContactConversationRead | null,
  removed: ConversationItem,
  successor: ConversationItem | null,
): TransactionWrite | null => {
  if (!contact || contact.conversationStatusOf !== mirrorKeyOf(removed)) return null;
  return contactConversationWrite(
    db,
    contact,
    {
      set: successor
        ? { conversationStatus: successor.replyStatus, conversationStatusOf: mirrorKeyOf(successor) }
        : { conversationStatus: '', conversationStatusOf: '' },
    },
    ['conversationStatusOf'],
  );
};
