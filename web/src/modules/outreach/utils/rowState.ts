import type { Draft } from '@shared/schemas/drafts';
import type { GenerationEntry } from '../state/generationState';

export type RowStateKind = 'queued' | 'generating' | 'error' | 'ready' | 'sending' | 'sent' | 'sendFailed' | 'none';

export type RowState = { kind: RowStateKind; label: string; error?: string };

/**
 * What the Outreach list says about a contact: its generation state (SPEC §3) while one runs or after it failed,
 * else its primary draft's send state, else that there is none.
 */
export const rowState = (entry: GenerationEntry | undefined, draft: Draft | null): RowState => {
  if (entry?.status === 'generating')
    return entry.progress === 0
      ? { kind: 'queued', label: 'Queued' }
      : { kind: 'generating', label: entry.type === 'template' ? 'Filling in…' : 'Writing…' };
  if (entry?.status === 'error') return { kind: 'error', label: 'Failed', error: entry.error ?? '' };
  if (!draft) return { kind: 'none', label: 'No draft' };
  switch (draft.status) {
    case 'sent':
      return { kind: 'sent', label: 'Sent' };
    case 'sending':
      return { kind: 'sending', label: 'Sending' };
    case 'failed':
      return { kind: 'sendFailed', label: 'Not sent' };
    default:
      return { kind: 'ready', label: 'Draft ready' };
  }
};
