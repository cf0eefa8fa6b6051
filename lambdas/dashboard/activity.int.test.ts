import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live-events.js';
import { createLogger } from '../core/logger.js';
import { startActivity } from '../data/activity.js';
import { createDataClient } from '../data/client.js';
import { activityMessages, listActivity, startBrowserActivity, updateBrowserActivity } from './activity.js';
import type { DashboardDeps } from './deps.js';

const db = createDataClient(process.env.TABLE_NAME!);

const setup = () => {
  const events: { uid: string; event: LiveEvent }[] = [];
  const deps: DashboardDeps = {
    db,
    now: () => new Date(),
    live: { publish: async (uid, event) => void events.push({ uid, event }) },
    logger: createLogger('dashboard-test'),
  };
  return { deps, events };
};

describe('the activity routes (SPEC §2 Recent Activity, §3 Activity action)', () => {
  it("starts the browser's import, takes its counts and its end, then refuses changes (409)", async () => {
    const { deps, events } = setup();
    const uid = randomUUID();
    const started = await startBrowserActivity(deps, uid, { actionType: 'add_contacts', profileCount: 4 });
    expect(started).toMatchObject({ actionType: 'add_contacts', status: 'in_progress', profileCount: 4 });

    expect(await updateBrowserActivity(deps, uid, started.id, { completedCount: 2, fetchedCount: 2 })).toMatchObject({
      status: 'in_progress',
      completedCount: 2,
      fetchedCount: 2,
    });
    const ended = await updateBrowserActivity(deps, uid, started.id, {
      completedCount: 3,
      failedCount: 1,
      status: 'completed',
    });
    expect(ended).toMatchObject({
      status: 'completed',
      completedCount: 3,
      failedCount: 1,
      completedAt: expect.any(String),
    });
    await expect(updateBrowserActivity(deps, uid, started.id, { completedCount: 4 })).rejects.toMatchObject({
      status: 409,
      message: activityMessages.finished,
    });
    expect((await listActivity(deps, uid)).actions).toEqual([ended]);
    // each change told live, to this user only
    expect(events).toEqual([
      { uid, event: { type: 'activity.changed', data: { id: started.id, status: 'in_progress' } } },
      { uid, event: { type: 'activity.changed', data: { id: started.id, status: 'in_progress' } } },
      { uid, event: { type: 'activity.changed', data: { id: started.id, status: 'completed' } } },
    ]);
  });

  it('ends an import failed with its reason cut to 50 characters (an error alone is a failure)', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const { id } = await startBrowserActivity(deps, uid, { actionType: 'add_contacts', profileCount: 2 });
    const failed = await updateBrowserActivity(deps, uid, id, {
      error: `The file could not be read: ${'x'.repeat(80)}`,
    });
    expect(failed).toMatchObject({ status: 'failed', failedAt: expect.any(String) });
    expect(failed.error).toBe(`The file could not be read: ${'x'.repeat(21)}…`);
  });

  it('refuses a count past the number of contacts of the action (400), leaving it as it was', async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const started = await startBrowserActivity(deps, uid, { actionType: 'add_contacts', profileCount: 4 });
    for (const counts of [
      { completedCount: 5 },
      { fetchedCount: 10_000 },
      { failedCount: 5, status: 'failed' as const },
    ])
      await expect(updateBrowserActivity(deps, uid, started.id, counts)).rejects.toMatchObject({
        status: 400,
        message: activityMessages.countOverTotal,
      });
    expect((await listActivity(deps, uid)).actions).toEqual([started]);
    expect(await updateBrowserActivity(deps, uid, started.id, { completedCount: 4 })).toMatchObject({
      completedCount: 4,
    });
  });

  it("answers 404 for another user's action and lists only the user's own", async () => {
    const { deps, events } = setup();
    const [owner, intruder] = [randomUUID(), randomUUID()];
    const { id } = await startBrowserActivity(deps, owner, { actionType: 'add_contacts', profileCount: 1 });
    events.length = 0;

    await expect(updateBrowserActivity(deps, intruder, id, { status: 'failed' })).rejects.toMatchObject({
      status: 404,
      message: activityMessages.notFound,
    });
    await expect(updateBrowserActivity(deps, owner, 'no-such-id', { status: 'failed' })).rejects.toMatchObject({
      status: 404,
    });
    expect((await listActivity(deps, intruder)).actions).toEqual([]);
    expect((await listActivity(deps, owner)).actions).toMatchObject([{ id, status: 'in_progress' }]);
    expect(events).toEqual([]);
  });

  it("refuses to change the server's own actions (a lookup reports itself)", async () => {
    const { deps } = setup();
    const uid = randomUUID();
    const lookup = await startActivity(db, uid, { actionType: 'find_emails', profileCount: 3, at: new Date() });
    await expect(updateBrowserActivity(deps, uid, lookup.id, { status: 'completed' })).rejects.toMatchObject({
      status: 409,
      message: activityMessages.notTheBrowsers,
    });
    expect((await listActivity(deps, uid)).actions).toEqual([lookup]);
  });
});
