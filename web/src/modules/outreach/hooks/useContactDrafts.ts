import useSWR from 'swr';
import type { Draft } from '@shared/schemas/drafts';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent, useLiveStatus } from '@/lib/live';
import { listContactDrafts } from '../api/outreachApi';
import { isLeaving, sendPollMs } from '../utils/sendState';

/**
 * Every draft of one contact, primary first; revalidated by the live channel when one is saved, sent or its send
 * state changes; while the channel is down and one of them is leaving, read again every few seconds.
 */
export const useContactDrafts = (contactId: string | null) => {
  const api = useApiClient();
  const live = useLiveStatus();
  const query = useSWR<Draft[], ApiError>(
    contactId ? ['GET /api/drafts/contact/{contactId}', contactId] : null,
    ([, id]: readonly [string, string]) => listContactDrafts(api, id),
    {
      refreshInterval: (drafts) =>
        live !== 'open' && drafts?.some((draft) => isLeaving(draft, Date.now())) ? sendPollMs : 0,
    },
  );
  // a send that left, failed or waits, and a reply (it cancels the contact's scheduled follow-ups, DESIGN §6)
  const ofThisContact = (event: { contactId: string }) => {
    if (contactId && event.contactId === contactId) void query.mutate();
  };
  useLiveEvent('email.sent', ofThisContact);
  useLiveEvent('email.sendState', ofThisContact);
  useLiveEvent('reply.received', ofThisContact);
  return query;
};
