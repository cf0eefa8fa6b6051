import { describe, expect, it } from 'vitest';
import type { Draft } from '@shared/schemas/drafts';
import { wireDraft } from '@/test/draftFixtures';
import type { GenerationEntry } from '../state/generationState';
import { rowState } from './rowState';

const entry = (changes: Partial<GenerationEntry>): GenerationEntry => ({
  status: 'generating',
  type: 'ai',
  startedAt: 0,
  retryCount: 0,
  progress: 50,
  batchId: 'b1',
  ...changes,
});

const draft = (status: Draft['status']): Draft => wireDraft({ status });

describe('rowState', () => {
  it('shows a running generation before the draft it replaces', () => {
    expect(rowState(entry({ progress: 0 }), draft('draft')).kind).toBe('queued');
    expect(rowState(entry({}), draft('draft'))).toEqual({ kind: 'generating', label: 'Writing…' });
    expect(rowState(entry({ type: 'template' }), null).label).toBe('Filling in…');
  });

  it('shows a failure with its error until retried', () => {
    expect(rowState(entry({ status: 'error', error: 'Model down' }), draft('draft'))).toEqual({
      kind: 'error',
      label: 'Failed',
      error: 'Model down',
    });
  });

  it("else the primary draft's send state, or none", () => {
    expect(rowState(entry({ status: 'completed', progress: 100 }), draft('draft')).kind).toBe('ready');
    expect(rowState(undefined, draft('sent')).kind).toBe('sent');
    expect(rowState(undefined, draft('sending'))).toEqual({ kind: 'sending', label: 'Sending…' });
    expect(rowState(undefined, { ...draft('failed'), failureReason: 'Mailbox full' })).toEqual({
      kind: 'sendFailed',
      label: 'Failed: Mailbox full',
      detail: 'Mailbox full',
    });
    expect(rowState(undefined, null)).toEqual({ kind: 'none', label: 'No draft' });
  });

  it('tells a queued send and a scheduled one apart from one leaving now', () => {
    const now = Date.parse('2026-01-02T00:00:00.000Z');
    const queued = { ...draft('sending'), sendWaitReason: 'Daily limit reached' };
    expect(rowState(undefined, queued, now)).toMatchObject({ kind: 'sendQueued', detail: 'Daily limit reached' });
    const scheduled = { ...draft('sending'), scheduledSendTime: '2026-01-03T09:00:00.000Z' };
    expect(rowState(undefined, scheduled, now).kind).toBe('scheduled');
  });

  it('never calls a draft ready that cannot be sent for its address (DESIGN §9)', () => {
    const risky = { email: 'ada@example.com', emailQevStatus: 'accept_all' } as const;
    expect(rowState(undefined, draft('draft'), Date.now(), risky)).toEqual({
      kind: 'blocked',
      label: 'Confirm the address',
      detail: 'Its mail server accepts any address: confirm it in the e-mail to send.',
    });
    expect(rowState(undefined, draft('draft'), Date.now(), { ...risky, emailConfirmedByUser: true }).kind).toBe(
      'ready',
    );
    expect(rowState(undefined, draft('draft'), Date.now(), { email: '', emailQevStatus: null }).label).toBe(
      'No address',
    );
    expect(
      rowState(undefined, draft('draft'), Date.now(), { email: 'ada@example.com', emailQevStatus: 'invalid' }).label,
    ).toBe('Invalid address');
    expect(
      rowState(undefined, draft('draft'), Date.now(), { email: 'ada@example.com', emailQevStatus: 'valid' }).kind,
    ).toBe('ready');
    // a sent one stays sent whatever the address became
    expect(rowState(undefined, draft('sent'), Date.now(), risky).kind).toBe('sent');
  });
});
