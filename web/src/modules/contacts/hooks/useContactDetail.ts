import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { getContact } from '../api/contactsApi';
import { emailCheckIntervalMs, pendingLookupPollMs } from './useContactList';

/** One contact with its primary draft; polled like the list while its e-mail lookup runs. */
export const useContactDetail = (id: string | null) => {
  const api = useApiClient();
  return useSWR<Awaited<ReturnType<typeof getContact>>, ApiError>(
    id ? ['GET /api/contacts/{id}', id] : null,
    ([, contactId]: readonly [string, string]) => getContact(api, contactId),
    {
      refreshInterval: (detail) =>
        detail?.contact.emailLookupStatus === 'pending' ? pendingLookupPollMs : emailCheckIntervalMs,
    },
  );
};
