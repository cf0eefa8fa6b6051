import { Select } from 'antd';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { contactChoicesKey, searchContacts } from '../api/meetingsApi';
import { meetingsMessages as text } from '../meetingsMessages';

export type PickedContact = { id: string; name: string };

export type ContactPickerProps = {
  value?: string;
  /** the contact's id and name (the title follows the name) */
  onChange?: (id: string, contact: PickedContact) => void;
  id?: string;
};

/** Typing waits this long before the contacts are searched. */
const searchDelayMs = 250;

/** A search over the user's contacts (name, company, e-mail), for booking a meeting from the meetings page. */
export const ContactPicker = ({ value, onChange, id }: ContactPickerProps) => {
  const api = useApiClient();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const { data, isLoading } = useSWR<Awaited<ReturnType<typeof searchContacts>>, ApiError>(
    contactChoicesKey(query),
    ([, { q }]: ReturnType<typeof contactChoicesKey>) => searchContacts(api, q),
    { keepPreviousData: true },
  );
  const options = (data ?? []).map((contact) => ({
    value: contact.id,
    label: [contact.name || contact.email || 'Unnamed contact', contact.company].filter(Boolean).join(' · '),
    name: contact.name || contact.email || 'Unnamed contact',
  }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      placeholder={text.contactPlaceholder}
      aria-label={text.contact}
      loading={isLoading}
      notFoundContent={isLoading ? null : text.noContacts}
      options={options}
      onChange={(picked: string) => {
        const option = options.find((item) => item.value === picked);
        if (option) onChange?.(picked, { id: picked, name: option.name });
      }}
    />
  );
};
