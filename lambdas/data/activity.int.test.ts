import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ActivityAction, maxActivityErrorLength } from '../../shared/schemas/dashboard.js';
import { readItem, setAttributes } from '../test/raw-items.js';
import {
  activityKey,
  cutActivityError,
  finishActivity,
  getActivity,
  progressActivity,
  recordEndedActivity,
  startActivity,
  userActivity,
} from './activity.js';
import { createDataClient } from './client.js';

const db = createDataClient(process.env.TABLE_NAME!);
const at = new Date('2026-11-24T10:00:00.000Z');
/** the lists are read a minute after `at` (not at the real now, past the actions' 30 days' ttl from Dec 24, 2026) */
const readAt = new Date(at.getTime() + 60_000);
const lookup = (uid: string, profileCount = 3) =>
  startActivity(db, uid, { actionType: 'find_emails', profileCount, at });

describe('the activity log (SPEC §3 Activity action, §9)', () => {
  it('counts an item once however often its message comes, and finishes with the last one', async () => {
    const uid = randomUUID();
    const action = await lookup(uid);
    expect(action).toMatchObject({ status: 'in_progress', profileCount: 3, completedCount: 0, recipients: [] });

    const found = { status: 'completed', fetched: true } as const;
    // the same contact delivered three times, two of them side by side
    const first = await Promise.all([
      progressActivity(db, uid, action.id, 'c1', found, at),
      progressActivity(db, uid, action.id, 'c1', found, at),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await progressActivity(db, uid, action.id, 'c1', found, at)).toBeNull();
    expect(await getActivity(db, uid, action.id)).toMatchObject({ completedCount: 1, fetchedCount: 1, failedCount: 0 });

    await progressActivity(db, uid, action.id, 'c2', { status: 'completed' }, at);
    const last = await progressActivity(db, uid, action.id, 'c3', { status: 'failed', error: 'Verifier down' }, at);
    expect(last).toMatchObject({
      status: 'completed',
      completedAt: at.toISOString(),
      completedCount: 2,
      fetchedCount: 1,
      failedCount: 1,
      error: 'Verifier down',
    });
    // finished: a late copy of a message changes nothing
    expect(await progressActivity(db, uid, action.id, 'c4', found, at)).toBeNull();
    expect(await getActivity(db, uid, action.id)).toEqual(last);
    // the keys counted, in the table only (a list: an account export shows it as it is)
    expect((await readItem(db, activityKey(uid, action.id)))?.doneItems).toEqual(['c1', 'c2', 'c3']);
  });

  it('fails an action none of whose items succeeded, with the first reason cut to 50 characters', async () => {
    const uid = randomUUID();
    const action = await lookup(uid, 2);
    const long = `The e-mail check service did not answer in time, ${'x'.repeat(100)}`;
    await progressActivity(db, uid, action.id, 'c1', { status: 'failed', error: long }, at);
    const failed = await progressActivity(db, uid, action.id, 'c2', { status: 'failed', error: 'Other reason' }, at);
    expect(failed).toMatchObject({ status: 'failed', failedAt: at.toISOString(), failedCount: 2, completedCount: 0 });
    expect(failed?.error?.length).toBeLessThanOrEqual(maxActivityErrorLength);
    expect(cutActivityError('x'.repeat(80))).toBe(`${'x'.repeat(49)}…`);
    expect(failed?.error).toBe(cutActivityError(long));
    expect(failed?.error?.endsWith('…')).toBe(true);
    expect(long.startsWith(failed!.error!.slice(0, -1))).toBe(true);
    // a short reason is kept whole; a cut never splits a character made of two code units
    expect(cutActivityError('  Short  ')).toBe('Short');
    expect(cutActivityError(`${'a'.repeat(48)}😀😀`)).toBe(`${'a'.repeat(48)}…`);
  });

  it('ends once: a second finish changes nothing', async () => {
    const uid = randomUUID();
    const action = await startActivity(db, uid, { actionType: 'send_emails', profileCount: 1, at });
    const failed = await finishActivity(db, uid, action.id, { status: 'failed', error: 'Rejected' }, at);
    expect(failed).toMatchObject({ status: 'failed', error: 'Rejected', failedAt: at.toISOString() });
    expect(await finishActivity(db, uid, action.id, { status: 'completed' }, at)).toBeNull();
    expect(await finishActivity(db, randomUUID(), action.id, { status: 'completed' }, at)).toBeNull();
    expect(await getActivity(db, uid, action.id)).toEqual(failed);
    // the item keys stay in the table, never on the wire
    expect(Object.keys(failed!)).not.toContain('doneItems');
  });

  it('keeps the newest 20 completed and 20 failed, and lists the newest 20 in progress', async () => {
    const uid = randomUUID();
    const started: ActivityAction[] = [];
    for (let index = 0; index < 22; index += 1) started.push(await lookup(uid));
    const completed: ActivityAction[] = [];
    const failed: ActivityAction[] = [];
    for (let index = 0; index < 23; index += 1) {
      completed.push(
        await recordEndedActivity(db, uid, {
          actionType: 'book_meeting',
          profileCount: 1,
          recipients: [{ name: `Contact ${index}` }],
          at,
          outcome: { status: 'completed' },
        }),
      );
    }
    for (let index = 0; index < 22; index += 1) {
      const action = await startActivity(db, uid, { actionType: 'send_emails', profileCount: 1, at });
      await finishActivity(db, uid, action.id, { status: 'failed', error: `Failure ${index}` }, at);
      failed.push(action);
    }
    const list = await userActivity(db, uid, readAt);
    const ids = (actions: { id: string }[]) => actions.map((action) => action.id);
    // the newest 20 in progress first, then the finished ones, each newest first
    expect(ids(list)).toEqual([
      ...ids(started.slice(2)).reverse(),
      ...[...ids(completed.slice(3)), ...ids(failed.slice(2))].sort().reverse(),
    ]);
    // the older finished ones are gone from the table, not only from the list
    for (const gone of [...completed.slice(0, 3), ...failed.slice(0, 2)]) {
      expect(await readItem(db, activityKey(uid, gone.id))).toBeNull();
    }
    expect(list.find((action) => action.id === completed[22]!.id)).toMatchObject({
      actionType: 'book_meeting',
      status: 'completed',
      recipients: [{ name: 'Contact 22' }],
      completedCount: 1,
    });
  });

  it("lists none of another user's actions, and none past their ttl", async () => {
    const [uid, other] = [randomUUID(), randomUUID()];
    const mine = await lookup(uid);
    await lookup(other);
    expect((await userActivity(db, uid, readAt)).map((action) => action.id)).toEqual([mine.id]);
    expect(await getActivity(db, other, mine.id)).toBeNull();
    await setAttributes(db, activityKey(uid, mine.id), { ttl: Math.floor(readAt.getTime() / 1000) - 1 });
    expect(await userActivity(db, uid, readAt)).toEqual([]);
  });
});
