import {
  type AddressFields,
  type AddressState,
  type UnsendableReason,
  unsendableReason,
  unsendableReasons,
} from '@shared/addresses';
import type { SkippedContact } from '@shared/schemas/ai';
import { i18n } from '@/i18n';

/** What the draft editor says of its recipient's address: the tag, a line on what follows, and the row's state. */
export type RecipientTexts = {
  tag: string;
  color: string;
  note: string;
  /** the send bar's reason; null when the address is sent to */
  blocked: string | null;
  /** the Outreach row's state of an unsent draft that cannot be sent for its address, and its line under it */
  row: string | null;
  rowDetail: string | null;
};

/** the catalogue's key of each state (keys are camelCase) */
const stateKeys: Record<AddressState, string> = {
  valid: 'valid',
  confirmed: 'confirmed',
  unconfirmed: 'unconfirmed',
  invalid: 'invalid',
  unverified: 'unverified',
  no_address: 'noAddress',
};

const recipientColors: Record<AddressState, string> = {
  valid: 'success',
  confirmed: 'cyan',
  unconfirmed: 'warning',
  invalid: 'error',
  unverified: 'default',
  no_address: 'default',
};

/** the states whose address is sent to: nothing blocks the send, the row says nothing of it */
const sentTo: readonly AddressState[] = ['valid', 'confirmed'];

/**
 * What the draft editor says of its recipient's address (DESIGN §9, shared/addresses.ts), once and above the e-mail:
 * the tag, its colour, a line on what follows; and the send bar's short reason when nothing may be sent. Read in the
 * interface's language at each call.
 */
export const recipientTexts = (state: AddressState): RecipientTexts => {
  const key = `recipient.${stateKeys[state]}`;
  const blocked = !sentTo.includes(state);
  return {
    tag: i18n.t(`outreach:${key}.tag`),
    color: recipientColors[state],
    note: state === 'valid' ? '' : i18n.t(`outreach:${key}.note`),
    blocked: blocked ? i18n.t(`outreach:${key}.blocked`) : null,
    row: blocked ? i18n.t(`outreach:${key}.row`) : null,
    rowDetail: blocked ? i18n.t(`outreach:${key}.rowDetail`) : null,
  };
};

/**
 * "3 of 10 contacts have no address we can send to (2 risky, not confirmed; 1 no address found)": what a batch says of
 * the contacts it skips (or would skip), before it starts and after, in the interface's language.
 */
export const unsendableSummaryText = (skipped: readonly { reason: UnsendableReason }[], total: number) => {
  const counts = unsendableReasons
    .map((reason) => [reason, skipped.filter((item) => item.reason === reason).length] as const)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => i18n.t(`outreach:unsendable.reasons.${stateKeys[reason]}`, { count }));
  return i18n.t(total === 1 ? 'outreach:unsendable.summarySingle' : 'outreach:unsendable.summary', {
    count: skipped.length,
    total,
    reasons: counts.join('; '),
  });
};

/**
 * The contacts a batch skips unless asked (DESIGN §9: no address that is sent to), with why, in the order given; a
 * contact not known here (not loaded) is left to the server to judge.
 */
export const unsendableContacts = (contacts: readonly ((AddressFields & { id: string }) | undefined)[]) =>
  contacts.flatMap((contact): SkippedContact[] => {
    const reason = contact ? unsendableReason(contact) : null;
    return contact && reason ? [{ contactId: contact.id, reason }] : [];
  });
