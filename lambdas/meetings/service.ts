import type { LiveEvent } from '../../shared/live-events.js';
import { messages } from '../../shared/messages.js';
import {
  type createMeetingBody,
  type Meeting,
  type meetingListQuery,
  meetingMessages,
  type updateMeetingBody,
} from '../../shared/schemas/meetings.js';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import type * as z from 'zod/mini';
import { moveContactStage } from '../conversations/index.js';
import { badRequest, HttpError, notFound } from '../core/errors.js';
import { activityChanged, recordEndedActivity } from '../data/activity.js';
import { contactNameOf, getContact } from '../data/contact.js';
import {
  createMeetingItem,
  getMeeting,
  type MeetingItem,
  replaceMeetingItem,
  toWireMeeting,
  userMeetings,
} from '../data/meeting.js';
import { getUserProfile } from '../data/user-profile.js';
import type { MeetingsDeps } from './deps.js';
import { invitationTarget } from './invitation-address.js';
import { createZoomMeeting, deleteZoomMeeting, updateZoomMeeting, type ZoomOutcome } from './meeting-zoom.js';

/**
 * Meetings (DESIGN §8 'Meetings'): booked with one of the user's contacts, with a Zoom meeting when Zoom is
 * connected (kept without a link, and saying why, when it is not or Zoom fails: a booking never fails on Zoom),
 * rescheduled, marked done, cancelled. Each booking, reschedule and cancellation is one invitation at the meeting's
 * SEQUENCE on the `meeting-invitation` queue, e-mailed from the user's mailbox by the invitation worker.
 */

export const meetingRules = {
  /** a start this far in the past is still taken (the form was filled a moment ago); earlier is `startInPast` */
  pastMarginMs: 60_000,
  /** times a change is read and redone when another one wrote the meeting in between */
  writeAttempts: 5,
} as const;

const meetingNotFound = () => notFound(meetingMessages.notFound);

const publish = async (deps: MeetingsDeps, uid: string, event: LiveEvent) => {
  await deps.live
    .publish(uid, event)
    .catch((error: unknown) => deps.logger.warn(`${event.type} was not published`, { error }));
};

const publishUpdated = (deps: MeetingsDeps, meeting: MeetingItem) =>
  publish(deps, meeting.userId, {
    type: 'meeting.updated',
    data: { meetingId: meeting.id, contactId: meeting.contactId },
  });

/** The start as stored: ISO 8601 in UTC. */
const utc = (at: string) => new Date(at).toISOString();

const refusePast = (deps: MeetingsDeps, startTime: string) => {
  if (Date.parse(startTime) < deps.now().getTime() - meetingRules.pastMarginMs)
    throw badRequest(meetingMessages.startInPast);
};

/** Why a meeting has no Zoom link, from what Zoom came to. */
const zoomErrorOf = (outcome: Exclude<ZoomOutcome<unknown>, { ok: true }>) =>
  outcome.reason === 'none'
    ? meetingMessages.noZoom
    : outcome.reason === 'expired'
      ? meetingMessages.zoomExpired
      : meetingMessages.zoomFailed;

const withoutZoomError = (meeting: MeetingItem): MeetingItem => {
  const { zoomError: _error, ...rest } = meeting;
  return rest;
};

/**
 * Writes `change` of the meeting on the condition that it is still at the version read: another change in between
 * (a PATCH in another tab, the invitation worker) is read and `change` is applied to it again. `change` answers null
 * to write nothing. The meeting as written (or as it is when nothing was), null when there is none.
 */
export const changeMeeting = async (
  deps: Pick<MeetingsDeps, 'db'>,
  uid: string,
  meetingId: string,
  change: (current: MeetingItem) => MeetingItem | null,
): Promise<{ meeting: MeetingItem; written: boolean } | null> => {
  for (let attempt = 0; attempt < meetingRules.writeAttempts * 2; attempt += 1) {
    const current = await getMeeting(deps.db, uid, meetingId);
    if (!current) return null;
    const next = change(current);
    if (!next) return { meeting: current, written: false };
    const written = { ...next, version: current.version + 1 };
    if (await replaceMeetingItem(deps.db, written)) return { meeting: written, written: true };
  }
  throw new HttpError(409, messages.status[409]);
};

/**
 * Queues the invitation of the meeting's current SEQUENCE. Should the queue refuse it, the meeting says the
 * invitation failed (the change itself stands: a 5xx would make the user book twice).
 */
const queueInvitation = async (deps: MeetingsDeps, meeting: MeetingItem): Promise<MeetingItem> => {
  if (meeting.invitation.status !== 'queued') return meeting;
  const { sequence } = meeting;
  try {
    await deps.queue.send('meeting-invitation', { uid: meeting.userId, meetingId: meeting.id, sequence });
    return meeting;
  } catch (error) {
    deps.logger.error('an invitation was not queued', { meetingId: meeting.id, sequence, error: error as Error });
    const failed = await changeMeeting(deps, meeting.userId, meeting.id, (current) =>
      current.invitation.sequence === sequence && current.invitation.status === 'queued'
        ? {
            ...current,
            invitation: { ...current.invitation, status: 'failed', error: meetingMessages.invitationFailed },
          }
        : null,
    );
    return failed?.meeting ?? meeting;
  }
};

/** The invitation a change leaves the meeting with: queued, unless the user asked for none. */
const invitationFor = (
  method: 'REQUEST' | 'CANCEL',
  sequence: number,
  send: boolean | undefined,
): Meeting['invitation'] => ({ status: send === false ? 'skipped' : 'queued', method, sequence });

// ---- routes ----

/** GET /api/meetings: one Query of the user's meetings, narrowed as asked, soonest first. */
export const listMeetings = async (
  deps: MeetingsDeps,
  uid: string,
  query: z.infer<typeof meetingListQuery> = {},
): Promise<Meeting[]> => {
  const from = query.from ? Date.parse(query.from) : Number.NEGATIVE_INFINITY;
  const to = query.to ? Date.parse(query.to) : Number.POSITIVE_INFINITY;
  return (await userMeetings(deps.db, uid))
    .filter((meeting) => {
      const start = Date.parse(meeting.startTime);
      return (
        start >= from &&
        start < to &&
        (!query.status || meeting.status === query.status) &&
        (!query.contactId || meeting.contactId === query.contactId)
      );
    })
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a.id.localeCompare(b.id))
    .map(toWireMeeting);
};

/** GET /api/meetings/{id}: 404 unless it is the caller's. */
export const getMeetingOf = async (deps: MeetingsDeps, uid: string, meetingId: string): Promise<Meeting> => {
  const meeting = await getMeeting(deps.db, uid, meetingId);
  if (!meeting) throw meetingNotFound();
  return toWireMeeting(meeting);
};

/**
 * POST /api/meetings: books a meeting with one of the caller's contacts. Length and zone default to the user's
 * settings (`meetingDuration`, `timeZone`); the start is stored in UTC. With Zoom connected a Zoom meeting is made
 * (its join link kept); without Zoom, with Zoom expired or failing, the meeting is kept and says why it has no link.
 * The contact moves to 'meeting scheduled' (an event: forward only) and is sent the invitation (SEQUENCE 0), which
 * needs an address the product may send to (`invitationTarget`): without one the booking is refused (4xx) unless
 * it asks for no invitation.
 *
 * The meeting is written BEFORE Zoom is asked, as it would stand should Zoom fail (`zoomFailed`), then again with
 * Zoom's link. A crash between Zoom's answer and the second write leaves that state: the booking is never lost and
 * the user can add the link (`addZoomLink`); the Zoom meeting made in between stays in the user's Zoom account
 * unused. That orphan is accepted: Zoom's create has no idempotency key to find it again, nobody was sent its link
 * (the invitation is queued only after the link is written), and it costs the user nothing.
 */
export const createMeeting = async (
  deps: MeetingsDeps,
  uid: string,
  body: z.infer<typeof createMeetingBody>,
): Promise<Meeting> => {
  const contact = await getContact(deps.db, uid, body.contactId);
  if (!contact) throw notFound(meetingMessages.contactNotFound);
  refusePast(deps, body.startTime);
  // an invitation goes only to an address every e-mail may go to: refused before anything is booked, so the person
  // books again without one (or fixes the address) rather than holding a meeting the contact was never told of
  if (body.sendInvitation !== false) {
    const target = await invitationTarget(deps.db, uid, contact);
    if ('refusal' in target) throw target.refusal;
  }
  const profile = await getUserProfile(deps.db, uid, ['settings']);
  const settings = { ...settingsDefaults, ...profile?.settings };
  const contactName = contactNameOf(contact);
  const now = deps.now().toISOString();
  const booked: MeetingItem = {
    id: deps.newId(),
    userId: uid,
    contactId: contact.contactId,
    contactName,
    contactEmail: contact.email?.trim() || null,
    contactCompany: contact.company?.trim() || null,
    title: body.title ?? `Meeting with ${contactName}`,
    startTime: utc(body.startTime),
    durationMinutes: body.durationMinutes ?? settings.meetingDuration,
    timeZone: body.timeZone ?? settings.timeZone,
    notes: body.notes ?? '',
    status: 'scheduled',
    sequence: 0,
    invitation: invitationFor('REQUEST', 0, body.sendInvitation),
    zoomError: meetingMessages.zoomFailed,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  try {
    await createMeetingItem(deps.db, booked);
  } catch (error) {
    await recordBooking(deps, uid, contactName, { status: 'failed', error: meetingNotSaved });
    throw error;
  }

  const zoom = await createZoomMeeting(deps, uid, booked);
  const linked = await changeMeeting(deps, uid, booked.id, (current) =>
    zoom.ok
      ? { ...withoutZoomError(current), zoomMeetingId: zoom.value.id, zoomJoinUrl: zoom.value.joinUrl }
      : { ...current, zoomError: zoomErrorOf(zoom) },
  );
  if (!linked) throw meetingNotFound();

  await moveToMeetingScheduled(deps, uid, contact.contactId);
  const meeting = await queueInvitation(deps, linked.meeting);
  await recordBooking(deps, uid, contactName, { status: 'completed' });
  await publishUpdated(deps, meeting);
  return toWireMeeting(meeting);
};

/** Why a booking's activity action failed: the meeting could not be saved (the request fails, a 5xx). */
export const meetingNotSaved = 'The meeting could not be saved.';

/**
 * A booking on the activity log (SPEC §3 'Activity action'): a `book_meeting` action with the contact's
 * name, written as it ended: completed once the meeting is saved (with or without Zoom), failed when it could not be.
 * Best effort: a booking never fails on its report (a 5xx would make the user book twice).
 */
const recordBooking = async (
  deps: MeetingsDeps,
  uid: string,
  contactName: string,
  outcome: { status: 'completed' } | { status: 'failed'; error: string },
) => {
  try {
    const action = await recordEndedActivity(deps.db, uid, {
      actionType: 'book_meeting',
      profileCount: 1,
      recipients: [{ name: contactName }],
      at: deps.now(),
      outcome,
    });
    await publish(deps, uid, activityChanged(action));
  } catch (error) {
    deps.logger.warn('the activity of a booking was not written', { error: error as Error });
  }
};

/**
 * DESIGN §6: booking moves the contact to 'meeting scheduled' (an event: only forward) and tells the tabs. Best
 * effort: the meeting is booked whatever happens here (a 5xx would make the user book it twice).
 */
const moveToMeetingScheduled = async (deps: MeetingsDeps, uid: string, contactId: string) => {
  try {
    const { moved } = await moveContactStage(deps.db, uid, contactId, 'meeting_scheduled', deps.now(), 'event');
    if (moved) await publish(deps, uid, { type: 'pipeline.changed', data: { contactId, stage: 'meeting_scheduled' } });
  } catch (error) {
    deps.logger.error('a booked contact was not moved in the pipeline', { contactId, error: error as Error });
  }
};

/** Fields whose change reschedules: Zoom follows and the contact gets the updated invitation. */
const rescheduleFields = ['title', 'startTime', 'durationMinutes', 'timeZone'] as const;

/**
 * PATCH /api/meetings/{id}: a new title, start, length or zone reschedules it (its Zoom meeting is moved, or made anew
 * when Zoom no longer has it; a Zoom failure keeps the change and says so), with SEQUENCE + 1 and the updated
 * invitation; `status: 'done'` marks it held (no invitation); `notes` are saved; `addZoomLink` makes the Zoom meeting
 * a meeting lacks (and sends the invitation again, with the link). A cancelled meeting is not changed; a PATCH that
 * changes nothing is a 400. Two PATCHes at once both land: the one that lost the write reads again and redoes its
 * change on top (Zoom included: moving a Zoom meeting to the same time again is harmless; one made for nothing is
 * deleted).
 */
export const updateMeeting = async (
  deps: MeetingsDeps,
  uid: string,
  meetingId: string,
  body: z.infer<typeof updateMeetingBody>,
): Promise<Meeting> => {
  for (let attempt = 0; attempt < meetingRules.writeAttempts; attempt += 1) {
    const current = await getMeeting(deps.db, uid, meetingId);
    if (!current) throw meetingNotFound();
    if (current.status === 'cancelled') throw badRequest(meetingMessages.cancelled);

    const asked = { ...body, ...(body.startTime ? { startTime: utc(body.startTime) } : {}) };
    const changed = rescheduleFields.filter((field) => asked[field] !== undefined && asked[field] !== current[field]);
    if (changed.includes('startTime')) refusePast(deps, asked.startTime!);
    const notesChanged = body.notes !== undefined && body.notes !== current.notes;
    const statusChanged = body.status !== undefined && body.status !== current.status;
    const status = body.status ?? current.status;
    const wantsLink = body.addZoomLink === true && !current.zoomMeetingId && status === 'scheduled';
    if (changed.length === 0 && !notesChanged && !statusChanged && !wantsLink)
      throw badRequest(meetingMessages.noValidFields);

    let next: MeetingItem = {
      ...current,
      ...Object.fromEntries(changed.map((field) => [field, asked[field]])),
      ...(notesChanged ? { notes: body.notes } : {}),
      status,
      updatedAt: deps.now().toISOString(),
    };
    /** a Zoom meeting this attempt made: deleted should the write not land */
    let made: string | null = null;
    if (changed.length > 0 && current.zoomMeetingId) {
      const moved = await updateZoomMeeting(deps, uid, current.zoomMeetingId, next);
      if (!moved.ok) next = { ...next, zoomError: meetingMessages.zoomUpdateFailed };
      else if (moved.value.created) {
        made = moved.value.created.id;
        next = {
          ...withoutZoomError(next),
          zoomMeetingId: moved.value.created.id,
          zoomJoinUrl: moved.value.created.joinUrl,
        };
      } else next = withoutZoomError(next);
    }
    if (wantsLink) {
      const zoom = await createZoomMeeting(deps, uid, next);
      if (zoom.ok) {
        made = zoom.value.id;
        next = { ...withoutZoomError(next), zoomMeetingId: zoom.value.id, zoomJoinUrl: zoom.value.joinUrl };
      } else next = { ...next, zoomError: zoomErrorOf(zoom) };
    }
    const reinvite = next.status === 'scheduled' && (changed.length > 0 || next.zoomJoinUrl !== current.zoomJoinUrl);
    if (reinvite) {
      const sequence = current.sequence + 1;
      next = { ...next, sequence, invitation: invitationFor('REQUEST', sequence, body.sendInvitation) };
    }

    const written = { ...next, version: current.version + 1 };
    if (await replaceMeetingItem(deps.db, written)) {
      const meeting = reinvite ? await queueInvitation(deps, written) : written;
      await publishUpdated(deps, meeting);
      return toWireMeeting(meeting);
    }
    if (made) await deleteZoomMeeting(deps, uid, made);
  }
  throw new HttpError(409, messages.status[409]);
};

/**
 * DELETE /api/meetings/{id}: cancels it. Its Zoom meeting is deleted (one Zoom no longer has is fine; a failure is
 * logged and the meeting is cancelled all the same), SEQUENCE + 1 and the cancellation goes to a contact who was
 * (or may be being) invited. Kept as `cancelled` and answered; cancelling it again answers it unchanged.
 */
export const cancelMeeting = async (deps: MeetingsDeps, uid: string, meetingId: string): Promise<Meeting> => {
  const current = await getMeeting(deps.db, uid, meetingId);
  if (!current) throw meetingNotFound();
  if (current.status === 'cancelled') return toWireMeeting(current);
  if (current.zoomMeetingId) {
    const deleted = await deleteZoomMeeting(deps, uid, current.zoomMeetingId);
    // cancelled all the same: the Zoom meeting stays in the user's Zoom account (Zoom down, or no longer connected)
    if (!deleted.ok) deps.logger.warn('a cancelled meeting kept its Zoom meeting', { reason: deleted.reason });
  }

  const cancelled = await changeMeeting(deps, uid, meetingId, (meeting) => {
    if (meeting.status === 'cancelled') return null;
    const sequence = meeting.sequence + 1;
    // a REQUEST still queued may be leaving right now: the worker sends the CANCEL only if one did leave
    const invited = meeting.invitedSequence !== undefined || meeting.invitation.status === 'queued';
    return {
      ...meeting,
      status: 'cancelled',
      sequence,
      invitation: invited ? invitationFor('CANCEL', sequence, true) : { status: 'skipped', method: 'CANCEL', sequence },
      updatedAt: deps.now().toISOString(),
    };
  });
  if (!cancelled) throw meetingNotFound();
  if (!cancelled.written) return toWireMeeting(cancelled.meeting);
  const meeting = await queueInvitation(deps, cancelled.meeting);
  await publishUpdated(deps, meeting);
  return toWireMeeting(meeting);
};
