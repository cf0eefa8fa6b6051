import type { Meeting, MeetingStatus, RsvpAnswer } from '@shared/schemas/meetings';
import { i18n } from '@/i18n';

/** antd Tag presets (theme colours) for a meeting's status. */
export const statusTagColors: Record<MeetingStatus, string> = {
  scheduled: 'processing',
  cancelled: 'default',
  done: 'success',
};

export type InvitationTone = 'success' | 'processing' | 'warning' | 'error';

export type InvitationLabel = { tone: InvitationTone; label: string; reason?: string };

const invitationTones = {
  sent: 'success',
  queued: 'processing',
  skipped: 'warning',
  failed: 'error',
} as const satisfies Record<Meeting['invitation']['status'], InvitationTone>;

/**
 * Where a meeting's last invitation stands, in words of the interface's language: 'Invitation sent', 'Updated
 * invitation queued', 'Cancellation sent', 'Invitation not sent' with the server's reason (no e-mail, no mailbox),
 * 'Invitation failed' with why.
 */
export const invitationLabel = ({ invitation }: Pick<Meeting, 'invitation'>): InvitationLabel => {
  const what = invitation.method === 'CANCEL' ? 'cancellation' : invitation.sequence > 0 ? 'update' : 'first';
  const label = i18n.t(`meetings:meeting.invitation.${what}.${invitation.status}`);
  const tone = invitationTones[invitation.status];
  return invitation.status === 'skipped' || invitation.status === 'failed'
    ? { tone, label, reason: invitation.error }
    : { tone, label };
};

const rsvpTones: Record<RsvpAnswer, InvitationTone> = { accepted: 'success', tentative: 'warning', declined: 'error' };

/**
 * The contact's answer to the invitation of the meeting as it is (an answer to an earlier time, before a reschedule,
 * answers nothing now), or null: none came, or the meeting was cancelled.
 */
export const rsvpOf = (meeting: Pick<Meeting, 'rsvp' | 'sequence' | 'status'>) =>
  meeting.rsvp && meeting.status !== 'cancelled' && meeting.rsvp.sequence === meeting.sequence
    ? { answer: meeting.rsvp.answer, tone: rsvpTones[meeting.rsvp.answer] }
    : null;

const endOf = (meeting: Pick<Meeting, 'startTime' | 'durationMinutes'>) =>
  new Date(meeting.startTime).getTime() + meeting.durationMinutes * 60_000;

/** Whether the meeting has begun (it can be marked done and get its notes). */
export const hasStarted = (meeting: Pick<Meeting, 'startTime'>, now: number) =>
  new Date(meeting.startTime).getTime() <= now;

/** Under way now: started, not over, not cancelled. */
export const isInProgress = (meeting: Meeting, now: number) =>
  meeting.status === 'scheduled' && hasStarted(meeting, now) && endOf(meeting) > now;

/**
 * Upcoming: the scheduled meetings not over yet, soonest first. Past: the rest, latest first: those over or marked
 * done, and the cancelled ones (greyed, tagged Cancelled), which will not take place whatever their time.
 */
export const splitMeetings = (meetings: readonly Meeting[], now: number) => {
  const upcoming: Meeting[] = [];
  const past: Meeting[] = [];
  for (const meeting of meetings)
    (meeting.status === 'scheduled' && endOf(meeting) > now ? upcoming : past).push(meeting);
  const startOf = (meeting: Meeting) => new Date(meeting.startTime).getTime();
  upcoming.sort((a, b) => startOf(a) - startOf(b));
  past.sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
};
