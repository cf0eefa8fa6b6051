import useSWR from 'swr';
import type { Draft } from '@shared/schemas/drafts';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { listContactDrafts } from '../api/outreachApi';

/** Every draft of one contact, primary first; revalidated by the live channel when one is saved. */
export const useContactDrafts = (contactId: string | null) => {
  const api = useApiClient();
  return useSWR<Draft[], ApiError>(
    contactId ? ['GET /api/drafts/contact/{contactId}', contactId] : null,
    ([, id]: readonly [string, string]) => listContactDrafts(api, id),
  );
};
