import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentQuota } from '../contacts/index.js';
import { createDataClient } from '../data/client.js';
import { getQuota, quotaKey } from '../data/quota.js';
import { setAttributes } from '../test/raw-items.js';
import { rollOverEndedPeriods } from './quota-periods.js';

const db = createDataClient(process.env.TABLE_NAME!);
const silent = { warn: () => {} };

/**
 * A user whose slot period (anchored on their own date, the 15th) ended, with `slotsUsed` used: set up as the contacts
 * domain sets it up, then moved into the past (the period index with it).
 */
const userWithEndedPeriod = async (slotsUsed: number) => {
  const uid = randomUUID();
  await currentQuota(db, uid, new Date());
  const now = new Date();
  // the last period that ended before today: from the 15th two months ago, or last month's after the 15th
  const monthsBack = now.getUTCDate() > 15 ? 1 : 2;
  const anchor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 15, 10));
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack + 1, 15, 10));
  await setAttributes(db, quotaKey(uid), {
    periodAnchor: anchor.toISOString(),
    periodStart: anchor.toISOString(),
    slotsRefresh: periodEnd.toISOString(),
    gsi1sk: `${periodEnd.toISOString()}#${uid}`,
    slotsUsed,
  });
  return { uid, anchor };
};

describe('the quota-periods job', () => {
  it('starts the next period of a user whose own period ended: used slots back to 0, dates from their anchor', async () => {
    const { uid, anchor } = await userWithEndedPeriod(7);

    const summary = await rollOverEndedPeriods({ db, now: () => new Date(), logger: silent });

    expect(summary.rolled).toBeGreaterThanOrEqual(1);
    const quota = (await getQuota(db, uid))!;
    expect(quota.slotsUsed).toBe(0);
    expect(new Date(quota.periodStart!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(quota.slotsRefresh!).getTime()).toBeGreaterThan(Date.now());
    // their own date: the 15th, at the anchor's time
    expect(quota.slotsRefresh).toMatch(/-15T10:00:00\.000Z$/);
    expect(quota.periodAnchor).toBe(anchor.toISOString());
    expect(quota).toMatchObject({ gsi1sk: `${quota.slotsRefresh}#${uid}` });
  });

  it('is idempotent: a period rolled over meanwhile (a read of the quota, or another run) is left alone', async () => {
    const { uid } = await userWithEndedPeriod(4);
    // the user's own read rolls it over first, and uses a slot of the new period
    await currentQuota(db, uid, new Date());
    await setAttributes(db, quotaKey(uid), { slotsUsed: 1 });
    const before = await getQuota(db, uid);

    await rollOverEndedPeriods({ db, now: () => new Date(), logger: silent });

    expect(await getQuota(db, uid)).toEqual(before);
  });

  it('starts no roll-over once its deadline is near: the due ones wait for the next run', async () => {
    const { uid } = await userWithEndedPeriod(2);
    const before = await getQuota(db, uid);

    const summary = await rollOverEndedPeriods(
      { db, now: () => new Date(), logger: silent },
      { deadline: new Date(Date.now() + 1_000) },
    );

    expect(summary.due).toBeGreaterThanOrEqual(1);
    expect(summary.rolled + summary.skipped + summary.failed).toBe(0);
    expect(summary.left).toBe(summary.due);
    expect(await getQuota(db, uid)).toEqual(before);
  });
});
