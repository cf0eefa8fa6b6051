import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import {
  changeEnrollment,
  contactNamesKey,
  type Enrollment,
  type EnrollmentAction,
  getSequence,
  listContactNames,
  listEnrollments,
  type SequenceDetail,
} from '../api/sequencesApi';
import { isSequenceKey } from './useSequences';

/** One sequence with its numbers, and its enrolments with the actions a person takes on them. */
export const useSequenceDetail = (id: string | null) => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const detail = useSWR<SequenceDetail, ApiError>(
    id ? ['GET /api/sequences/{id}', id] : null,
    ([, sequenceId]: [string, string]) => getSequence(api, sequenceId),
  );
  const enrollments = useSWR<Enrollment[], ApiError>(
    id ? ['GET /api/sequences/{id}/enrollments', id] : null,
    ([, sequenceId]: [string, string]) => listEnrollments(api, sequenceId),
  );

  /** pauses, resumes, skips the next step of or stops one contact's enrolment; the row shows the answer at once */
  const act = async (contactId: string, action: EnrollmentAction) => {
    if (!id) return;
    const changed = await changeEnrollment(api, id, contactId, action);
    await enrollments.mutate((current = []) => current.map((item) => (item.contactId === contactId ? changed : item)), {
      revalidate: false,
    });
    // the contact's own state (its drawer) and the sequence's numbers
    await mutate(isSequenceKey);
  };

  return { detail, enrollments, act };
};

/** The names of the user's contacts by id, for the rows of enrolments (which carry only the contact's id). */
export const useContactNames = (enabled: boolean) => {
  const api = useApiClient();
  const result = useSWR(enabled ? contactNamesKey : null, () => listContactNames(api));
  return result.data ?? new Map<string, string>();
};
