import { lazy, Suspense, useRef } from 'react';
import type { ContactDrawerProps } from '@/modules/contacts/components/ContactDrawerSlot';

const ContactDrawer = lazy(async () => ({ default: (await import('./ContactDrawer')).ContactDrawer }));

/**
 * The contact drawer wherever a contact is opened (the dashboard's table, a notification, a pipeline card): its code
 * arrives the first time a contact opens, and it stays mounted after that so it can animate closed.
 */
export const LazyContactDrawer = (props: ContactDrawerProps) => {
  const opened = useRef(false);
  if (props.contactId !== null) opened.current = true;
  return opened.current ? (
    <Suspense fallback={null}>
      <ContactDrawer {...props} />
    </Suspense>
  ) : null;
};
