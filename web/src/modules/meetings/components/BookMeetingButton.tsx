import { CalendarOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { bookMeetingMessages as text } from '../bookMeetingMessages';
import type { PickedContact } from './ContactPicker';
import { LazyBookMeetingModal } from './LazyBookMeetingModal';

export type BookMeetingButtonProps = Pick<ButtonProps, 'size' | 'type' | 'className'> & {
  contact: PickedContact;
  /** only the icon shows; the accessible name stays 'Book meeting with {name}' */
  iconOnly?: boolean;
};

/** 'Book meeting' for one contact (the contact drawer, a pipeline card): opens the booking modal with it chosen. */
export const BookMeetingButton = ({ contact, iconOnly = false, ...button }: BookMeetingButtonProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        {...button}
        icon={<CalendarOutlined />}
        aria-label={text.bookMeetingWith(contact.name)}
        title={iconOnly ? text.bookMeetingWith(contact.name) : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {iconOnly ? null : text.bookMeeting}
      </Button>
      <LazyBookMeetingModal open={open} contact={contact} onClose={() => setOpen(false)} />
    </>
  );
};
