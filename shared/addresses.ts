import type { emailQevStatuses } from './schemas/contacts.js';

/**
 * Which contact addresses are sent to (DESIGN §9 'Which addresses are sent to', against SPEC §5's letter): a `valid`
 * one is; an `invalid` or missing one never; a risky one (the domain accepts every address, `accept_all`, or the
 * verifier could not tell, `unknown`: the lookup keeps both as 'found_risky') only once the person confirmed it for
 * that contact. An address no verifier judged yet waits for its verdict. The one rule the server's send guard, the
 * batch's skip and the web's labels read.
 */

/** The e-mail fields of a contact the rule reads (camelCase, as the data layer and the web hold them). */
export type AddressFields = {
  email?: string | null | undefined;
  emailQevStatus?: (typeof emailQevStatuses)[number] | null | undefined;
  /** the person confirmed this very address (a changed address is unconfirmed again) */
  emailConfirmedByUser?: boolean | null | undefined;
};

export const addressStates = ['valid', 'confirmed', 'unconfirmed', 'invalid', 'unverified', 'no_address'] as const;
/**
 * What may be done with a contact's address: `valid` and `confirmed` are sent to; `unconfirmed` is a risky address
 * waiting for the person's confirmation; `unverified` waits for the verifier; `invalid` and `no_address` never.
 */
export type AddressState = (typeof addressStates)[number];

/** Why a contact cannot be sent to (a batch's `skipped[].reason`). */
export const unsendableReasons = ['unconfirmed', 'invalid', 'no_address', 'unverified'] as const;
export type UnsendableReason = (typeof unsendableReasons)[number];

const riskyStatuses: ReadonlySet<string> = new Set(['accept_all', 'unknown']);

/** The contact's address, trimmed; '' when there is none. */
const addressOf = (contact: AddressFields) => contact.email?.trim() ?? '';

export const addressState = (contact: AddressFields): AddressState => {
  if (!addressOf(contact)) return 'no_address';
  if (contact.emailQevStatus === 'valid') return 'valid';
  if (contact.emailQevStatus === 'invalid') return 'invalid';
  if (contact.emailQevStatus && riskyStatuses.has(contact.emailQevStatus))
    return contact.emailConfirmedByUser ? 'confirmed' : 'unconfirmed';
  return 'unverified';
};

/** Whether the address is a risky one the person may confirm (confirmed already or not). */
export const isRiskyAddress = (contact: AddressFields) => {
  const state = addressState(contact);
  return state === 'confirmed' || state === 'unconfirmed';
};

/** The address an e-mail to the contact goes to, or null when none may be sent to. */
export const sendableAddress = (contact: AddressFields): string | null => {
  const state = addressState(contact);
  return state === 'valid' || state === 'confirmed' ? addressOf(contact) : null;
};

/** Why the contact cannot be sent to, or null when it can. */
export const unsendableReason = (contact: AddressFields): UnsendableReason | null => {
  const state = addressState(contact);
  return state === 'valid' || state === 'confirmed' ? null : state;
};

/** How a reason reads in a count ("2 risky, not confirmed"). */
export const unsendableReasonLabels: Record<UnsendableReason, string> = {
  unconfirmed: 'risky, not confirmed',
  invalid: 'invalid',
  no_address: 'no address found',
  unverified: 'not verified yet',
};

/**
 * "3 of 10 contacts have no address we can send to (2 risky, not confirmed; 1 no address found)": what a batch says of
 * the contacts it skips (or would skip), before it starts and after.
 */
export const unsendableSummary = (skipped: readonly { reason: UnsendableReason }[], total: number) => {
  const counts = unsendableReasons
    .map((reason) => [reason, skipped.filter((item) => item.reason === reason).length] as const)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${count} ${unsendableReasonLabels[reason]}`);
  const subject = total === 1 ? 'contact has' : skipped.length === 1 ? 'contacts has' : 'contacts have';
  return `${skipped.length} of ${total} ${subject} no address we can send to (${counts.join('; ')})`;
};
