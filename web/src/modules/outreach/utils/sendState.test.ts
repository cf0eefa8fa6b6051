import { describe, expect, it } from 'vitest';
import type { Draft } from '@shared/schemas/drafts';
import { wireDraft } from '@/test/draftFixtures';
import { formatDateTime } from '@/lib/formatDate';
import { canSend, isLeaving, isScheduledFollowUp, sendStateOf } from './sendState';

const now = Date.parse('2026-11-24T12:00:00.000Z');
const later = '2026-11-24T15:30:00.000Z';
const earlier = '2026-11-24T11:00:00.000Z';

const draft = (changes: Partial<Draft>): Draft => wireDraft({ createdAt: earlier, updatedAt: earlier, ...changes });

describe('sendStateOf', () => {
  it('calls an unsent draft ready and lets it be sent', () => {
    expect(sendStateOf(draft({}), now)).toEqual({ kind: 'draft', label: 'Draft ready' });
    expect(canSend(draft({}))).toBe(true);
  });

  it('says Sending… for a send under way with nothing holding it', () => {
    expect(sendStateOf(draft({ status: 'sending' }), now)).toEqual({ kind: 'sending', label: 'Sending…' });
    expect(sendStateOf(draft({ status: 'sending', scheduledSendTime: earlier }), now).kind).toBe('sending');
    expect(canSend(draft({ status: 'sending' }))).toBe(false);
  });

  it('says Queued with the guard’s reason and until when it waits', () => {
    const state = sendStateOf(
      draft({ status: 'sending', sendWaitReason: 'Daily limit of 100 e-mails reached', sendAfter: later }),
      now,
    );
    expect(state.kind).toBe('queued');
    expect(state.label).toBe('Queued');
    expect(state.detail).toBe(`Daily limit of 100 e-mails reached until ${formatDateTime(later, 'en')}`);
    expect(sendStateOf(draft({ status: 'sending', sendWaitReason: 'Spreading sends out' }), now).detail).toBe(
      'Spreading sends out',
    );
  });

  it('says Scheduled for the local time of a send set for later', () => {
    expect(sendStateOf(draft({ status: 'sending', scheduledSendTime: later }), now)).toEqual({
      kind: 'scheduled',
      label: `Scheduled for ${formatDateTime(later, 'en')}`,
    });
  });

  it('says how long ago a sent e-mail left', () => {
    expect(sendStateOf(draft({ status: 'sent', sentAt: '2026-11-24T09:00:00.000Z' }), now).label).toBe('Sent 3h ago');
    expect(sendStateOf(draft({ status: 'sent', sentAt: '2026-11-24T11:59:40.000Z' }), now).label).toBe('Sent just now');
    expect(canSend(draft({ status: 'sent' }))).toBe(false);
  });

  it('says why a send failed, and lets it be sent again', () => {
    const state = sendStateOf(draft({ status: 'failed', failureReason: 'The address does not exist' }), now);
    expect(state).toEqual({
      kind: 'failed',
      label: 'Failed: The address does not exist',
      detail: 'The address does not exist',
    });
    expect(canSend(draft({ status: 'failed' }))).toBe(true);
  });
});

describe('scheduled follow-ups and sends under way', () => {
  it('are follow-ups sending at a time ahead, nothing else', () => {
    const followUp = draft({ draftType: 'follow_up', status: 'sending', scheduledSendTime: later, isPrimary: false });
    expect(isScheduledFollowUp(followUp, now)).toBe(true);
    expect(isScheduledFollowUp({ ...followUp, scheduledSendTime: earlier }, now)).toBe(false);
    expect(isScheduledFollowUp({ ...followUp, status: 'archived' }, now)).toBe(false);
    expect(isScheduledFollowUp({ ...followUp, draftType: 'initial_outreach' }, now)).toBe(false);
  });

  it('count as leaving only when not waiting for a later time', () => {
    expect(isLeaving(draft({ status: 'sending' }), now)).toBe(true);
    expect(isLeaving(draft({ status: 'sending', scheduledSendTime: later }), now)).toBe(false);
    expect(isLeaving(draft({ status: 'sent' }), now)).toBe(false);
  });
});
