import { describe, expect, it } from 'vitest';
import { renewDue } from './renewals.js';

describe('renewDue', () => {
  it('works through the due items in at most `concurrency` lanes and counts each outcome', async () => {
    let running = 0;
    let most = 0;
    const summary = await renewDue([1, 2, 3, 4, 5, 6, 7], {
      concurrency: 3,
      canStart: () => true,
      renewOne: async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return item % 3 === 0 ? 'expired' : item === 7 ? 'skipped' : 'renewed';
      },
      onFailure: () => {},
    });
    expect(most).toBe(3);
    expect(summary).toEqual({ due: 7, renewed: 4, expired: 2, skipped: 1, failed: 0, left: 0 });
  });

  it('counts a failure, tells it, and goes on with the others', async () => {
    const failed: number[] = [];
    const summary = await renewDue([1, 2, 3], {
      concurrency: 1,
      canStart: () => true,
      renewOne: async (item) => {
        if (item === 2) throw new Error('provider down');
        return 'renewed';
      },
      onFailure: (item) => failed.push(item),
    });
    expect(failed).toEqual([2]);
    expect(summary).toMatchObject({ renewed: 2, failed: 1, left: 0 });
  });

  it('starts nothing once there is no time left, leaving the rest for the next run', async () => {
    let started = 0;
    const summary = await renewDue([1, 2, 3, 4], {
      concurrency: 2,
      canStart: () => started < 1,
      renewOne: async () => {
        started += 1;
        return 'renewed';
      },
      onFailure: () => {},
    });
    expect(summary).toMatchObject({ due: 4, renewed: 1, left: 3 });
  });
});
