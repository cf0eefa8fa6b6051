import { contactAddress, type ContactItem } from '../data/contact.js';
import type { DataClient } from '../data/client.js';
import { unsendableReason } from '../../shared/addresses.js';
import { meetingMessages } from '../../shared/schemas/meetings.js';
import { isDoNotContact } from '../conversations/index.js';
import { HttpError } from '../core/errors.js';
import { sendTarget } from '../drafts/index.js';

type AddressOfContact = Pick<ContactItem, 'email' | 'emailQevStatus' | 'emailConfirmedFor'>;

/**
 * The address a meeting invitation to the contact goes to, or why none may: the rule of every e-mail the product sends
 * (DESIGN §9 'Which addresses are sent to', through the drafts' `sendTarget`: a valid address, or a risky one the
 * person confirmed), and never to an address on the user's do-not-contact list. The refusal carries the send's status
 * and code (400 unusable, 409 unconfirmed or do-not-contact) with a text that says the meeting can be booked without
 * an invitation.
 */
export const invitationTarget = async (
  db: DataClient,
  uid: string,
  contact: AddressOfContact,
): Promise<{ to: string } | { refusal: HttpError }> => {
  const target = sendTarget(contact);
  const email = contact.email?.trim() ?? '';
  if ('refusal' in target) {
    const reason = unsendableReason(contactAddress(contact));
    const texts = meetingMessages.invitationTo;
    const message =
      reason === 'invalid'
        ? texts.invalid(email)
        : reason === 'unconfirmed'
          ? texts.unconfirmed(email)
          : reason === 'unverified'
            ? texts.unverified
            : texts.no_address;
    return { refusal: new HttpError(target.refusal.status, message, { code: target.refusal.code }) };
  }
  if (await isDoNotContact(db, uid, target.to))
    return {
      refusal: new HttpError(409, meetingMessages.invitationTo.doNotContact(target.to), { code: 'do_not_contact' }),
    };
  return target;
};
