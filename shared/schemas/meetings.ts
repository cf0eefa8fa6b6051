import * as z from 'zod/mini';
import { timeZoneSchema } from './profile.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * Meetings and the Zoom connection: SPEC §2 'Zoom popover', §3 'Zoom connection', §4 'Zoom states', §7
 * 'Zoom', §8 'Zoom'; DESIGN §8 'Meetings'. Zoom's tokens are sealed at rest (DESIGN §6) and never answered.
 */

/** The texts the server answers with (400s, the connection's `message`, a meeting's `zoomError`), once. */
export const zoomMessages = {
  /** SPEC §8 'Zoom': what the web shows when the exchange fails for another reason than a duplicate code */
  exchangeFailed: 'Zoom OAuth exchange failed.',
  /**
   * A code (or its state) exchanged twice, e.g. a page's effect run twice: SPEC §8 says the web ignores it and checks
   * the connection (its text carries 'already been used').
   */
  codeUsed: 'This Zoom authorization code has already been used.',
  /** Zoom refused the code itself (used at Zoom, expired): also a duplicate per SPEC §8 ('invalid authorization code') */
  codeRefused: 'Zoom refused this authorization code (invalid authorization code).',
  /** the state is unknown, expired (10 min) or was made for another redirect */
  invalidState: 'Invalid Zoom authorization request. Please connect Zoom again.',
  /** `redirect` of /zoom/oauth/authorize is not a page of the web app */
  unknownRedirect: 'Zoom can only send you back to a page of this app.',
  notConnected: 'No Zoom account connected',
  /** the connection's `message` when the grant is gone (SPEC §8: invalid_grant ... mean expired and reconnect) */
  expired: 'Zoom Authentication Expired. Reconnect your Zoom account to continue.',
  connected: 'Zoom is connected',
  /** Zoom is down or slow: nothing was changed, try again */
  unavailable: 'Zoom could not be reached. Please try again in a moment.',
  /** a webhook whose signature or timestamp does not verify */
  badSignature: 'Invalid Zoom signature',
} as const;

/** The texts of meetings (400s, 404s, what a meeting says about its link and its invitation). */
export const meetingMessages = {
  notFound: 'Meeting not found',
  contactNotFound: 'Contact not found',
  /** SPEC §5 style: a PATCH that changes nothing */
  noValidFields: 'No valid fields to update',
  cancelled: 'This meeting was cancelled and cannot be changed',
  /** booked without Zoom connected: kept without a link */
  noZoom: 'Zoom is not connected, so this meeting has no Zoom link. Connect Zoom from the header to add one.',
  /** Zoom failed while booking or rescheduling: kept, the user told */
  zoomFailed: 'Zoom could not create a meeting link, so this meeting has none yet. The meeting is saved.',
  zoomUpdateFailed: 'Zoom could not be updated, so the Zoom meeting may still show the old time.',
  zoomExpired: 'Your Zoom authorization has expired, so this meeting has no Zoom link. Reconnect Zoom to add one.',
  /** the invitation could not leave */
  noMailbox: 'Connect a mailbox to send the invitation: the contact has not been invited.',
  noContactEmail: 'This contact has no e-mail address, so no invitation was sent.',
  doNotContact: 'This contact is on your do-not-contact list, so no invitation was sent.',
  /**
   * Why a booking with an invitation is refused (DESIGN §9 'Which addresses are sent to', as for every e-mail): the
   * person can book without one, or fix the address first. The worker skips with the same text when the address
   * became unusable after the booking.
   */
  invitationTo: {
    no_address:
      'This contact has no e-mail address, so no invitation can be sent. Book without an invitation, or add their address first.',
    unverified:
      'This contact’s e-mail address is not verified yet, so no invitation can be sent. Book without an invitation, or wait for the check to finish.',
    invalid: (email: string) =>
      `${email} does not exist, the verifier says, so no invitation can be sent to it. Book without an invitation, or find another address first.`,
    unconfirmed: (email: string) =>
      `${email} is a risky address (its mail server accepts any address). Confirm it for the contact to send the invitation, or book without one.`,
    doNotContact: (email: string) =>
      `${email} is on your do-not-contact list, so no invitation can be sent. Book without an invitation.`,
  },
  invitationFailed: 'The invitation could not be sent.',
  startInPast: 'A meeting cannot start in the past',
} as const;

// ---- Zoom connection (SPEC §7 'Zoom') ----

/** SPEC §4: invalid_grant, missing_credentials, permission_denied mean expired and reconnect. */
export const zoomRefreshErrors = ['invalid_grant', 'missing_credentials', 'permission_denied'] as const;
export type ZoomRefreshError = (typeof zoomRefreshErrors)[number];

/**
 * GET /zoom/connection (SPEC §7): 404 with `notConnected` when there is none; otherwise this, `connected` false with a
 * `refreshError` once the grant is gone (the popover's Expired state).
 */
export const zoomConnectionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    connected: z.boolean(),
    id: z.string(),
    email: z.string(),
    provider: z.literal('zoom'),
    /** when the access token the server holds expires (ISO 8601) */
    expiresAt: z.string(),
    refreshError: z.nullable(z.enum(zoomRefreshErrors)),
    message: z.string(),
  }),
);
export type ZoomConnection = z.infer<typeof zoomConnectionSchema>;

/** A sign-in's state as the server makes it (256 bits, base64url) and Zoom sends it back. */
const zoomState = /* @__PURE__ */ lazySchema(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{22,128}$/, 'Expected the state of a Zoom sign-in this app started')),
);

/**
 * POST /zoom/oauth/init (DESIGN §9): the signed-in caller starts connecting Zoom. The server makes the state and keeps it
 * for this user (single-use, 10 min) with a PKCE verifier; Zoom sends the browser back to `redirect` (its origin and
 * path) with `code` and `state`, and only this user's exchange of them is accepted.
 */
export const zoomInitBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ redirect: z.url().check(z.maxLength(2048)) }),
);
/** Zoom's consent URL to send the browser to, and the state it will come back with (for the web's own check). */
export const zoomInitSchema = /* @__PURE__ */ lazySchema(() => z.object({ authUrl: z.string(), state: z.string() }));

/**
 * GET /zoom/oauth/authorize?redirect=<page url>&state=<state> (browser navigation, public, SPEC §7): 302 to Zoom's
 * consent for a sign-in POST /zoom/oauth/init started (the state it answered); any other state is refused, since a
 * sign-in started without a session could be finished by anyone.
 */
export const zoomAuthorizeQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ redirect: z.url().check(z.maxLength(2048)), state: zoomState }),
);

/** POST /zoom/oauth/exchange (SPEC §7 `code`; `state` as Zoom gave it back) */
export const zoomExchangeBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    code: z.string().check(z.minLength(1), z.maxLength(2048)),
    state: zoomState,
  }),
);

/** POST /zoom/disconnect */
export const zoomDisconnectSchema = /* @__PURE__ */ lazySchema(() => z.object({ disconnected: z.literal(true) }));

// ---- Meetings (DESIGN §8) ----

export const meetingStatuses = ['scheduled', 'cancelled', 'done'] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];

/** Where the invitation e-mail stands: `queued` until the worker sent it (or could not). */
export const invitationStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;

/**
 * The contact's answer to the invitation, as their calendar sent it back (an iTIP REPLY, RFC 5546 §3.2.3: the
 * ATTENDEE's PARTSTAT ACCEPTED, TENTATIVE or DECLINED).
 */
export const rsvpAnswers = ['accepted', 'tentative', 'declined'] as const;
export type RsvpAnswer = (typeof rsvpAnswers)[number];

const isoDateTime = /* @__PURE__ */ lazySchema(() => z.iso.datetime({ offset: true }));
const id = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(64)));

export const meetingSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    contactId: z.string(),
    /** the contact as it was when booked (the list shows it without reading every contact) */
    contactName: z.string(),
    contactEmail: z.nullable(z.string()),
    contactCompany: z.nullable(z.string()),
    title: z.string(),
    /** ISO 8601 in UTC */
    startTime: z.string(),
    durationMinutes: z.int(),
    /** the IANA zone the meeting was booked in (the user's settings `timeZone` unless given) */
    timeZone: z.string(),
    zoomJoinUrl: z.optional(z.string()),
    zoomMeetingId: z.optional(z.string()),
    /** why the meeting has no Zoom link (not connected, expired, Zoom failed); absent when it has one */
    zoomError: z.optional(z.string()),
    notes: z.string(),
    status: z.enum(meetingStatuses),
    /** the iCalendar SEQUENCE of the last invitation: 0 when booked, +1 with each reschedule and the cancel */
    sequence: z.int(),
    invitation: z.object({
      status: z.enum(invitationStatuses),
      /** `REQUEST` (booked or rescheduled) or `CANCEL` */
      method: z.enum(['REQUEST', 'CANCEL']),
      sequence: z.int(),
      /** why it was not sent (skipped or failed) */
      error: z.optional(z.string()),
      sentAt: z.optional(z.string()),
    }),
    /**
     * The contact's latest answer to an invitation of this meeting and the SEQUENCE it answered: it answers the
     * meeting as it is only while `sequence` is the meeting's (a reschedule asks again). Absent until one came.
     */
    rsvp: z.optional(
      z.object({
        answer: z.enum(rsvpAnswers),
        sequence: z.int(),
        /** when the contact answered (the REPLY's DTSTAMP, else when it arrived) */
        answeredAt: z.string(),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Meeting = z.infer<typeof meetingSchema>;

export const meetingListSchema = /* @__PURE__ */ lazySchema(() => z.array(meetingSchema));

export const meetingIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id }));

/** GET /api/meetings: every meeting of the user, soonest first; narrowed by time or status when asked */
export const meetingListQuery = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    /** ISO 8601: meetings starting at or after */
    from: z.optional(isoDateTime),
    /** ISO 8601: meetings starting before */
    to: z.optional(isoDateTime),
    status: z.optional(z.enum(meetingStatuses)),
    contactId: z.optional(id),
  }),
);

const title = /* @__PURE__ */ lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));
const notes = /* @__PURE__ */ lazySchema(() => z.string().check(z.maxLength(10_000)));

/** POST /api/meetings */
export const createMeetingBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    contactId: id,
    /** @default 'Meeting with {contact name}' */
    title: z.optional(title),
    startTime: isoDateTime,
    /** @default the user's settings `meetingDuration` */
    durationMinutes: z.optional(z.int().check(z.gte(5), z.lte(480))),
    /** @default the user's settings `timeZone` */
    timeZone: z.optional(timeZoneSchema),
    notes: z.optional(notes),
    /** e-mail the contact an iCalendar invitation from the user's default mailbox @default true */
    sendInvitation: z.optional(z.boolean()),
  }),
);

/**
 * PATCH /api/meetings/{id}: a new time or length reschedules (the Zoom meeting follows, an updated invitation goes
 * out with a higher SEQUENCE); `status: 'done'` marks it held; notes at any time. `addZoomLink` retries creating the
 * Zoom meeting of a scheduled meeting that has none. Cancelling is DELETE.
 */
export const updateMeetingBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    title: z.optional(title),
    startTime: z.optional(isoDateTime),
    durationMinutes: z.optional(z.int().check(z.gte(5), z.lte(480))),
    timeZone: z.optional(timeZoneSchema),
    notes: z.optional(notes),
    status: z.optional(z.enum(['scheduled', 'done'])),
    addZoomLink: z.optional(z.literal(true)),
    /** e-mail the contact the updated invitation when the time changes @default true */
    sendInvitation: z.optional(z.boolean()),
  }),
);

/** The `meeting-invitation` queue's message: send the invitation of this meeting at this SEQUENCE (once). */
export const invitationMessageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    uid: z.string().check(z.minLength(1)),
    meetingId: z.string().check(z.minLength(1)),
    sequence: z.int().check(z.gte(0)),
  }),
);
export type InvitationMessage = z.infer<typeof invitationMessageSchema>;
