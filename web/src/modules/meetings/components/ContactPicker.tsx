import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { contactChoicesKey, searchContacts } from '../api/meetingsApi';

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
  const { t } = useTranslation('meetings');
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
  const options = (data ?? []).map((contact) => {
    const name = contact.name || contact.email || t('book.unnamedContact');
    return { value: contact.id, label: [name, contact.company].filter(Boolean).join(' · '), name };
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      placeholder={t('book.contactPlaceholder')}
      aria-label={t('book.contact')}
      loading={isLoading}
      notFoundContent={isLoading ? null : t('book.noContacts')}
      options={options}
      onChange={(picked: string) => {
        const option = options.find((item) => item.value === picked);
        if (option) onChange?.(picked, { id: picked, name: option.name });
      }}
    />
  );
};
