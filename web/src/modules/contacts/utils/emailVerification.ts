import { sendableAddress } from '@shared/addresses';
import { limits } from '@shared/constants';
import type { Contact } from '../api/contactMapping';

type EmailFields = Pick<Contact, 'email' | 'emailQevStatus'> & Partial<Pick<Contact, 'emailConfirmedByUser'>>;
type LookupFields = Pick<Contact, 'email' | 'emailLookupStatus' | 'emailLookupAttempts' | 'emailNotFoundConfidence'>;

/**
 * Whether e-mails to the contact are sent (DESIGN §9, shared/addresses.ts): a valid address, or a risky one the person
 * confirmed for this contact.
 */
export const isUsableEmail = (contact: EmailFields) => sendableAddress(contact) !== null;

/**
 * SPEC §5: a lookup may run unless an e-mail is present with status found_valid, or 3 or more attempts were made, or
 * the not-found confidence is above 0.9.
 */
export const canLookUpEmail = (contact: LookupFields) =>
  !(contact.email && contact.emailLookupStatus === 'found_valid') &&
  contact.emailLookupAttempts < limits.emailLookupMaxAttempts &&
  contact.emailNotFoundConfidence <= limits.emailNotFoundThreshold;

export const emailVerificationStates = [
  'valid',
  'confirmed',
  'risky',
  'invalid',
  'not_found',
  'looking_up',
  'failed',
  'none',
] as const;
/** What the table's e-mail tag says about an address. */
export type EmailVerificationState = (typeof emailVerificationStates)[number];

/** The tag of a contact's e-mail: a running lookup first, then the verifier's verdict, then the lookup's outcome. */
export const emailVerificationState = (
  contact: Pick<Contact, 'email' | 'emailQevStatus' | 'emailLookupStatus'> &
    Partial<Pick<Contact, 'emailConfirmedByUser'>>,
): EmailVerificationState => {
  if (contact.emailLookupStatus === 'pending') return 'looking_up';
  if (contact.email) {
    if (contact.emailQevStatus === 'valid') return 'valid';
    // DESIGN §9: a risky address the person confirmed is sent to
    if (isUsableEmail(contact)) return 'confirmed';
    if (contact.emailQevStatus === 'invalid') return 'invalid';
    if (contact.emailQevStatus === 'accept_all' || contact.emailQevStatus === 'unknown') return 'risky';
    return contact.emailLookupStatus === 'found_risky' ? 'risky' : 'none';
  }
  if (contact.emailLookupStatus === 'not_found') return 'not_found';
  if (contact.emailLookupStatus === 'error') return 'failed';
  return 'none';
};
