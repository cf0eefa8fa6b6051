import { useContactDetail } from '@/modules/contacts/hooks/useContactDetail';
import { currentPlace, zoneOfPlace } from '../utils/placeTimeZone';

/** What the booking knows of the contact's clock: their zone (null: unknown) and the place it was read from. */
export type ContactClock = { name: string; timeZone: string | null; place: string | null };

/**
 * The time zone of the contact a meeting is with, read from the place of their current job (utils/placeTimeZone);
 * null while no contact is chosen or the contact is still loading.
 */
export const useContactTimeZone = (contactId: string | null | undefined, name: string): ContactClock | null => {
  const { data } = useContactDetail(contactId ?? null);
  if (!contactId || !data) return null;
  const place = currentPlace(data.contact.experiences);
  return { name: name || data.contact.name, timeZone: zoneOfPlace(place), place };
};
