import { type AddressFields, addressState } from '@shared/addresses';
import type { Draft } from '@shared/schemas/drafts';
import { formatRecentTime } from '@/lib/formatDate';
import { i18n } from '@/i18n';
import type { GenerationEntry } from '../state/generationState';
import { recipientTexts } from './recipient';
import { type SendStateKind, sendStateOf } from './sendState';

export type RowStateKind =
  | 'queued'
  | 'generating'
  | 'error'
  | 'ready'
  | 'blocked'
  | 'sending'
  | 'sendQueued'
  | 'scheduled'
  | 'sent'
  | 'replied'
  | 'sendFailed'
  | 'archived'
  | 'none';

export type RowState = { kind: RowStateKind; label: string; error?: string; detail?: string };

/**
 * Where the conversation of a sent e-mail stands (shared/conversation-turn.ts): the contact answered and the person
 * owes the reply (`yours`), or the person answered them since (`answered`, with when), else nothing to tell.
 */
export type RowTurn = { kind: 'yours' } | { kind: 'answered'; at: string | null } | null;

const rowKinds: Record<SendStateKind, RowStateKind> = {
  draft: 'ready',
  sending: 'sending',
  queued: 'sendQueued',
  scheduled: 'scheduled',
  sent: 'sent',
  failed: 'sendFailed',
  archived: 'archived',
};

/**
 * What the Outreach list says about a contact: its generation state (SPEC §3) while one runs or after it failed,
 * else its primary draft's send state (utils/sendState.ts), else that there is none. An unsent draft to an address
 * that is not sent to (DESIGN §9: none, invalid, risky and not confirmed) is not ready: the row says what is missing.
 * A sent e-mail the contact answered says Replied, with when it was sent, until the person answers them: then the
 * row says when they did, as it waits for the contact again.
 */
export const rowState = (
  entry: GenerationEntry | undefined,
  draft: Draft | null,
  now: number = Date.now(),
  address?: AddressFields,
  turn: RowTurn = null,
): RowState => {
  if (entry?.status === 'generating')
    return entry.progress === 0
      ? { kind: 'queued', label: i18n.t('outreach:state.queued') }
      : {
          kind: 'generating',
          label: entry.type === 'template' ? i18n.t('outreach:state.fillingIn') : i18n.t('outreach:state.writing'),
        };
  if (entry?.status === 'error')
    return { kind: 'error', label: i18n.t('outreach:state.failed'), error: entry.error ?? '' };
  if (!draft) return { kind: 'none', label: i18n.t('outreach:state.noDraft') };
  const state = sendStateOf(draft, now);
  const blocked = state.kind === 'draft' && address ? recipientTexts(addressState(address)) : null;
  if (blocked?.row)
    return { kind: 'blocked', label: blocked.row, ...(blocked.rowDetail ? { detail: blocked.rowDetail } : {}) };
  if (state.kind === 'sent' && turn?.kind === 'yours')
    return { kind: 'replied', label: i18n.t('outreach:state.replied'), detail: state.label };
  if (state.kind === 'sent' && turn?.kind === 'answered')
    return {
      kind: 'sent',
      label: turn.at
        ? i18n.t('outreach:state.answeredAt', { time: formatRecentTime(turn.at, i18n.language, now) })
        : i18n.t('outreach:state.answered'),
    };
  return { kind: rowKinds[state.kind], label: state.label, ...(state.detail ? { detail: state.detail } : {}) };
};
