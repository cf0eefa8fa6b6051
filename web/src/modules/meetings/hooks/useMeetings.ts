import type { Meeting } from '@shared/schemas/meetings';
import useSWR from 'swr';
import type { ApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { useLiveStatus } from '@/lib/live';
import { getMeeting, listMeetings, type MeetingListQuery, meetingKey, meetingListKey } from '../api/meetingsApi';

/**
 * While the live channel is down, meetings are read again this often: an invitation leaves (or fails) in the
 * background, and a meeting may change in another tab.
 */
export const meetingsPollMs = 30_000;

/**
 * The user's meetings, soonest first, narrowed by `query` (time, status, contact). The live channel's
 * `meeting.updated` revalidates them (lib/live staleKeys), as does its reopening; without the channel they are polled.
 */
export const useMeetings = (query: MeetingListQuery = {}) => {
  const api = useApiClient();
  const live = useLiveStatus();
  return useSWR<Meeting[], ApiError>(
    meetingListKey(query),
    ([, filters]: ReturnType<typeof meetingListKey>) => listMeetings(api, filters),
    { refreshInterval: live === 'open' ? 0 : meetingsPollMs, keepPreviousData: true },
  );
};

/** One meeting (null id: none), revalidated and polled as {@link useMeetings}. */
export const useMeeting = (id: string | null) => {
  const api = useApiClient();
  const live = useLiveStatus();
  return useSWR<Meeting, ApiError>(
    id ? meetingKey(id) : null,
    ([, meetingId]: ReturnType<typeof meetingKey>) => getMeeting(api, meetingId),
    { refreshInterval: live === 'open' ? 0 : meetingsPollMs },
  );
};
