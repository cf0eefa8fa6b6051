import { useState } from 'react';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { listContacts } from '@/modules/contacts/api/contactsApi';

/** Contacts offered for a preview at a time. */
const optionCount = 20;

/** The contacts a preview may be shown on, found by the server's search as the person types. */
export const useContactOptions = () => {
  const api = useApiClient();
  const [search, setSearch] = useState('');
  const q = search.trim();
  const result = useSWR<Awaited<ReturnType<typeof listContacts>>, ApiError>(
    ['GET /api/contacts', 'template-preview', q],
    ([, , text]: readonly [string, string, string]) =>
      listContacts(api, { limit: optionCount, sort: 'last_updated', order: 'desc', ...(text ? { q: text } : {}) }),
    { keepPreviousData: true },
  );
  return { ...result, contacts: result.data?.contacts ?? [], search: setSearch, searching: q !== '' };
};
