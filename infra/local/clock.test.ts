import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clockOffsetMs, nowMs, setClockOffsetMs } from '../../lambdas/core/clock.js';
import { HttpError } from '../../lambdas/core/errors.js';
import { addIsoDuration, clockChangeSchema, offsetAfter, startLocalClock } from './clock.js';

const at = (iso: string) => Date.parse(iso);
const minute = 60_000;
const day = 24 * 60 * minute;

describe('the local clock', () => {
  afterEach(() => setClockOffsetMs(0));

  describe('advance', () => {
    it.each([
      ['PT15M', 15 * minute],
      ['PT1H30M', 90 * minute],
      ['P1D', day],
      ['P1W', 7 * day],
      ['P1DT12H', 1.5 * day],
      ['PT0.5S', 500],
      ['P0D', 0],
    ])('moves %s forward by its length', (duration, ms) => {
      expect(addIsoDuration(at('2030-03-10T09:00:00Z'), duration) - at('2030-03-10T09:00:00Z')).toBe(ms);
    });

    it('moves months and years on the calendar', () => {
      expect(new Date(addIsoDuration(at('2030-01-31T09:00:00Z'), 'P1M')).toISOString()).toBe(
        '2030-02-28T09:00:00.000Z',
      );
      expect(new Date(addIsoDuration(at('2030-01-31T09:00:00Z'), 'P1Y2M')).toISOString()).toBe(
        '2031-03-31T09:00:00.000Z',
      );
    });

    it.each(['1 week', 'P', 'PT', 'P1DT', '-P1D', 'PT-5M', 'P1.5M', 'P1,5D', 'p1d', '7d'])('refuses %j', (text) => {
      const parsed = clockChangeSchema.safeParse({ advance: text });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('An ISO 8601 duration such as PT15M, P1D or P1W (forward only)');
    });
  });

  it('takes exactly one of advance, set or reset', () => {
    expect(clockChangeSchema.safeParse({ set: '2030-01-06T09:00:00Z' }).success).toBe(true);
    expect(clockChangeSchema.safeParse({ set: '2030-01-06T10:00:00+01:00' }).success).toBe(true);
    expect(clockChangeSchema.safeParse({ reset: true }).success).toBe(true);
    for (const body of [{}, { advance: 'P1D', reset: true }, { reset: false }, { set: 'tomorrow' }, { later: 'P1D' }]) {
      expect(clockChangeSchema.safeParse(body).success).toBe(false);
    }
  });

  it('refuses to move backwards, with a message saying how to go back to the real time', () => {
    const current = at('2030-03-10T09:00:00Z');
    const refusal = (() => {
      try {
        offsetAfter({ set: '2030-03-09T09:00:00Z' }, current, current);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 400, code: 'clock_backwards' });
    expect((refusal as Error).message).toBe(
      'The local clock only moves forward: 2030-03-09T09:00:00.000Z is before its time 2030-03-10T09:00:00.000Z. ' +
        'Send {"reset": true} to go back to the real time.',
    );
  });

  it('counts the offset from the system clock: set, advance from the moved time, reset', () => {
    const system = at('2030-03-10T09:00:00Z');
    expect(offsetAfter({ set: '2030-03-17T09:00:00Z' }, system, system)).toBe(7 * day);
    expect(offsetAfter({ advance: 'P1D' }, system + 7 * day, system)).toBe(8 * day);
    expect(offsetAfter({ reset: true }, system + 7 * day, system)).toBe(0);
  });

  it('keeps the moved time in its file, so a restart goes on from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-'));
    try {
      const file = join(dir, 'clock.json');
      const options = { file, catchUp: async () => ({}), drained: async () => {}, log: () => {} };
      const clock = startLocalClock(options);
      const answer = await clock.change({ advance: 'P2D' });
      expect(answer.offsetMs).toBeGreaterThanOrEqual(2 * day - 1000);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ offsetMs: answer.offsetMs });
      clock.stop();
      expect(clockOffsetMs()).toBe(0);
      startLocalClock(options);
      expect(clockOffsetMs()).toBe(answer.offsetMs);
      expect(nowMs() - Date.now()).toBeGreaterThanOrEqual(2 * day - 1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the schedules that fell due and waits for the queues before it answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-'));
    try {
      const order: string[] = [];
      const clock = startLocalClock({
        file: join(dir, 'clock.json'),
        catchUp: async () => {
          order.push(`schedules at +${Math.round(clockOffsetMs() / day)} days`);
          return { 'due-sends': 'ran' };
        },
        drained: async () => {
          order.push('queues drained');
        },
        log: () => {},
      });
      const answer = await clock.change({ advance: 'P1W' });
      expect(order).toEqual(['schedules at +7 days', 'queues drained']);
      expect(answer.schedules).toEqual({ 'due-sends': 'ran' });
      expect(Date.parse(answer.now) - Date.now()).toBeGreaterThan(7 * day - minute);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
