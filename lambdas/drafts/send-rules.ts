import { wallClock, zonedTime } from '../core/wall-clock.js';
import { sendableAddress, unsendableReason } from '../../shared/addresses.js';
import { replySubject } from '../../shared/reply-subject.js';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { type ContactItem, contactAddress } from '../data/contact.js';

/** The times sending works by (DESIGN §4/§6). */
export const sendRules = {
  /** a send asked for a time less than this ahead goes at once; later, the due-sends job sends it then */
  scheduleMarginMs: 60_000,
  /** a scheduled send may be called off by hand until this long before its time (the due-sends job runs each minute) */
  cancelMarginMs: 60_000,
  /** a send queued (or re-queued) is on the due index this much later: a lost message still goes out */
  redriveAfterMs: 5 * 60_000,
  /** how far ahead a send may be scheduled */
  maxScheduleAheadMs: 366 * 24 * 60 * 60_000,
  /** SQS holds a message back at most 15 minutes; a longer wait is left to the due-sends job */
  maxDelaySeconds: 900,
  /** a provider's 429 without a Retry-After waits this long (SPEC §8: retryAfter defaults to 60 s) */
  defaultRetryAfterSeconds: 60,
} as const;

/** Why a send is refused for its address: the status, code and text the person reads. */
export type AddressRefusal = { status: 400 | 409; code: string; message: string };

/**
 * The address a draft of the contact is sent to (DESIGN §9 over SPEC §5: a valid address, or a risky one the person
 * confirmed for this contact; shared/addresses.ts), or why none may be.
 */
export const sendTarget = (
  contact: Pick<ContactItem, 'email' | 'emailQevStatus' | 'emailConfirmedFor'>,
): { to: string } | { refusal: AddressRefusal } => {
  const fields = contactAddress(contact);
  const to = sendableAddress(fields);
  if (to) return { to };
  const email = contact.email?.trim() ?? '';
  switch (unsendableReason(fields)) {
    case 'unconfirmed':
      // the person can lift it (confirm the address): a conflict with the contact's state, not a bad request
      return {
        refusal: { status: 409, code: 'address_unconfirmed', message: draftMessages.unconfirmedAddress(email) },
      };
    case 'invalid':
      return { refusal: { status: 400, code: 'unusable_address', message: draftMessages.invalidAddress(email) } };
    default:
      return { refusal: { status: 400, code: 'unusable_address', message: draftMessages.unusableAddress } };
  }
};

/** The Message-ID a draft's e-mail carries (coord: deterministic, so a retry after a crash looks the same one up). */
export const draftMessageId = (draftId: string, from: string) =>
  `<draft-${draftId.toLowerCase()}@${from.split('@').at(-1)?.toLowerCase() || 'localhost'}>`;

/** The draft whose e-mail a Message-ID is (draftMessageId read back), or null for one this app did not give. */
export const draftIdOfMessageId = (messageId: string) => {
  const match = /^<draft-([0-9a-hjkmnp-tv-z]{26})@[^<>\s]+>$/i.exec(messageId.trim());
  // draft ids are ULIDs, upper case (draftMessageId writes them in lower case)
  return match ? match[1]!.toUpperCase() : null;
};

/** The header every sent e-mail carries: the draft it came from (reply detection and the sandbox read it). */
export const draftIdHeader = 'X-Outreach-Draft-Id';

/**
 * DESIGN §6 auto follow-up: `delayDays` calendar days after `sentAt` (as the user's calendar reads it), at
 * `time` (HH:MM) in `timeZone`.
 */
export const followUpTime = (sentAt: Date, settings: { delayDays: number; time: string; timeZone: string }) => {
  const sent = wallClock(sentAt, settings.timeZone);
  const [hour = 9, minute = 0] = settings.time.split(':').map(Number);
  // the calendar day `delayDays` later (Date.UTC rolls months and years over)
  const day = new Date(Date.UTC(sent.year, sent.month - 1, sent.day + settings.delayDays));
  return zonedTime(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute },
    settings.timeZone,
  );
};

/** The subject of an answer in a thread (shared/reply-subject.ts, the web's reply composer's too). */
export { replySubject };

/** The auto follow-up's text (DESIGN §6): short, polite, naming the first e-mail's subject. */
export const followUpText = (input: { subject: string; firstName: string | null; senderName: string | null }) => ({
  subject: replySubject(input.subject),
  body: [
    input.firstName ? `Hi ${input.firstName},` : 'Hi,',
    '',
    `I wanted to follow up on my e-mail about "${input.subject.trim()}" in case it got buried. I would be glad to hear your thoughts whenever you have a moment.`,
    '',
    'Thank you, and best regards,',
    ...(input.senderName ? [input.senderName] : []),
  ].join('\n'),
});
