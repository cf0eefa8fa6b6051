import { useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveEvent } from '@/lib/live';
import type { Contact } from '../api/contactMapping';
import { listContacts, type ContactPage, type ContactQuery } from '../api/contactsApi';

/** SPEC §9: the configured e-mail check interval. */
export const emailCheckIntervalMs = 100_000;
/**
 * While a lookup runs the list is polled every 3 s rather than every 100 s, so a person who just added someone sees
 * the address appear within seconds of the queue finding it.
 */
export const pendingLookupPollMs = 3_000;
export const contactPageSize = 50;

export type ContactFilters = Omit<ContactQuery, 'limit' | 'cursor'>;

export const hasPendingLookup = (pages: readonly ContactPage[] | undefined) =>
  Boolean(pages?.some((page) => page.contacts.some((contact) => contact.emailLookupStatus === 'pending')));

/** Events about one contact coming close together (a batch's drafts, a run of sends) read the list once. */
export const rowEventCoalesceMs = 500;

/**
 * Reads the list again when a live event changes a row it shows: a send of its e-mail (E-mail status), its
 * conversation (the Conversation column: sent, replied, closed), its drafts ('Draft ready') or its stage
 * (Relationship); and when a contact was added or deleted elsewhere. Other events of contacts the loaded pages do not
 * hold are left to the next read.
 */
const useRowEvents = (contacts: readonly Contact[], refresh: () => void) => {
  const scheduled = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (scheduled.current) clearTimeout(scheduled.current);
    },
    [],
  );
  const soon = () => {
    if (scheduled.current) return;
    scheduled.current = setTimeout(() => {
      scheduled.current = null;
      refresh();
    }, rowEventCoalesceMs);
  };
  const ofARow = ({ contactId }: { contactId: string }) => {
    if (contacts.some((contact) => contact.id === contactId)) soon();
  };
  useLiveEvent('email.sent', ofARow);
  useLiveEvent('email.sendState', ofARow);
  useLiveEvent('reply.received', ofARow);
  useLiveEvent('conversation.updated', ofARow);
  useLiveEvent('draft.saved', ofARow);
  useLiveEvent('draft.deleted', ofARow);
  useLiveEvent('draft.primaryCleared', ofARow);
  // the Relationship column follows the pipeline stage (a reply, a booking, a drag on the board)
  useLiveEvent('pipeline.changed', ofARow);
  useLiveEvent('meeting.updated', ofARow);
  // a contact added elsewhere (another tab, an import) is not a row yet: the list is read again whatever it holds
  useLiveEvent('contact.changed', soon);
};

/**
 * The user's contacts, 50 a page from the server (cursor pages), polled while any e-mail lookup is pending and read
 * again when a live event changes a row on them.
 */
export const useContactList = (filters: ContactFilters) => {
  const api = useApiClient();
  const result = useSWRInfinite<ContactPage, ApiError>(
    (index, previous: ContactPage | null) => {
      if (previous && !previous.nextCursor) return null;
      return ['GET /api/contacts', filters, index === 0 ? null : previous?.nextCursor] as const;
    },
    ([, query, cursor]: readonly [string, ContactFilters, string | null | undefined]) =>
      listContacts(api, { ...query, limit: contactPageSize, ...(cursor ? { cursor } : {}) }),
    {
      refreshInterval: (pages) => (hasPendingLookup(pages) ? pendingLookupPollMs : emailCheckIntervalMs),
      // every loaded page: a lookup may finish on any of them, and an edit or delete shifts the cursor pages after it
      revalidateAll: true,
      keepPreviousData: true,
    },
  );
  const pages = result.data ?? [];
  const last = pages.at(-1);
  const contacts = pages.flatMap((page) => page.contacts);
  useRowEvents(contacts, () => void result.mutate());
  return {
    ...result,
    contacts,
    total: pages[0]?.total ?? 0,
    hasMore: Boolean(last?.nextCursor),
    isLoadingMore: result.isValidating && result.size > pages.length,
    loadMore: () => void result.setSize((size) => size + 1),
  };
};
