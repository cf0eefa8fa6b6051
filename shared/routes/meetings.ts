import {
  createMeetingBody,
  meetingIdParams,
  meetingListQuery,
  meetingListSchema,
  meetingSchema,
  updateMeetingBody,
  zoomAuthorizeQuery,
  zoomConnectionSchema,
  zoomDisconnectSchema,
  zoomExchangeBody,
  zoomInitBody,
  zoomInitSchema,
} from '../schemas/meetings.js';
import type { DomainRouteTable } from './route-spec.js';

/**
 * The meetings Lambda's routes: SPEC §7 'Zoom' and DESIGN §8 'Meetings'. The Zoom connection lives here
 * because meetings are its only use; Zoom's deauthorization webhook is public and checks its own signature.
 */
export const meetingsRoutes = {
  'POST /zoom/oauth/init': {
    domain: 'meetings',
    auth: 'user',
    summary: "Start connecting Zoom: Zoom's consent URL (PKCE) and a state kept for the caller (single use, 10 min)",
    body: zoomInitBody,
    response: zoomInitSchema,
  },
  'GET /zoom/oauth/authorize': {
    domain: 'meetings',
    auth: 'public',
    summary: "Browser navigation: 302 to Zoom's consent for a sign-in POST /zoom/oauth/init started",
    query: zoomAuthorizeQuery,
  },
  'POST /zoom/oauth/exchange': {
    domain: 'meetings',
    auth: 'user',
    summary: 'Finish connecting Zoom with the code and state Zoom sent back (refused unless the caller started it)',
    body: zoomExchangeBody,
    response: zoomConnectionSchema,
  },
  'GET /zoom/connection': {
    domain: 'meetings',
    auth: 'user',
    summary: "The user's Zoom connection (404 when there is none; connected false with refreshError once expired)",
    response: zoomConnectionSchema,
  },
  'POST /zoom/disconnect': {
    domain: 'meetings',
    auth: 'user',
    summary: 'Disconnect Zoom: the grant is revoked at Zoom and the tokens deleted (done when there is none)',
    response: zoomDisconnectSchema,
  },
  'POST /api/webhooks/zoom': {
    domain: 'meetings',
    auth: 'public',
    summary:
      "Zoom's event notifications (x-zm-signature checked): URL validation, app_deauthorized removes the connection",
  },
  'GET /api/meetings': {
    domain: 'meetings',
    auth: 'user',
    summary: "The user's meetings, soonest first",
    query: meetingListQuery,
    response: meetingListSchema,
  },
  'POST /api/meetings': {
    domain: 'meetings',
    auth: 'user',
    summary: 'Book a meeting with a contact (a Zoom meeting when Zoom is connected; an invitation from the mailbox)',
    body: createMeetingBody,
    response: meetingSchema,
  },
  'GET /api/meetings/{id}': {
    domain: 'meetings',
    auth: 'user',
    summary: 'One meeting',
    params: meetingIdParams,
    response: meetingSchema,
  },
  'PATCH /api/meetings/{id}': {
    domain: 'meetings',
    auth: 'user',
    summary: 'Reschedule (Zoom and the invitation follow), add notes, mark done, add the missing Zoom link',
    params: meetingIdParams,
    body: updateMeetingBody,
    response: meetingSchema,
  },
  'DELETE /api/meetings/{id}': {
    domain: 'meetings',
    auth: 'user',
    summary: 'Cancel a meeting: its Zoom meeting is deleted and the contact gets the cancellation; kept as cancelled',
    params: meetingIdParams,
    response: meetingSchema,
  },
} as const satisfies DomainRouteTable<'meetings'>;
