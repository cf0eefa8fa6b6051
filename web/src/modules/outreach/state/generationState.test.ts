import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyBatchProgress,
  applyProgressEvent,
  clearBatch,
  generationRetentionMs,
  generationState,
  isAnyGenerating,
  isBatchFinished,
  markContactDone,
  markContactStarted,
  pruneGeneration,
  resetGeneration,
  runningBatchIds,
  startBatch,
  startRetry,
} from './generationState';

beforeEach(() => resetGeneration());

/** A batch id as the server makes them: a ULID of `iso` (its first 10 characters are the time; the rest made up). */
const ulidAt = (iso: string) => {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let time = Date.parse(iso);
  let head = '';
  for (let index = 0; index < 10; index += 1) {
    head = alphabet[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return `${head}0000000000000000`;
};

const event = (contactId: string, status: 'queued' | 'generating' | 'completed' | 'failed') => ({
  batchId: 'b1',
  contactId,
  status,
  ...(status === 'completed' ? { draftId: `d-${contactId}` } : {}),
  ...(status === 'failed' ? { error: 'The model is unavailable' } : {}),
});

describe('a batch', () => {
  it('starts with completed 0 and failed 0, every contact generating', () => {
    startBatch('b1', ['a', 'b', 'c'], 'ai', 1000);
    expect(generationState.batch).toMatchObject({ total: 3, completed: 0, failed: 0, currentContact: 'a' });
    expect(Object.values(generationState.contacts).map((entry) => entry.status)).toEqual([
      'generating',
      'generating',
      'generating',
    ]);
    expect(isAnyGenerating(generationState)).toBe(true);
  });

  it('follows live events: the current contact, each contact done or failed with its error, the counts they make', () => {
    startBatch('b1', ['a', 'b', 'c'], 'ai', 1000);
    applyProgressEvent(event('b', 'generating'), 1100);
    expect(generationState.batch?.currentContact).toBe('b');
    applyProgressEvent(event('b', 'completed'), 1200);
    applyProgressEvent(event('a', 'failed'), 1300);
    expect(generationState.contacts.b).toMatchObject({ status: 'completed', draftId: 'd-b', completedAt: 1200 });
    expect(generationState.contacts.a).toMatchObject({ status: 'error', error: 'The model is unavailable' });
    expect(generationState.batch).toMatchObject({ completed: 1, failed: 1 });
    expect(isBatchFinished(generationState.batch)).toBe(false);
    applyProgressEvent(event('c', 'completed'), 1400);
    expect(isBatchFinished(generationState.batch)).toBe(true);
    clearBatch();
    expect(generationState.batch).toBeNull();
  });

  it('never counts backwards when an older event or poll arrives late', () => {
    startBatch('b1', ['a', 'b', 'c'], 'ai', 1000);
    applyProgressEvent(event('b', 'completed'), 1200);
    applyProgressEvent(event('a', 'completed'), 1100);
    applyProgressEvent(event('b', 'generating'), 1300);
    expect(generationState.batch?.completed).toBe(2);
    expect(generationState.contacts.b?.status).toBe('completed');
  });

  it('counts a contact once, however often its finish is told', () => {
    startBatch('b1', ['a', 'b'], 'ai', 1000);
    applyProgressEvent(event('a', 'completed'), 1100);
    applyProgressEvent(event('a', 'completed'), 1200);
    expect(generationState.batch).toMatchObject({ completed: 1, failed: 0 });
    expect(isBatchFinished(generationState.batch)).toBe(false);
  });

  it('keeps what the live channel said of the batch before its POST answered, and counts it', () => {
    // a quick worker: b is done and c is being written before startBatch runs with the POST's answer
    applyProgressEvent(event('b', 'generating'), 1010);
    applyProgressEvent(event('b', 'completed'), 1020);
    applyProgressEvent(event('c', 'generating'), 1030);
    startBatch('b1', ['a', 'b', 'c'], 'ai', 1040);
    expect(generationState.contacts.b).toMatchObject({ status: 'completed', draftId: 'd-b', progress: 100 });
    expect(generationState.contacts.c).toMatchObject({ status: 'generating', progress: 50 });
    expect(generationState.contacts.a).toMatchObject({ status: 'generating', progress: 0 });
    expect(generationState.batch).toMatchObject({ completed: 1, failed: 0, currentContact: 'a' });
    // the last contacts' events finish the batch, and no contact of it is left waiting
    applyProgressEvent(event('a', 'completed'), 1050);
    applyProgressEvent(event('c', 'completed'), 1060);
    expect(isBatchFinished(generationState.batch)).toBe(true);
    expect(isAnyGenerating(generationState)).toBe(false);
  });

  it("takes a newer batch's early word over an older batch's entry, never an older batch's over a newer", () => {
    startBatch('b1', ['a'], 'ai', 1000);
    applyProgressEvent(event('a', 'completed'), 1100);
    // the same contact in a second batch, whose worker answers before its POST does
    applyProgressEvent({ ...event('a', 'completed'), batchId: 'b2', draftId: 'd-a2' }, 1200);
    startBatch('b2', ['a'], 'ai', 1300);
    expect(generationState.contacts.a).toMatchObject({ status: 'completed', batchId: 'b2', draftId: 'd-a2' });
    expect(isBatchFinished(generationState.batch)).toBe(true);
    applyProgressEvent(event('a', 'failed'), 1400);
    expect(generationState.contacts.a).toMatchObject({ status: 'completed', batchId: 'b2' });
  });

  it('finishes on its live events alone when its contacts were last written from a template, before it began', () => {
    // Grace's e-mail came from a template (no batch id); then an AI batch of her, whose worker answers before its POST
    startBatch(null, ['grace'], 'template', Date.parse('2026-01-02T10:00:00Z'), 't1');
    markContactStarted('grace', Date.parse('2026-01-02T10:00:00Z'));
    markContactDone('grace', { draftId: 'd-template' }, Date.parse('2026-01-02T10:00:01Z'));
    // a ULID of 2026-01-02T10:05:00Z
    const batchId = ulidAt('2026-01-02T10:05:00Z');
    applyProgressEvent({ batchId, contactId: 'grace', status: 'generating' }, Date.parse('2026-01-02T10:05:01Z'));
    applyProgressEvent(
      { batchId, contactId: 'grace', status: 'completed', draftId: 'd-ai' },
      Date.parse('2026-01-02T10:05:02Z'),
    );
    startBatch(batchId, ['grace'], 'ai', Date.parse('2026-01-02T10:05:03Z'));
    expect(generationState.contacts.grace).toMatchObject({ status: 'completed', batchId, draftId: 'd-ai' });
    expect(isBatchFinished(generationState.batch)).toBe(true);
    expect(isAnyGenerating(generationState)).toBe(false);
  });

  it('takes the polled batch answer when the live channel is down', () => {
    startBatch('b1', ['a', 'b'], 'ai', 1000);
    applyBatchProgress(
      {
        batchId: 'b1',
        total: 2,
        completed: 1,
        failed: 0,
        items: [
          { contactId: 'a', status: 'completed', draftId: 'd-a' },
          { contactId: 'b', status: 'generating' },
        ],
      },
      2000,
    );
    expect(generationState.batch).toMatchObject({ completed: 1, failed: 0, currentContact: 'b' });
    expect(generationState.contacts.a).toMatchObject({ status: 'completed', progress: 100, draftId: 'd-a' });
    expect(generationState.contacts.b).toMatchObject({ status: 'generating', progress: 50 });
  });

  it('finishes the contacts of a batch the card no longer shows from its polled answer', () => {
    startBatch('b1', ['a', 'b'], 'ai', 1000);
    // a second batch, of another contact, started from its drawer while the first ran: it takes the card
    startBatch('b2', ['c'], 'ai', 1100);
    expect(runningBatchIds(generationState)).toEqual(['b1', 'b2']);
    applyBatchProgress(
      {
        batchId: 'b1',
        total: 2,
        completed: 2,
        failed: 0,
        items: [
          { contactId: 'a', status: 'completed', draftId: 'd-a' },
          { contactId: 'b', status: 'completed', draftId: 'd-b' },
        ],
      },
      1200,
    );
    expect(generationState.contacts.b).toMatchObject({ status: 'completed', draftId: 'd-b' });
    expect(generationState.batch).toMatchObject({ batchId: 'b2', completed: 0 });
    expect(runningBatchIds(generationState)).toEqual(['b2']);
    applyProgressEvent({ batchId: 'b2', contactId: 'c', status: 'completed', draftId: 'd-c' }, 1300);
    expect(isAnyGenerating(generationState)).toBe(false);
  });

  it("ignores an older batch's answer", () => {
    startBatch('b1', ['a'], 'ai', 1000);
    applyBatchProgress({ batchId: 'a0', total: 1, completed: 1, failed: 0, items: [] }, 2000);
    applyProgressEvent({ ...event('a', 'completed'), batchId: 'a0' }, 2000);
    expect(generationState.batch?.completed).toBe(0);
    expect(generationState.contacts.a?.status).toBe('generating');
  });

  it('counts a client-run batch (a template applied contact by contact)', () => {
    startBatch(null, ['a', 'b'], 'template', 1000, 't1');
    markContactStarted('a', 1001);
    expect(generationState.batch?.currentContact).toBe('a');
    markContactDone('a', { draftId: 'd-a' }, 1002);
    markContactStarted('b', 1003);
    markContactDone('b', { error: 'Template not found' }, 1004);
    expect(generationState.batch).toMatchObject({ completed: 1, failed: 1, currentContact: null });
    expect(isBatchFinished(generationState.batch)).toBe(true);
    expect(generationState.contacts.b).toMatchObject({
      status: 'error',
      type: 'template',
      error: 'Template not found',
    });
    startRetry('b', 1005);
    expect(generationState.contacts.b).toMatchObject({ status: 'generating', type: 'template', templateId: 't1' });
  });
});

describe('retry', () => {
  it("counts retries, and a retry is not undone by the old batch's late word", () => {
    startBatch('b1', ['a'], 'ai', 1000);
    applyProgressEvent(event('a', 'failed'), 1100);
    startRetry('a', 1200);
    expect(generationState.contacts.a).toMatchObject({ status: 'generating', retryCount: 1, batchId: null });
    applyProgressEvent(event('a', 'failed'), 1300);
    expect(generationState.contacts.a?.status).toBe('generating');
    markContactDone('a', { draftId: 'd-a' }, 1400);
    expect(generationState.contacts.a).toMatchObject({ status: 'completed', retryCount: 1, draftId: 'd-a' });
  });
});

describe('pruneGeneration', () => {
  it('clears completed entries 30 minutes after they completed, keeps errors and running ones', () => {
    startBatch(null, ['a', 'b', 'c'], 'template', 0);
    markContactDone('a', { draftId: 'd-a' }, 1000);
    markContactDone('b', { error: 'failed' }, 1000);
    pruneGeneration(1000 + generationRetentionMs - 1);
    expect(Object.keys(generationState.contacts).sort()).toEqual(['a', 'b', 'c']);
    pruneGeneration(1000 + generationRetentionMs);
    expect(Object.keys(generationState.contacts).sort()).toEqual(['b', 'c']);
  });
});
