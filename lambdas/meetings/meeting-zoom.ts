import type { MeetingItem } from '../data/meeting.js';
import { type ZoomMeeting, ZoomFailure } from '../providers/meetings/port.js';
import type { MeetingsDeps } from './deps.js';
import { zoomAccess } from './zoom-connection.js';

/**
 * A meeting's Zoom meeting: created, moved and deleted with the user's Zoom connection. Zoom never fails a
 * booking: whatever goes wrong comes back as an outcome the meeting keeps (`zoomError`), never as a throw.
 */
export type ZoomOutcome<T> =
  | { ok: true; value: T }
  /** `none`: Zoom is not connected; `expired`: its grant is gone; `failed`: Zoom refused or could not be reached */
  | { ok: false; reason: 'none' | 'expired' | 'failed' };

/**
 * Runs `call` with a Zoom access token of the user. A 401 (the token was refused although it had time left: revoked
 * and granted again, Zoom's clock) renews the token once (`forceRefresh`) and tries again.
 */
export const withZoom = async <T>(
  deps: MeetingsDeps,
  uid: string,
  operation: string,
  call: (accessToken: string) => Promise<T>,
): Promise<ZoomOutcome<T>> => {
  try {
    let access = await zoomAccess(deps, uid);
    if (access.status !== 'connected') return { ok: false, reason: access.status };
    try {
      return { ok: true, value: await call(access.accessToken) };
    } catch (error) {
      if (!(error instanceof ZoomFailure && error.kind === 'unauthorized')) throw error;
      access = await zoomAccess(deps, uid, { forceRefresh: true });
      if (access.status !== 'connected') return { ok: false, reason: access.status };
      return { ok: true, value: await call(access.accessToken) };
    }
  } catch (error) {
    deps.logger.warn('a Zoom call failed; the meeting is kept without it', {
      operation,
      kind: error instanceof ZoomFailure ? error.kind : 'error',
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, reason: 'failed' };
  }
};

/** What Zoom is told about a meeting. */
const zoomInput = (meeting: Pick<MeetingItem, 'title' | 'startTime' | 'durationMinutes' | 'timeZone'>) => ({
  topic: meeting.title,
  startTime: meeting.startTime,
  durationMinutes: meeting.durationMinutes,
  timeZone: meeting.timeZone,
});

/** A new Zoom meeting for the meeting. */
export const createZoomMeeting = (
  deps: MeetingsDeps,
  uid: string,
  meeting: Pick<MeetingItem, 'title' | 'startTime' | 'durationMinutes' | 'timeZone'>,
): Promise<ZoomOutcome<ZoomMeeting>> =>
  withZoom(deps, uid, 'create', (token) => deps.zoom.api.createMeeting(token, zoomInput(meeting)));

/**
 * The meeting's Zoom meeting moved to its new time, length, zone and title; one Zoom no longer has (deleted in Zoom)
 * is made anew: `created` then holds the new one.
 */
export const updateZoomMeeting = (
  deps: MeetingsDeps,
  uid: string,
  zoomMeetingId: string,
  meeting: Pick<MeetingItem, 'title' | 'startTime' | 'durationMinutes' | 'timeZone'>,
): Promise<ZoomOutcome<{ created: ZoomMeeting | null }>> =>
  withZoom(deps, uid, 'update', async (token) => {
    try {
      await deps.zoom.api.updateMeeting(token, zoomMeetingId, zoomInput(meeting));
      return { created: null };
    } catch (error) {
      if (!(error instanceof ZoomFailure && error.kind === 'not_found')) throw error;
      return { created: await deps.zoom.api.createMeeting(token, zoomInput(meeting)) };
    }
  });

/** The Zoom meeting deleted (one Zoom no longer has counts as deleted). */
export const deleteZoomMeeting = (deps: MeetingsDeps, uid: string, zoomMeetingId: string) =>
  withZoom(deps, uid, 'delete', async (token) => {
    try {
      await deps.zoom.api.deleteMeeting(token, zoomMeetingId);
    } catch (error) {
      if (!(error instanceof ZoomFailure && error.kind === 'not_found')) throw error;
    }
  });
