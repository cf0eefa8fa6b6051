import { limits } from '@shared/constants';
import type { Contact } from '../api/contactMapping';

type EmailFields = Pick<Contact, 'email' | 'emailQevStatus'>;
type LookupFields = Pick<Contact, 'email' | 'emailLookupStatus' | 'emailLookupAttempts' | 'emailNotFoundConfidence'>;

/** SPEC §5: a contact e-mail is usable only if its verification status is 'valid' and an e-mail is present. */
export const isUsableEmail = ({ email, emailQevStatus }: EmailFields) => Boolean(email) && emailQevStatus === 'valid';

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
  contact: Pick<Contact, 'email' | 'emailQevStatus' | 'emailLookupStatus'>,
): EmailVerificationState => {
  if (contact.emailLookupStatus === 'pending') return 'looking_up';
  if (contact.email) {
    if (isUsableEmail(contact)) return 'valid';
    if (contact.emailQevStatus === 'invalid') return 'invalid';
    if (contact.emailQevStatus === 'accept_all' || contact.emailQevStatus === 'unknown') return 'risky';
    return contact.emailLookupStatus === 'found_risky' ? 'risky' : 'none';
  }
  if (contact.emailLookupStatus === 'not_found') return 'not_found';
  if (contact.emailLookupStatus === 'error') return 'failed';
  return 'none';
};
