import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import {
  changeEnrollment,
  type ContactEnrollment,
  type EnrollmentAction,
  getContactEnrollment,
} from '../api/sequencesApi';
import { isSequenceKey } from './useSequences';

/**
 * The contact's newest enrolment (null when it was never enrolled). A send, a reply, a meeting or a change of its
 * conversation may move or stop it (DESIGN §9): the live channel reads it again then (lib/live staleKeys).
 */
export const useContactEnrollment = (contactId: string | null) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const query = useSWR<ContactEnrollment | null, ApiError>(
    contactId ? ['GET /api/sequence-enrollments/{contactId}', contactId] : null,
    ([, id]: [string, string]) => getContactEnrollment(api, id),
  );

  /** pauses, resumes, skips the next step of or stops the enrolment; shown at once, then the sequence's lists read again */
  const act = async (action: EnrollmentAction) => {
    const enrollment = query.data;
    if (!enrollment) return;
    const changed = await changeEnrollment(api, enrollment.sequenceId, enrollment.contactId, action);
    await query.mutate({ ...changed, sequenceName: enrollment.sequenceName }, { revalidate: false });
    await mutate(
      (key) => isSequenceKey(key) && !(Array.isArray(key) && key[0] === 'GET /api/sequence-enrollments/{contactId}'),
    );
  };

  return { ...query, enrollment: query.data ?? null, act };
};
