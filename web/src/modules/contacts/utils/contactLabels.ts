import { relationshipLabels } from '@shared/relationship';
import type { emailLookupStatuses, relationshipStatuses } from '@shared/schemas/contacts';
import type { ReplyStatus } from '@shared/schemas/conversations';
import { replyStatusLabels } from '@shared/conversation-turn';
import type { EmailVerificationState } from './emailVerification';
import { formatRecentTime } from '@/lib/formatDate';
import type { Contact } from '../api/contactMapping';

export type RelationshipStatus = (typeof relationshipStatuses)[number];
export type EmailLookupStatus = (typeof emailLookupStatuses)[number];

/** The relationship is the contact's pipeline stage, in the pipeline's words (one table of them, shared/). */
export { relationshipLabels };

export const relationshipColors: Record<RelationshipStatus, string> = {
  new: 'default',
  contacted: 'blue',
  replied: 'cyan',
  meeting_scheduled: 'purple',
  closed: 'green',
};

/** The lookup filter's choices. */
export const lookupStatusLabels: Record<EmailLookupStatus, string> = {
  pending: 'Looking up',
  found_valid: 'Valid e-mail',
  found_risky: 'Risky e-mail',
  not_found: 'Not found',
  error: 'Lookup failed',
};

/** The e-mail tag: its text, colour and what it means. */
export const emailTags: Record<EmailVerificationState, { label: string; color: string; tooltip: string }> = {
  valid: { label: 'Valid', color: 'success', tooltip: 'Verified: the mailbox exists and accepts mail.' },
  confirmed: {
    label: 'Confirmed',
    color: 'cyan',
    tooltip:
      'The mail server accepts every address, so this one could not be verified; you confirmed it, so e-mails are sent to it.',
  },
  risky: {
    label: 'Risky',
    color: 'warning',
    tooltip:
      'The mail server accepts every address or did not answer clearly, so this one could not be verified. Nothing is sent to it until you confirm it (on the contact, or in the e-mail).',
  },
  invalid: {
    label: 'Invalid',
    color: 'error',
    tooltip: 'The verifier says this mailbox does not exist. Mail to it would bounce.',
  },
  not_found: {
    label: 'Not found',
    color: 'default',
    tooltip: 'No address of this person could be found and verified. You can enter one by hand.',
  },
  looking_up: {
    label: 'Looking up',
    color: 'processing',
    tooltip: 'Outreach is finding and verifying an address right now.',
  },
  failed: {
    label: 'Lookup failed',
    color: 'error',
    tooltip: 'The last lookup did not finish. Select the contact and find e-mails again.',
  },
  none: {
    label: 'No e-mail',
    color: 'default',
    tooltip: 'No address yet. Select the contact and choose Find e-mails.',
  },
};

/**
 * SPEC §4 'Contact e-mail': emailStatus stays 'empty' until an e-mail leaves (then 'sent'); a draft written meanwhile
 * shows as `hasActiveDraft`, so an empty status with one is a draft ready, not 'No draft'.
 */
export const emailStatusLabel = (contact: { emailStatus: string; hasActiveDraft: boolean }) => {
  const status = contact.emailStatus;
  if (!status || status === 'empty') return contact.hasActiveDraft ? 'Draft ready' : 'No draft';
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
};

/**
 * SPEC §3 Contact `conversationStatus`: the status of the contact's newest conversation (its `replyStatus`, written
 * with it by the server), in the conversation thread's words; 'None' while it has none.
 */
export const conversationStatusLabel = (status: string) =>
  status
    ? (replyStatusLabels[status as ReplyStatus] ??
      status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replaceAll('_', ' '))
    : 'None';

/**
 * `{value, label}` choices of a label table, in its order. The tables name every status (their Record types say so),
 * so the filters need not import the status lists from shared/schemas/contacts.ts, which would bring zod along.
 */
const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

export const lookupStatusOptions = optionsOf(lookupStatusLabels);
export const relationshipOptions = optionsOf(relationshipLabels);

export const sortOptions = [
  { value: 'last_updated:desc', label: 'Recently updated' },
  { value: 'imported_at:desc', label: 'Recently added' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'company:asc', label: 'Company A–Z' },
] as const;

/** Each address pattern a lookup tries (lambdas/contacts/email-candidates.ts) as it looks for a Jane Doe. */
const patternExamples: Record<string, string> = {
  'first.last': 'jane.doe@',
  flast: 'jdoe@',
  first: 'jane@',
  firstlast: 'janedoe@',
  first_last: 'jane_doe@',
  'f.last': 'j.doe@',
  'last.first': 'doe.jane@',
  lastf: 'doej@',
  firstl: 'janed@',
  last: 'doe@',
};

/** Where the contact's address came from, in words ('Guessed from the company's pattern jane.doe@'); '' if unknown. */
export const emailOriginLabel = (contact: Pick<Contact, 'email' | 'emailSource' | 'emailPatternUsed'>) => {
  if (!contact.email) return '';
  if (contact.emailSource === 'manual') return 'Entered by you';
  if (contact.emailSource === 'shared_profile') return 'Found before for this LinkedIn profile';
  const example = patternExamples[contact.emailPatternUsed];
  if (example) return `Guessed from the company's pattern ${example}`;
  return contact.emailSource === 'lookup' ? "Guessed from the company's address pattern" : '';
};

/** A moment of the contact as the app writes one ('5m ago', then 'Mar 4, 2026': lib/formatDate), '—' without one. */
export const formatDate = (iso: string | null) => (iso ? formatRecentTime(iso) : '—');

/** The two letters of an avatar without a picture. */
export const contactInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';
