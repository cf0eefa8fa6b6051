import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { ConversationWithEmails } from '../utils/conversationLabels';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent, useLiveStatus } from '@/lib/live';
import { listContactConversations } from '../api/conversationsApi';

/** While the live channel is down, an open thread is read again this often (SPEC §9: reply checks every 60 s at most). */
export const threadPollMs = 60_000;

/**
 * The contact's conversations with their e-mails (the contact drawer's thread). A reply, a sent e-mail or any change
 * of one of them (live `reply.received`, `email.sent`, `conversation.updated`) reads them again; so does the channel
 * reopening after a drop; while it is down they are polled.
 */
export const useContactConversations = (contactId: string | null) => {
  const api = useApiClient();
  const live = useLiveStatus();
  const query = useSWR<ConversationWithEmails[], ApiError>(
    contactId ? ['GET /api/conversations/contact/{contactId}', contactId] : null,
    ([, id]: readonly [string, string]) => listContactConversations(api, id),
    { refreshInterval: live === 'open' ? 0 : threadPollMs },
  );
  const { mutate } = query;
  const ofThisContact = (event: { contactId: string }) => {
    if (contactId && event.contactId === contactId) void mutate();
  };
  useLiveEvent('conversation.updated', ofThisContact);
  useLiveEvent('reply.received', ofThisContact);
  useLiveEvent('email.sent', ofThisContact);

  const wasOpen = useRef(live === 'open');
  useEffect(() => {
    if (live === 'open' && !wasOpen.current && contactId) void mutate();
    wasOpen.current = live === 'open';
  }, [live, contactId, mutate]);
  return query;
};
