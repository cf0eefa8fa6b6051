import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent } from '@/lib/live';
import { getContact } from '../api/contactsApi';
import { emailCheckIntervalMs, pendingLookupPollMs } from './useContactList';

/**
 * One contact with its primary draft; polled like the list while its e-mail lookup runs. A send of its e-mail that
 * left, failed or waits, and its reply, read it again (its primary draft's state, e-mails sent, status).
 */
export const useContactDetail = (id: string | null) => {
  const api = useApiClient();
  const query = useSWR<Awaited<ReturnType<typeof getContact>>, ApiError>(
    id ? ['GET /api/contacts/{id}', id] : null,
    ([, contactId]: readonly [string, string]) => getContact(api, contactId),
    {
      refreshInterval: (detail) =>
        detail?.contact.emailLookupStatus === 'pending' ? pendingLookupPollMs : emailCheckIntervalMs,
    },
  );
  const ofThisContact = (event: { contactId: string }) => {
    if (id && event.contactId === id) void query.mutate();
  };
  useLiveEvent('email.sent', ofThisContact);
  useLiveEvent('email.sendState', ofThisContact);
  useLiveEvent('reply.received', ofThisContact);
  return query;
};
