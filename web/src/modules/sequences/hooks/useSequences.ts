import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import {
  createSequence,
  deleteSequence,
  enrollContacts,
  listSequences,
  type Sequence,
  type SequenceBody,
  updateSequence,
} from '../api/sequencesApi';

/** The SWR key of the sequence list. */
export const sequencesKey = 'GET /api/sequences';

/** Every cached answer about sequences and enrolments (the list, a sequence, its enrolments, a contact's). */
export const isSequenceKey = (key: unknown) => {
  const route = Array.isArray(key) ? key[0] : key;
  return (
    typeof route === 'string' && (route.startsWith('GET /api/sequences') || route.startsWith('GET /api/sequence-'))
  );
};

/** The user's sequences and the changes the page makes to them. */
export const useSequences = () => {
  const api = useApiClient();
  const { mutate: mutateAll } = useSWRConfig();
  const list = useSWR<Sequence[], ApiError>(sequencesKey, () => listSequences(api));

  const save = async (id: string | null, body: SequenceBody) => {
    const saved = id ? await updateSequence(api, id, body) : await createSequence(api, body);
    // its numbers and its enrolments' steps change with it
    await mutateAll(isSequenceKey);
    return saved;
  };

  const remove = async (id: string) => {
    await deleteSequence(api, id);
    await list.mutate((current = []) => current.filter((sequence) => sequence.id !== id), { revalidate: false });
    await mutateAll(isSequenceKey);
  };

  return { ...list, sequences: list.data ?? [], save, remove };
};

/** DESIGN §9: one enrolment call takes at most this many contacts. */
export const enrollBatchSize = 100;

/**
 * Enrols contacts in a sequence, {@link enrollBatchSize} at a time (a dashboard selection may hold more), and answers
 * the calls' results summed; every answer about sequences is read again after (counts, contacts' states).
 */
export const useEnroll = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return async (sequenceId: string, contactIds: string[]) => {
    const result: { enrolled: number; skipped: { contactId: string; reason: string }[] } = { enrolled: 0, skipped: [] };
    try {
      for (let start = 0; start < contactIds.length; start += enrollBatchSize) {
        const part = await enrollContacts(api, sequenceId, contactIds.slice(start, start + enrollBatchSize));
        result.enrolled += part.enrolled;
        result.skipped.push(...part.skipped);
      }
    } finally {
      // a call that failed after others had enrolled contacts: the lists still show those
      await mutate(isSequenceKey);
    }
    return result;
  };
};
