import type { Draft } from '@shared/schemas/drafts';
import { formatDateTime, formatRecentTime } from '@/lib/formatDate';
import { i18n } from '@/i18n';

export type SendStateKind = 'draft' | 'sending' | 'queued' | 'scheduled' | 'sent' | 'failed' | 'archived';

/** What a draft's send state says to a person: a short label, and a detail line when there is more to tell. */
export type SendState = { kind: SendStateKind; label: string; detail?: string };

type SendFields = Pick<
  Draft,
  'status' | 'scheduledSendTime' | 'sentAt' | 'failureReason' | 'sendWaitReason' | 'sendAfter'
>;

const isFuture = (iso: string | undefined, now: number): iso is string =>
  iso !== undefined && !Number.isNaN(Date.parse(iso)) && Date.parse(iso) > now;

/**
 * A draft's send state (SPEC §4 'Draft', DESIGN §6 sending guard): a `sending` draft is Scheduled while its
 * scheduledSendTime lies ahead, Queued while the sending guard holds it (its sendWaitReason, until sendAfter), else
 * Sending…; a sent one says when, a failed one why.
 */
export const sendStateOf = (draft: SendFields, now: number = Date.now()): SendState => {
  switch (draft.status) {
    case 'sending': {
      if (isFuture(draft.scheduledSendTime, now))
        return {
          kind: 'scheduled',
          label: i18n.t('outreach:state.scheduledFor', {
            time: formatDateTime(draft.scheduledSendTime, i18n.language),
          }),
        };
      if (draft.sendWaitReason || isFuture(draft.sendAfter, now)) {
        const until = isFuture(draft.sendAfter, now)
          ? i18n.t('outreach:state.until', { time: formatDateTime(draft.sendAfter, i18n.language) })
          : '';
        const detail = [draft.sendWaitReason, until].filter(Boolean).join(' ');
        return { kind: 'queued', label: i18n.t('outreach:state.queued'), ...(detail ? { detail } : {}) };
      }
      return { kind: 'sending', label: i18n.t('outreach:state.sending') };
    }
    case 'sent':
      return {
        kind: 'sent',
        label: draft.sentAt
          ? i18n.t('outreach:state.sentAt', { time: formatRecentTime(draft.sentAt, i18n.language, now) })
          : i18n.t('outreach:state.sent'),
      };
    case 'failed':
      return {
        kind: 'failed',
        label: draft.failureReason
          ? i18n.t('outreach:state.failedBecause', { reason: draft.failureReason })
          : i18n.t('outreach:state.failed'),
        ...(draft.failureReason ? { detail: draft.failureReason } : {}),
      };
    case 'archived':
      return { kind: 'archived', label: i18n.t('outreach:state.cancelled') };
    default:
      return { kind: 'draft', label: i18n.t('outreach:state.draftReady') };
  }
};

/** Whether Send (or Send later, or Retry) may be offered: an unsent draft, or one whose send failed. */
export const canSend = (draft: Pick<Draft, 'status'>) => draft.status === 'draft' || draft.status === 'failed';

/** A follow-up waiting for its time (DESIGN §6 auto follow-up): sending, its scheduledSendTime ahead. */
export const isScheduledFollowUp = (
  draft: Pick<Draft, 'draftType' | 'status' | 'scheduledSendTime'>,
  now: number = Date.now(),
) => draft.draftType === 'follow_up' && draft.status === 'sending' && isFuture(draft.scheduledSendTime, now);

/** While the live channel is down, drafts that are leaving are read again this often. */
export const sendPollMs = 3_000;

/** Leaving now or soon: sending, not scheduled for later (a scheduled one changes at its time, not before). */
export const isLeaving = (draft: Pick<Draft, 'status' | 'scheduledSendTime'>, now: number = Date.now()) =>
  draft.status === 'sending' && !isFuture(draft.scheduledSendTime, now);
