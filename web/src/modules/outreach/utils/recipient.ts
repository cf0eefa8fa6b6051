import { type AddressFields, type AddressState, unsendableReason } from '@shared/addresses';
import type { SkippedContact } from '@shared/schemas/ai';

/**
 * What the draft editor says of its recipient's address (DESIGN §9, shared/addresses.ts), once and above the e-mail:
 * the tag, its colour, a line on what follows; and the send bar's short reason when nothing may be sent.
 */
export const recipientTexts: Record<
  AddressState,
  {
    tag: string;
    color: string;
    note: string;
    /** the send bar's reason; null when the address is sent to */
    blocked: string | null;
    /** the Outreach row's state of an unsent draft that cannot be sent for its address, and its line under it */
    row: string | null;
    rowDetail: string | null;
  }
> = {
  valid: { tag: 'Valid', color: 'success', note: '', blocked: null, row: null, rowDetail: null },
  confirmed: {
    tag: 'Risky, confirmed by you',
    color: 'cyan',
    note: 'The mail server accepts any address; you confirmed this one, so it is sent to.',
    blocked: null,
    row: null,
    rowDetail: null,
  },
  unconfirmed: {
    tag: 'Risky: accepts any address',
    color: 'warning',
    note: 'The mail server accepts any address, so this one could not be verified. Nothing is sent until you confirm it.',
    blocked: 'Confirm the address above to send.',
    row: 'Confirm the address',
    rowDetail: 'Its mail server accepts any address: confirm it in the e-mail to send.',
  },
  invalid: {
    tag: 'Invalid',
    color: 'error',
    note: 'The verifier says this mailbox does not exist, so nothing is sent to it. Enter another address on the contact.',
    blocked: 'This address is invalid, so nothing is sent to it.',
    row: 'Invalid address',
    rowDetail: 'The verifier says this mailbox does not exist.',
  },
  unverified: {
    tag: 'Not verified yet',
    color: 'default',
    note: 'This address is being verified; it can be sent to once it is found valid.',
    blocked: 'The address is not verified yet.',
    row: 'Address not verified',
    rowDetail: 'It is sent once the address is verified.',
  },
  no_address: {
    tag: 'No address found',
    color: 'default',
    note: 'Find or enter an address on the contact first.',
    blocked: 'This contact has no address to send to yet.',
    row: 'No address',
    rowDetail: 'Find or enter an address on the contact first.',
  },
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
