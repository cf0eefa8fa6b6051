import { proxy } from 'valtio';

/** `empty`: the server found nothing worth summarising (no background, résumé, goals, ...) */
export type NormalizeStatus = 'idle' | 'running' | 'failed' | 'empty';

export type NormalizeState = { status: NormalizeStatus /** the server's word on an `empty` profile */; note: string };

/** The background refresh of the AI summary (SPEC §7 'Profile': never blocking, a failure is only noted). */
export const normalizeState = proxy<NormalizeState>({ status: 'idle', note: '' });

export const setNormalizeStatus = (status: NormalizeStatus, note = '') => {
  normalizeState.status = status;
  normalizeState.note = note;
};

export const resetNormalize = () => setNormalizeStatus('idle');
