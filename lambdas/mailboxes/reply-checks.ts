import type { MailProvider } from '../../shared/schemas/mailboxes.js';
import { replyCheckMessage } from '../../shared/schemas/replies.js';
import type { DataClient } from '../data/client.js';
import { getMailbox } from '../data/mailbox.js';
import { activateMailSync, getMailSync } from '../data/mail-sync.js';
import type { QueuePort } from '../providers/queue/port.js';

/**
 * Puts a mailbox on the reply-check fan-out (the send workers of drafts and meetings call it after each send; the
 * replies domain reads what it starts): idempotent and cheap when it is on already (one GetItem). The first
 * activation reads nothing at the provider: with `queue` given it queues the mailbox's first check, which rebuilds
 * what it missed from the open conversations' threads (so a reply that came before is found), takes the cursor and
 * starts push; without, the next schedule run does. A mailbox that is not the user's or is expired is left off.
 */
export const markMailboxActive = async (
  db: DataClient,
  uid: string,
  mailboxId: string,
  provider: MailProvider,
  now: Date,
  options: { queue?: QueuePort } = {},
): Promise<{ activated: boolean }> => {
  const sync = await getMailSync(db, uid, mailboxId);
  if (sync?.active) return { activated: false };
  const mailbox = await getMailbox(db, uid, mailboxId);
  if (mailbox?.status !== 'connected') return { activated: false };
  await activateMailSync(db, { uid, mailboxId, provider, email: mailbox.email, now });
  if (options.queue) {
    await options.queue.send(
      'reply-check',
      replyCheckMessage(uid, mailboxId, 'manual', `activate-${now.toISOString()}`),
    );
  }
  return { activated: true };
};
