import type { emailLookupStatuses, relationshipStatuses } from '@shared/schemas/contacts';
import type { ReplyStatus } from '@shared/schemas/conversations';
import type { EmailVerificationState } from './emailVerification';
import { formatRecentTime } from '@/lib/formatDate';
import { i18n } from '@/i18n';
import type { Contact } from '../api/contactMapping';

export type RelationshipStatus = (typeof relationshipStatuses)[number];
export type EmailLookupStatus = (typeof emailLookupStatuses)[number];

/** The catalogue's key of a status (keys are camelCase: `meeting_scheduled` is `meetingScheduled`). */
const keyOf = (status: string) => status.replace(/_([a-z])/gi, (_, letter: string) => letter.toUpperCase());

/** The relationship is the contact's pipeline stage, in the pipeline's words. */
export const relationshipLabel = (status: RelationshipStatus) => i18n.t(`contacts:relationship.${keyOf(status)}`);

export const relationshipColors: Record<RelationshipStatus, string> = {
  new: 'default',
  contacted: 'blue',
  replied: 'cyan',
  meeting_scheduled: 'purple',
  closed: 'green',
};

/** The lookup filter's choices (its labels: {@link lookupStatusLabel}). */
export const lookupStatuses: Record<EmailLookupStatus, true> = {
  pending: true,
  found_valid: true,
  found_risky: true,
  not_found: true,
  error: true,
};

export const lookupStatusLabel = (status: EmailLookupStatus) => i18n.t(`contacts:lookupStatus.${keyOf(status)}`);

export const emailTagColors: Record<EmailVerificationState, string> = {
  valid: 'success',
  confirmed: 'cyan',
  risky: 'warning',
  invalid: 'error',
  not_found: 'default',
  looking_up: 'processing',
  failed: 'error',
  none: 'default',
};

/** The e-mail tag: its text, colour and what it means. */
export const emailTag = (state: EmailVerificationState) => ({
  label: i18n.t(`contacts:emailTag.${keyOf(state)}.label`),
  color: emailTagColors[state],
  tooltip: i18n.t(`contacts:emailTag.${keyOf(state)}.tooltip`),
});

/** the server's `emailStatus` values besides 'empty' (lambdas write 'sent'); another one reads as itself, capitalised */
const emailStatuses = ['sent'];

/**
 * SPEC §4 'Contact e-mail': emailStatus stays 'empty' until an e-mail leaves (then 'sent'); a draft written meanwhile
 * shows as `hasActiveDraft`, so an empty status with one is a draft ready, not 'No draft'.
 */
export const emailStatusLabel = (contact: { emailStatus: string; hasActiveDraft: boolean }) => {
  const status = contact.emailStatus;
  if (!status || status === 'empty')
    return contact.hasActiveDraft ? i18n.t('contacts:emailStatus.draftReady') : i18n.t('contacts:emailStatus.noDraft');
  if (emailStatuses.includes(status)) return i18n.t(`contacts:emailStatus.${status}`);
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
};

/** the reply statuses the catalogue names (shared/conversation-turn.ts replyStatusLabels, in each language) */
const replyStatusKeys: Record<ReplyStatus, string> = {
  awaiting_reply: 'awaitingReply',
  REPLY_RECEIVED: 'replied',
  auto_reply: 'autoReply',
  bounced: 'bounced',
  closed: 'closed',
};

/**
 * SPEC §3 Contact `conversationStatus`: the status of the contact's newest conversation (its `replyStatus`, written
 * with it by the server), in the conversation thread's words; 'None' while it has none.
 */
export const conversationStatusLabel = (status: string) => {
  if (!status) return i18n.t('contacts:conversationStatus.none');
  const key = replyStatusKeys[status as ReplyStatus] as string | undefined;
  return key
    ? i18n.t(`contacts:conversationStatus.${key}`)
    : status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replaceAll('_', ' ');
};

/**
 * `{value, label}` choices of a status table, in its order, in the interface's language. The tables name every
 * status (their Record types say so), so the filters need not import the status lists from shared/schemas/contacts.ts,
 * which would bring zod along.
 */
const optionsOf = <K extends string>(table: Record<K, unknown>, label: (value: K) => string) =>
  (Object.keys(table) as K[]).map((value) => ({ value, label: label(value) }));

export const lookupStatusOptions = () => optionsOf(lookupStatuses, lookupStatusLabel);
export const relationshipOptions = () => optionsOf(relationshipColors, relationshipLabel);

/** The sort choices; their labels are the catalogue's `sort.<labelKey>`. */
export const sortOptions = [
  { value: 'last_updated:desc', labelKey: 'recentlyUpdated' },
  { value: 'imported_at:desc', labelKey: 'recentlyAdded' },
  { value: 'name:asc', labelKey: 'nameAsc' },
  { value: 'name:desc', labelKey: 'nameDesc' },
  { value: 'company:asc', labelKey: 'companyAsc' },
] as const;

export const sortOptionsLabelled = () =>
  sortOptions.map((option) => ({ value: option.value, label: i18n.t(`contacts:sort.${option.labelKey}`) }));

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
  if (contact.emailSource === 'manual') return i18n.t('contacts:emailOrigin.manual');
  if (contact.emailSource === 'shared_profile') return i18n.t('contacts:emailOrigin.sharedProfile');
  const example = patternExamples[contact.emailPatternUsed];
  if (example) return i18n.t('contacts:emailOrigin.pattern', { example });
  return contact.emailSource === 'lookup' ? i18n.t('contacts:emailOrigin.lookup') : '';
};

/** A moment of the contact as the app writes one ('5m ago', then 'Mar 4, 2026': lib/formatDate), '—' without one. */
export const formatDate = (iso: string | null) => (iso ? formatRecentTime(iso, i18n.language) : '—');

/** The two letters of an avatar without a picture. */
export const contactInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';
