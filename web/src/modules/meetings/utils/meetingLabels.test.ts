import { describe, expect, it } from 'vitest';
import { meetingFixture } from '@/test/meetingFixtures';
import { invitationLabel, isInProgress, rsvpOf, splitMeetings } from './meetingLabels';

const hour = 60 * 60_000;
const now = Date.parse('2026-12-01T12:00:00Z');
const at = (offsetHours: number) => new Date(now + offsetHours * hour).toISOString();

describe('meeting labels', () => {
  it('says where the invitation stands: first, updated, cancellation; not sent and failed with the reason', () => {
    const label = (invitation: Parameters<typeof invitationLabel>[0]['invitation']) => invitationLabel({ invitation });
    expect(label({ status: 'sent', method: 'REQUEST', sequence: 0 })).toEqual({
      tone: 'success',
      label: 'Invitation sent',
    });
    expect(label({ status: 'queued', method: 'REQUEST', sequence: 2 }).label).toBe('Updated invitation queued');
    expect(label({ status: 'sent', method: 'CANCEL', sequence: 3 }).label).toBe('Cancellation sent');
    expect(label({ status: 'skipped', method: 'REQUEST', sequence: 0, error: 'No mailbox' })).toEqual({
      tone: 'warning',
      label: 'Invitation not sent',
      reason: 'No mailbox',
    });
    expect(label({ status: 'failed', method: 'REQUEST', sequence: 1, error: 'Bounced' })).toEqual({
      tone: 'error',
      label: 'Updated invitation failed',
      reason: 'Bounced',
    });
  });

  it("shows the contact's answer to the meeting as it is: not one to an earlier time, nor on a cancelled meeting", () => {
    const answered = (answer: 'accepted' | 'tentative' | 'declined', sequence = 1) =>
      meetingFixture({ sequence: 1, rsvp: { answer, sequence, answeredAt: at(-1) } });
    expect(rsvpOf(answered('accepted'))).toEqual({ answer: 'accepted', tone: 'success' });
    expect(rsvpOf(answered('tentative'))).toEqual({ answer: 'tentative', tone: 'warning' });
    expect(rsvpOf(answered('declined'))).toEqual({ answer: 'declined', tone: 'error' });
    expect(rsvpOf(answered('accepted', 0))).toBeNull();
    expect(rsvpOf({ ...answered('accepted'), status: 'cancelled' })).toBeNull();
    expect(rsvpOf(meetingFixture())).toBeNull();
  });

  it('keeps a scheduled meeting upcoming until it ends; one over, marked done or cancelled is past', () => {
    const meetings = [
      meetingFixture({ id: 'later', startTime: at(48) }),
      meetingFixture({ id: 'soon', startTime: at(2) }),
      meetingFixture({ id: 'running', startTime: at(-0.25), durationMinutes: 30 }),
      meetingFixture({ id: 'cancelled', startTime: at(5), status: 'cancelled' }),
      meetingFixture({ id: 'over', startTime: at(-1), durationMinutes: 30 }),
      meetingFixture({ id: 'doneEarly', startTime: at(-0.1), status: 'done' }),
      meetingFixture({ id: 'old', startTime: at(-72), status: 'done' }),
    ];
    const { upcoming, past } = splitMeetings(meetings, now);
    expect(upcoming.map((meeting) => meeting.id)).toEqual(['running', 'soon', 'later']);
    // latest first: a cancelled meeting that would have been in five hours heads the list
    expect(past.map((meeting) => meeting.id)).toEqual(['cancelled', 'doneEarly', 'over', 'old']);
    expect(isInProgress(meetings[2]!, now)).toBe(true);
    expect(isInProgress(meetings[1]!, now)).toBe(false);
  });
});
