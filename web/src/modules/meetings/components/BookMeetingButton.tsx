import { CalendarOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedContact } from './ContactPicker';
import { LazyBookMeetingModal } from './LazyBookMeetingModal';

export type BookMeetingButtonProps = Pick<ButtonProps, 'size' | 'type' | 'className'> & {
  contact: PickedContact;
  /** only the icon shows; the accessible name stays 'Book meeting with {name}' */
  iconOnly?: boolean;
};

/** 'Book meeting' for one contact (the contact drawer, a pipeline card): opens the booking modal with it chosen. */
export const BookMeetingButton = ({ contact, iconOnly = false, ...button }: BookMeetingButtonProps) => {
  const { t } = useTranslation('meetings');
  const [open, setOpen] = useState(false);
  const name = t('book.buttonWith', { name: contact.name });
  return (
    <>
      <Button
        {...button}
        icon={<CalendarOutlined />}
        aria-label={name}
        title={iconOnly ? name : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {iconOnly ? null : t('book.button')}
      </Button>
      <LazyBookMeetingModal open={open} contact={contact} onClose={() => setOpen(false)} />
    </>
  );
};
