import type { Meeting, ZoomConnection } from '@shared/schemas/meetings';
import { type Settings, settingsDefaults } from '@shared/schemas/profile';
import { vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { wireContact } from './contactFixtures';

const hour = 60 * 60_000;

/** A meeting as the API answers it: booked with Ada Lovelace tomorrow, with a Zoom link, its invitation sent. */
export const meetingFixture = (overrides: Partial<Meeting> = {}): Meeting => ({
  id: 'm1',
  contactId: 'c1',
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@example.com',
  contactCompany: 'Analytical Engines Ltd',
  title: 'Meeting with Ada Lovelace',
  startTime: new Date(Date.now() + 24 * hour).toISOString(),
  durationMinutes: 30,
  timeZone: 'Europe/Paris',
  zoomJoinUrl: 'https://zoom.example/j/123',
  zoomMeetingId: '123',
  notes: '',
  status: 'scheduled',
  sequence: 0,
  invitation: { status: 'sent', method: 'REQUEST', sequence: 0, sentAt: new Date().toISOString() },
  createdAt: new Date(Date.now() - hour).toISOString(),
  updatedAt: new Date(Date.now() - hour).toISOString(),
  ...overrides,
});

export const zoomConnectionFixture = (overrides: Partial<ZoomConnection> = {}): ZoomConnection => ({
  connected: true,
  id: 'z1',
  email: 'me@zoom.example',
  provider: 'zoom',
  expiresAt: new Date(Date.now() + hour).toISOString(),
  refreshError: null,
  message: 'Zoom is connected',
  ...overrides,
});

/** What the fake server holds: meetings, the settings, the Zoom connection (null: none, a 404), the contacts. */
export type MeetingsServer = {
  meetings: Meeting[];
  settings?: Partial<Settings>;
  zoom?: ZoomConnection | null;
  /** the user's contacts; `location`: their current job's place (what their time zone is read from) */
  contacts?: {
    id: string;
    name: string;
    company?: string;
    location?: string;
    /** their address and its verdict (a valid one unless given) */
    email?: string;
    emailQevStatus?: 'valid' | 'invalid' | 'accept_all' | 'unknown' | null;
  }[];
  /** what a booking answers besides the meeting the body makes (a zoomError, no link...) */
  booked?: Partial<Meeting>;
  /** the next write fails with this ApiError message (a 400) */
  failWith?: string;
};

type Input = { params?: { id?: string }; body?: Record<string, unknown>; query?: Record<string, unknown> };

/** A fake API client over `server`: the meetings routes as shared/routes/meetings.ts describes them. */
export const fakeMeetingsApi = (server: MeetingsServer) => {
  const fail = () => {
    const message = server.failWith;
    if (!message) return;
    server.failWith = undefined;
    throw new ApiError({ status: 400, code: 'bad_request', message });
  };
  const find = (id: string | undefined) => {
    const meeting = server.meetings.find((item) => item.id === id);
    if (!meeting) throw new ApiError({ status: 404, code: 'not_found', message: 'Meeting not found' });
    return meeting;
  };
  const request = vi.fn(async (route: string, input: Input = {}) => {
    switch (route) {
      case 'GET /api/profiles/settings':
        return { ...settingsDefaults, ...server.settings };
      case 'GET /zoom/connection':
        if (!server.zoom) throw new ApiError({ status: 404, code: 'not_found', message: 'No Zoom account connected' });
        return server.zoom;
      case 'GET /api/contacts':
        return {
          contacts: (server.contacts ?? [])
            .filter((contact) => contact.name.toLowerCase().includes(String(input.query?.q ?? '').toLowerCase()))
            .map((contact) => wireContact({ id: contact.id, name: contact.name, company: contact.company ?? '' })),
          next_cursor: null,
          total: server.contacts?.length ?? 0,
        };
      case 'GET /api/contacts/{id}': {
        const contact = server.contacts?.find((item) => item.id === input.params?.id);
        if (!contact) throw new ApiError({ status: 404, code: 'not_found', message: 'Contact not found' });
        return {
          contact: wireContact({
            id: contact.id,
            name: contact.name,
            company: contact.company ?? '',
            ...(contact.email !== undefined ? { email: contact.email } : {}),
            ...(contact.emailQevStatus !== undefined ? { email_qev_status: contact.emailQevStatus } : {}),
            experiences: contact.location
              ? [
                  {
                    title: 'Engineer',
                    company: contact.company ?? 'Unknown Company',
                    is_current: true,
                    location: contact.location,
                  },
                ]
              : [],
          }),
          draft: null,
        };
      }
      case 'GET /api/meetings':
        return server.meetings.map((meeting) => ({ ...meeting }));
      case 'GET /api/meetings/{id}':
        return { ...find(input.params?.id) };
      case 'POST /api/meetings': {
        fail();
        const body = input.body as { contactId: string; title?: string; startTime: string; durationMinutes?: number };
        const contact = server.contacts?.find((item) => item.id === body.contactId);
        const meeting = meetingFixture({
          id: `m${server.meetings.length + 1}`,
          contactId: body.contactId,
          contactName: contact?.name ?? 'Ada Lovelace',
          title: body.title ?? 'Meeting',
          startTime: body.startTime,
          durationMinutes: body.durationMinutes ?? 30,
          invitation: { status: 'queued', method: 'REQUEST', sequence: 0 },
          ...server.booked,
        });
        server.meetings.push(meeting);
        return { ...meeting };
      }
      case 'PATCH /api/meetings/{id}': {
        fail();
        const meeting = find(input.params?.id);
        const { addZoomLink, sendInvitation: _send, ...changes } = input.body ?? {};
        const moved = 'startTime' in changes || 'durationMinutes' in changes;
        Object.assign(meeting, changes, {
          ...(addZoomLink ? { zoomJoinUrl: 'https://zoom.example/j/added', zoomError: undefined } : {}),
          ...(moved
            ? {
                sequence: meeting.sequence + 1,
                invitation: { status: 'queued', method: 'REQUEST', sequence: meeting.sequence + 1 },
              }
            : {}),
        });
        return { ...meeting };
      }
      case 'DELETE /api/meetings/{id}': {
        fail();
        const meeting = find(input.params?.id);
        Object.assign(meeting, {
          status: 'cancelled',
          sequence: meeting.sequence + 1,
          invitation: { status: 'queued', method: 'CANCEL', sequence: meeting.sequence + 1 },
        });
        return { ...meeting };
      }
      default:
        throw new Error(`unexpected ${route}`);
    }
  });
  return { api: { request } as unknown as ApiClient, request };
};

/** The calls made to `route`, with their input. */
export const callsTo = (request: ReturnType<typeof fakeMeetingsApi>['request'], route: string) =>
  request.mock.calls.filter(([name]) => name === route).map(([, input]) => input);
