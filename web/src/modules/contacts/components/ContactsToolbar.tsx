import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/ui/SelectField';
import type { ContactFilters } from '../hooks/useContactList';
import {
  lookupStatusOptions,
  relationshipOptions,
  type sortOptions,
  sortOptionsLabelled,
} from '../utils/contactLabels';
import './contacts.css';

export type ContactsToolbarProps = {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
};

/** Search waits for a pause in typing before asking the server. */
const searchDebounceMs = 300;

type SortValue = (typeof sortOptions)[number]['value'];

/** Search, filters (lookup status, relationship) and sort of the contacts table. */
export const ContactsToolbar = ({ filters, onChange }: ContactsToolbarProps) => {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState(filters.q ?? '');
  // the search follows the URL too (Back, a link): a query that is not what was typed replaces it
  const [shownQuery, setShownQuery] = useState(filters.q ?? '');
  if ((filters.q ?? '') !== shownQuery) {
    setShownQuery(filters.q ?? '');
    if ((filters.q ?? '') !== search.trim()) setSearch(filters.q ?? '');
  }

  useEffect(() => {
    const query = search.trim();
    if (query === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: query || undefined }), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <div className="contacts-toolbar">
      <Input
        allowClear
        prefix={<SearchOutlined className="contacts-toolbar__search-icon" />}
        placeholder={t('toolbar.searchPlaceholder')}
        aria-label={t('toolbar.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="contacts-toolbar__search"
      />
      <SelectField
        placeholder={t('toolbar.lookup')}
        aria-label={t('toolbar.filterLookup')}
        className="contacts-toolbar__lookup"
        value={filters.email_lookup_status}
        onChange={(value) => onChange({ ...filters, email_lookup_status: value })}
        options={lookupStatusOptions()}
      />
      <SelectField
        placeholder={t('table.relationship')}
        aria-label={t('toolbar.filterRelationship')}
        className="contacts-toolbar__select"
        value={filters.relationship_status}
        onChange={(value) => onChange({ ...filters, relationship_status: value })}
        options={relationshipOptions()}
      />
      <SelectField<SortValue>
        aria-label={t('toolbar.sort')}
        className="contacts-toolbar__select"
        value={`${filters.sort}:${filters.order}` as SortValue}
        onChange={(value) => {
          if (!value) return;
          const [sort, order] = value.split(':') as [ContactFilters['sort'], ContactFilters['order']];
          onChange({ ...filters, sort, order });
        }}
        options={sortOptionsLabelled()}
      />
    </div>
  );
};
