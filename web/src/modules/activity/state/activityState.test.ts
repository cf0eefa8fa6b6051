// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityState,
  completeActivity,
  cutFailedDetail,
  failActivity,
  resetActivity,
  sidebarActivity,
  startActivity,
  updateActivityCounts,
  type ActivityAction,
} from './activityState';

const storageKey = 'outreach.recentActivity';
const stored = () => JSON.parse(localStorage.getItem(storageKey) ?? '[]') as ActivityAction[];

/** Runs one action to its end, a second later than the previous one. */
const finish = (index: number, outcome: 'completed' | 'failed') => {
  vi.setSystemTime(Date.UTC(2025, 5, 1, 12, 0, index));
  const id = startActivity({ type: 'generate_emails', label: `Batch ${index}` });
  if (outcome === 'completed') completeActivity(id, 'Done');
  else failActivity(id, 'The AI service did not answer');
  return id;
};

beforeEach(() => {
  vi.useFakeTimers();
  resetActivity();
});

afterEach(() => vi.useRealTimers());

describe('activityState', () => {
  it('moves an action from in progress to completed, with its counts', () => {
    const id = startActivity({ type: 'generate_emails', label: 'Generating 3 e-mails', total: 3 });
    expect(activityState.actions[0]).toMatchObject({
      id,
      status: 'in_progress',
      counts: { total: 3, completed: 0, failed: 0 },
    });
    updateActivityCounts(id, { completed: 2, failed: 1 });
    completeActivity(id, '2 drafts ready, 1 failed');
    expect(activityState.actions[0]).toMatchObject({
      status: 'completed',
      detail: '2 drafts ready, 1 failed',
      counts: { total: 3, completed: 2, failed: 1 },
    });
    expect(activityState.actions[0]?.finishedAt).toBeDefined();
  });

  it('cuts a failed detail to 50 characters', () => {
    const long = 'The mailbox refused the message because the daily sending limit was reached';
    expect(cutFailedDetail(long)).toHaveLength(50);
    expect(cutFailedDetail(long).endsWith('…')).toBe(true);
    expect(cutFailedDetail('Short reason')).toBe('Short reason');
    const id = startActivity({ type: 'send_emails', label: 'Sending' });
    failActivity(id, long);
    expect(activityState.actions[0]?.detail).toHaveLength(50);
  });

  it('keeps the newest 20 completed and 20 failed actions in local storage', () => {
    for (let index = 0; index < 25; index += 1) finish(index, 'completed');
    for (let index = 25; index < 50; index += 1) finish(index, 'failed');
    const saved = stored();
    expect(saved.filter((action) => action.status === 'completed')).toHaveLength(20);
    expect(saved.filter((action) => action.status === 'failed')).toHaveLength(20);
    expect(saved.some((action) => action.label === 'Batch 4')).toBe(false);
    expect(saved.some((action) => action.label === 'Batch 5')).toBe(true);
    expect(activityState.actions).toHaveLength(40);
  });

  it('does not store an action still in progress', () => {
    finish(1, 'completed');
    startActivity({ type: 'find_emails', label: 'Finding e-mails' });
    expect(activityState.actions).toHaveLength(2);
    expect(stored().map((action) => action.label)).toEqual(['Batch 1']);
  });

  it('lists the 10 newest in the sidebar', () => {
    for (let index = 0; index < 15; index += 1) finish(index, index % 2 ? 'failed' : 'completed');
    const shown = sidebarActivity(activityState.actions);
    expect(shown).toHaveLength(10);
    expect(shown[0]?.label).toBe('Batch 14');
    expect(shown.at(-1)?.label).toBe('Batch 5');
  });

  it('reads the stored list on load and ignores anything malformed', async () => {
    finish(1, 'failed');
    vi.resetModules();
    const reloaded = await import('./activityState');
    expect(reloaded.activityState.actions.map((action) => action.label)).toEqual(['Batch 1']);

    localStorage.setItem(storageKey, '{"not":"a list"}');
    vi.resetModules();
    expect((await import('./activityState')).activityState.actions).toEqual([]);
  });

  it('drops a stored list with an entry this version did not write, and unknown keys of good entries', async () => {
    const good = {
      id: 'a',
      type: 'find_emails',
      label: 'Lookups',
      status: 'completed',
      startedAt: '2025-06-01T12:00:00.000Z',
    };
    localStorage.setItem(
      storageKey,
      JSON.stringify([{ ...good, counts: { total: 2, completed: 2, failed: 0 }, extra: 1 }]),
    );
    vi.resetModules();
    expect((await import('./activityState')).activityState.actions).toEqual([
      { ...good, counts: { total: 2, completed: 2, failed: 0 } },
    ]);

    for (const bad of [
      { ...good, status: 'paused' },
      { ...good, counts: { total: -1, completed: 0, failed: 0 } },
      { ...good, id: 1 },
    ]) {
      localStorage.setItem(storageKey, JSON.stringify([good, bad]));
      vi.resetModules();
      expect((await import('./activityState')).activityState.actions).toEqual([]);
    }
  });

  it('forgets everything on reset, stored copy included', () => {
    finish(1, 'completed');
    resetActivity();
    expect(activityState.actions).toEqual([]);
    expect(localStorage.getItem(storageKey)).toBeNull();
  });
});
