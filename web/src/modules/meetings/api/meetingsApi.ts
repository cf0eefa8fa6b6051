import type { RouteBody, RouteQuery } from '@shared/routes';
import type { ApiClient } from '@/lib/http/apiClient';

type Api = Pick<ApiClient, 'request'>;

export type MeetingListQuery = NonNullable<RouteQuery<'GET /api/meetings'>>;
export type NewMeeting = RouteBody<'POST /api/meetings'>;
export type MeetingChanges = RouteBody<'PATCH /api/meetings/{id}'>;

/** The SWR key of a list of meetings: the route's name (as the live channel's staleKeys expects) and its filters. */
export const meetingListKey = (query: MeetingListQuery = {}) => ['GET /api/meetings', query] as const;

/** The SWR key of one meeting. */
export const meetingKey = (id: string) => ['GET /api/meetings/{id}', id] as const;

/** The SWR key of the contacts a booking can pick from, by the text typed. */
export const contactChoicesKey = (q: string) => ['GET /api/contacts', { q, purpose: 'meeting' }] as const;

/** DESIGN §8: the user's meetings, soonest first, narrowed by time, status or contact when asked. */
export const listMeetings = (api: Api, query: MeetingListQuery = {}, signal?: AbortSignal) =>
  api.request('GET /api/meetings', { query, signal });

export const getMeeting = (api: Api, id: string, signal?: AbortSignal) =>
  api.request('GET /api/meetings/{id}', { params: { id }, signal });

/** Books a meeting (a Zoom meeting when Zoom is connected, an invitation e-mail unless `sendInvitation: false`). */
export const createMeeting = (api: Api, body: NewMeeting) => api.request('POST /api/meetings', { body });

/** Reschedules, adds notes, marks done or adds the missing Zoom link; answers the meeting as stored. */
export const updateMeeting = (api: Api, id: string, body: MeetingChanges) =>
  api.request('PATCH /api/meetings/{id}', { params: { id }, body });

/** Cancels: the Zoom meeting is deleted and the contact gets the cancellation; answers the cancelled meeting. */
export const cancelMeeting = (api: Api, id: string) => api.request('DELETE /api/meetings/{id}', { params: { id } });

/** Up to 20 contacts whose name, company or e-mail matches `q` (the booking's contact picker). */
export const searchContacts = async (api: Api, q: string, signal?: AbortSignal) => {
  const page = await api.request('GET /api/contacts', {
    query: { limit: 20, sort: 'name', order: 'asc', ...(q.trim() ? { q: q.trim() } : {}) },
    signal,
  });
  return page.contacts;
};
