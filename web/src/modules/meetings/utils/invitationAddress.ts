import { type AddressFields, unsendableReason } from '@shared/addresses';
import { i18n } from '@/i18n';

/** the catalogue's key of each reason (keys are camelCase) */
const reasonKeys = {
  no_address: 'noAddress',
  unverified: 'unverified',
  invalid: 'invalid',
  unconfirmed: 'unconfirmed',
} as const;

/**
 * Why no invitation can go to the contact, before the person books (DESIGN §9 'Which addresses are sent to', the rule
 * of every e-mail, shared/addresses.ts), or null when it can: the server refuses a booking with an invitation to such
 * an address, so the dialog books without one and says why. Read in the interface's language at each call.
 */
export const invitationBlock = (contact: AddressFields & { name: string }) => {
  const reason = unsendableReason(contact);
  if (!reason) return null;
  return {
    reason,
    title: i18n.t('meetings:invitationAddress.title'),
    description: i18n.t(`meetings:invitationAddress.${reasonKeys[reason]}`, {
      name: contact.name,
      email: contact.email?.trim() ?? '',
    }),
  };
};
