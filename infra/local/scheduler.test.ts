import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClockOffsetMs } from '../../lambdas/core/clock.js';
import type { ScheduleSpec } from '../../shared/schedules.js';
import { startScheduler, type Scheduler } from './scheduler.js';

/** every minute at speed 600: a tick each 100 ms */
const speed = 600;
const spec = (overrides: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  domain: 'profiles',
  job: 'fixture-schedule',
  everyMinutes: 1,
  timeoutSeconds: 10,
  summary: 'fixture job',
  ...overrides,
});

const schedulers: Scheduler[] = [];
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop(100)));
});

const setup = (run: (event: ScheduledEvent) => Promise<void>, overrides: Partial<ScheduleSpec> = {}) => {
  const events: ScheduledEvent[] = [];
  const lines: string[] = [];
  const scheduler = startScheduler({
    table: { tick: spec(overrides) },
    loadJob: async () => ({
      handler: async (event) => {
        events.push(event);
        await run(event);
      },
    }),
    speed,
    log: (line) => lines.push(line),
  });
  schedulers.push(scheduler);
  return { scheduler, events, lines };
};

describe('the local scheduler', () => {
  it('fires the job with an EventBridge scheduled event every everyMinutes (sped up)', async () => {
    const started = Date.now();
    const { events } = setup(async () => {});
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(3), { timeout: 3000 });
    // a rate rule's first event comes one period after it is created
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(events[0]).toMatchObject({
      version: '0',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '000000000000',
      region: 'us-east-1',
      resources: ['arn:aws:events:us-east-1:000000000000:rule/outreach-local-tick'],
      detail: {},
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('never runs a job twice at once: ticks during a run are skipped', async () => {
    let running = 0;
    let most = 0;
    const { events, lines, scheduler } = setup(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 350));
      running -= 1;
    });
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(most).toBe(1);
    expect(lines.some((line) => line.includes('tick skipped'))).toBe(true);
    await vi.waitFor(() => expect(running).toBe(1));
    expect(await scheduler.fire('tick')).toBe('skipped');
  });

  it('keeps the guard past the job timeout, while the handler still runs', async () => {
    let release = () => {};
    const { scheduler } = setup(() => new Promise<void>((resolve) => (release = resolve)), {
      everyMinutes: 60,
      timeoutSeconds: 0.05,
    });
    expect(await scheduler.fire('tick')).toBe('failed');
    expect(await scheduler.fire('tick')).toBe('skipped');
    release();
    await vi.waitFor(async () => expect(await scheduler.fire('tick')).not.toBe('skipped'));
  });

  it('keeps firing after a failed run', async () => {
    const { events, lines } = setup(async (event) => {
      if (events.indexOf(event) === 0) throw new Error('job failed');
    });
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(lines.some((line) => line.includes('failed: Error: job failed'))).toBe(true);
  });

  describe('when the local clock moves forward', () => {
    afterEach(() => setClockOffsetMs(0));
    const day = 24 * 3_600_000;

    it('runs a job whose period ended in the skipped time once, at the moved time, not once per period', async () => {
      // a 60-minute job (6 s at this speed): no tick of its own during the test
      const { scheduler, events } = setup(async () => {}, { everyMinutes: 60 });
      expect(await scheduler.catchUp()).toEqual({});
      setClockOffsetMs(3 * day);
      expect(await scheduler.catchUp()).toEqual({ tick: 'ran' });
      expect(events).toHaveLength(1);
      expect(Date.parse(events[0]!.time)).toBeGreaterThan(Date.now() + 3 * day - 60_000);
      // it just ran: nothing is due again until a period later
      expect(await scheduler.catchUp()).toEqual({});
      expect(events).toHaveLength(1);
    });

    it('leaves a job whose period has not ended', async () => {
      const { scheduler, events } = setup(async () => {}, { everyMinutes: 60 });
      // half its period (60 minutes at this speed: 6 s)
      setClockOffsetMs(3000);
      expect(await scheduler.catchUp()).toEqual({});
      expect(events).toHaveLength(0);
    });

    it('runs again after a run that started before the clock moved, which saw the old time', async () => {
      let release = () => {};
      const { scheduler, events } = setup(
        (event) =>
          events.indexOf(event) === 0 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
        { everyMinutes: 60 },
      );
      const first = scheduler.fire('tick');
      setClockOffsetMs(day);
      const caughtUp = scheduler.catchUp();
      await vi.waitFor(() => expect(events).toHaveLength(1));
      release();
      expect(await first).toBe('ran');
      expect(await caughtUp).toEqual({ tick: 'ran' });
      expect(events).toHaveLength(2);
    });
  });
});
