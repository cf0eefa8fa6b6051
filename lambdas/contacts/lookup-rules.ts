import { limits } from '../../shared/constants.js';
import type { EmailLookupMessage, emailLookupStatuses, emailQevStatuses } from '../../shared/schemas/contacts.js';

/** The e-mail fields of a contact the rules read (SPEC §3 'Contact'). */
export type ContactEmailState = {
  email?: string | null | undefined;
  emailQevStatus?: (typeof emailQevStatuses)[number] | null | undefined;
  emailLookupStatus?: (typeof emailLookupStatuses)[number] | null | undefined;
  emailLookupAttempts?: number | null | undefined;
  emailNotFoundConfidence?: number | null | undefined;
};

const hasEmail = (contact: ContactEmailState) => Boolean(contact.email?.trim());

/** SPEC §5: a contact e-mail is usable only if emailQevStatus is 'valid' and an e-mail is present. */
export const isUsableEmail = (contact: ContactEmailState) => contact.emailQevStatus === 'valid' && hasEmail(contact);

/**
 * SPEC §5: a lookup may run unless an e-mail is present with status found_valid, or 3 or more attempts were made
 * (SPEC §9), or the not-found confidence is above 0.9 (SPEC §9).
 */
export const mayLookUp = (contact: ContactEmailState) =>
  !(hasEmail(contact) && contact.emailLookupStatus === 'found_valid') &&
  (contact.emailLookupAttempts ?? 0) < limits.emailLookupMaxAttempts &&
  (contact.emailNotFoundConfidence ?? 0) <= limits.emailNotFoundThreshold;

/** The message of a contact's next lookup: the attempt after those spent, so a redelivered one changes nothing twice. */
export const lookupMessage = (contact: {
  uid: string;
  contactId: string;
  emailLookupAttempts?: number | null | undefined;
}): EmailLookupMessage => ({
  uid: contact.uid,
  contactId: contact.contactId,
  attempt: (contact.emailLookupAttempts ?? 0) + 1,
});
