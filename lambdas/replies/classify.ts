import type { ReplyLabel } from '../../shared/schemas/conversations.js';
import type { MailboxMessage } from '../providers/mail/port.js';

/**
 * What an incoming message of a conversation is (SPEC §5, DESIGN §6):
 * - `own`: from the mailbox's own address (SPEC §5: ignored), or one this product sent (its draft-id header);
 * - `bounce`: a delivery status notification (from mailer-daemon or postmaster, `multipart/report;
 *   report-type=delivery-status`, or `X-Failed-Recipients`): the e-mail failed and the address is do-not-contact;
 * - `auto_reply`: an automatic answer (RFC 3834 `Auto-Submitted` other than `no`, `X-Autoreply`, `X-Autorespond`,
 *   `Precedence: auto_reply|bulk|junk`, an out-of-office subject): shown, not counted as a reply;
 * - `reply`: the contact answered.
 */
export type IncomingKind = 'own' | 'bounce' | 'auto_reply' | 'reply';

const bounceSenders = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/i;
const autoSubjects =
  /^\s*(auto(matic)?[\s-]*(reply|response|antwort)|out\s+of\s+(the\s+)?office|ooo\b|away\s+from\s+(the\s+)?office|on\s+vacation|vacation\s+(reply|notice)|abwesenheitsnotiz|r[ée]ponse\s+automatique|absence)/i;

const header = (message: MailboxMessage, name: string) => message.headers[name]?.trim() ?? '';

export const isBounce = (message: MailboxMessage) => {
  const contentType = header(message, 'content-type').toLowerCase();
  return (
    bounceSenders.test(message.from.email) ||
    (contentType.startsWith('multipart/report') && contentType.includes('delivery-status')) ||
    header(message, 'x-failed-recipients') !== ''
  );
};

/** An automatic answer by its headers alone (RFC 3834 `Auto-Submitted`, `X-Autoreply`, `Precedence`). */
export const isAutoSubmitted = (message: MailboxMessage) => {
  const autoSubmitted = (header(message, 'auto-submitted').split(';')[0] ?? '').trim().toLowerCase();
  const precedence = header(message, 'precedence').toLowerCase();
  return (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    header(message, 'x-autoreply') !== '' ||
    header(message, 'x-autorespond') !== '' ||
    ['auto_reply', 'bulk', 'junk'].includes(precedence)
  );
};

export const isAutoReply = (message: MailboxMessage) =>
  isAutoSubmitted(message) || autoSubjects.test(message.subject.replace(/^\s*(re|aw|fw|fwd)\s*:\s*/i, ''));

/**
 * What the headers alone say of a received message (DESIGN §9 'Triage': headers first, so the model is not asked what
 * they already say): a delivery report is a `bounce`, an RFC 3834 automatic answer an `out_of_office`; null when they
 * say nothing (the text decides). An out-of-office's return date is in its text: the caller asks for it.
 */
export const headerLabel = (message: MailboxMessage): Pick<ReplyLabel, 'classification' | 'classifiedBy'> | null => {
  if (isBounce(message)) return { classification: 'bounce', classifiedBy: 'headers' };
  if (isAutoSubmitted(message)) return { classification: 'out_of_office', classifiedBy: 'headers' };
  return null;
};

export const classifyIncoming = (message: MailboxMessage, ownAddress: string): IncomingKind => {
  if (message.from.email.toLowerCase() === ownAddress.toLowerCase()) return 'own';
  if (header(message, 'x-outreach-draft-id') !== '') return 'own';
  if (isBounce(message)) return 'bounce';
  if (isAutoReply(message)) return 'auto_reply';
  return 'reply';
};

/**
 * The answer's own words: quoted lines (`>`) and everything from the quote's attribution ('On ... wrote:') or an
 * original-message separator on are the e-mail it answers, not the contact's.
 */
export const ownText = (body: string) => {
  const lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*(on\s.+wrote:|-{2,}\s*original message\s*-{2,}|from:\s.+)$/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    lines.push(line);
  }
  return lines.join('\n');
};
