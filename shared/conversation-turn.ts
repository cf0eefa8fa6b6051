import type { ReplyStatus } from './schemas/conversations.js';

/**
 * Whose turn a conversation is (SPEC §3 Draft: one reply per answer of the contact; SPEC §7 replies waiting): the
 * person owes the next e-mail while the contact's latest answer (`REPLY_RECEIVED`) came after the person's last e-mail.
 * Once they answered, the conversation waits for the contact again, though it keeps `REPLY_RECEIVED` (the funnel
 * counts it as replied). One rule for the dashboard's 'Replies waiting for you', the Outreach row, the contacts table
 * and the thread's Reply, so none offers a reply the draft rules would refuse.
 */
export type ConversationTurnFields = {
  replyStatus: string;
  /** when the contact last answered */
  lastReplyAt: string | null | undefined;
  /** when the person's last e-mail left */
  lastSentAt: string | null | undefined;
};

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

export const awaitsYourReply = ({ replyStatus, lastReplyAt, lastSentAt }: ConversationTurnFields) =>
  replyStatus === 'REPLY_RECEIVED' &&
  !Number.isNaN(time(lastReplyAt)) &&
  (Number.isNaN(time(lastSentAt)) || time(lastReplyAt) > time(lastSentAt));

/** The contact answered and the person has answered them since: the conversation waits for the contact again. */
export const answeredByYou = (fields: ConversationTurnFields) =>
  fields.replyStatus === 'REPLY_RECEIVED' && !awaitsYourReply(fields);

/** The status a conversation shows: once the person answered the contact, it waits for the contact again. */
export const shownReplyStatus = <S extends string>(fields: ConversationTurnFields & { replyStatus: S }) =>
  answeredByYou(fields) ? 'awaiting_reply' : fields.replyStatus;

/** Where a conversation stands, in words (SPEC §4 REPLY_RECEIVED and the states of shared/schemas/conversations). */
export const replyStatusLabels: Record<ReplyStatus, string> = {
  awaiting_reply: 'Awaiting reply',
  REPLY_RECEIVED: 'Replied',
  auto_reply: 'Auto-reply only',
  bounced: 'Bounced',
  closed: 'Closed',
};
