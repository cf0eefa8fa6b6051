import type { Meeting } from '@shared/schemas/meetings';
import { useSWRConfig } from 'swr';
import { useApiClient } from '@/lib/http/useApiClient';
import { routeKey } from '@/lib/http/routeKey';
import {
  cancelMeeting,
  createMeeting,
  type MeetingChanges,
  meetingKey,
  type NewMeeting,
  updateMeeting,
} from '../api/meetingsApi';

/** Every cached list of meetings, whatever its filters. */
const isMeetingList = (key: unknown) => Array.isArray(key) && key[0] === 'GET /api/meetings';

/**
 * Booking, changing and cancelling meetings. Each answers the meeting as the server stored it, puts it in the cache
 * of that meeting and reads every list again (a list's filters decide whether it belongs there); a booking also moves
 * the contact's pipeline card (DESIGN §6 'meeting scheduled').
 */
export const useMeetingActions = () => {
  const api = useApiClient();
  const { mutate } = useSWRConfig();

  const stored = async (meeting: Meeting) => {
    await mutate(meetingKey(meeting.id), meeting, { revalidate: false });
    void mutate(isMeetingList);
    return meeting;
  };

  return {
    book: async (body: NewMeeting) => {
      const meeting = await stored(await createMeeting(api, body));
      void mutate(routeKey('GET /api/pipeline'));
      return meeting;
    },
    update: async (id: string, changes: MeetingChanges) => stored(await updateMeeting(api, id, changes)),
    cancel: async (id: string) => stored(await cancelMeeting(api, id)),
  };
};
