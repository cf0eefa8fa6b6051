import { type ComponentType, createContext, useContext } from 'react';

export type ContactDrawerProps = {
  contactId: string | null;
  onClose: () => void;
  /** the contact changed or was deleted: the list refreshes */
  onChanged: () => void;
  /** opens the reply to the contact's latest answer in the conversation (a Reply from elsewhere) */
  startReply?: boolean;
};

const ContactDrawerContext = createContext<ComponentType<ContactDrawerProps> | null>(null);

/**
 * Gives every page the contact drawer (web/src/modules/contactDetail). The drawer shows a contact's conversation,
 * drafts and meetings, so it sits above the modules that open it (contacts, outreach, pipeline, notifications): they
 * place this slot and the app fills it once, and no module imports one that imports it back.
 */
export const ContactDrawerProvider = ContactDrawerContext.Provider;

/** The contact drawer where a page opens a contact (nothing when the app has not provided one). */
export const ContactDrawerSlot = (props: ContactDrawerProps) => {
  const Drawer = useContext(ContactDrawerContext);
  return Drawer ? <Drawer {...props} /> : null;
};
