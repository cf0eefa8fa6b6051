import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { clockOffsetMs, nowMs, setClockOffsetMs } from '../../lambdas/core/clock.js';
import { HttpError } from '../../lambdas/core/errors.js';
import { parseOrThrow } from '../../lambdas/core/validation.js';
import { readBody, sendJson } from './http-util.js';

dayjs.extend(utc);

/** The path of the local clock on the gateway's port (DESIGN §9 "Local clock"). */
export const localClockPath = '/_local/clock';

/**
 * An ISO 8601 duration as `advance` takes it: `P[nY][nM][nW][nD][T[nH][nM][nS]]`, at least one part, none negative;
 * only weeks, days and the time's parts may have a fraction (`PT1.5H`), since a fraction of a month has no length.
 * dayjs's duration plugin (installed) reads `-P1D` as one day forward and `P` as nothing, and its `add` drops weeks
 * and rounds seconds, so the parts are read here and only the calendar's months and years are left to dayjs.
 */
const durationPattern =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?=\d)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** `from` moved on by the ISO 8601 duration `text` (one `durationPattern` accepts), in epoch ms. */
export const addIsoDuration = (from: number, text: string): number => {
  const parts = durationPattern.exec(text);
  if (!parts) throw new RangeError(`Not an ISO 8601 duration: ${text}`);
  const [, years, months, weeks, days, hours, minutes, seconds] = parts.map((part) => Number(part ?? 0));
  // months and years on the calendar (31 January + P1M is 28 or 29 February), the rest by length
  const calendar = dayjs.utc(from).add(years!, 'year').add(months!, 'month').valueOf();
  return Math.round(calendar + ((weeks! * 7 + days!) * 24 * 3600 + hours! * 3600 + minutes! * 60 + seconds!) * 1000);
};

export const clockChangeSchema = z
  .strictObject({
    advance: z
      .string()
      .regex(durationPattern, 'An ISO 8601 duration such as PT15M, P1D or P1W (forward only)')
      .optional(),
    set: z.iso
      .datetime({ offset: true, message: 'An ISO 8601 time with its offset, e.g. 2030-01-06T09:00:00Z' })
      .optional(),
    reset: z.literal(true).optional(),
  })
  .refine((change) => Object.keys(change).length === 1, {
    message: 'Give exactly one of advance, set or reset',
  });
export type ClockChange = z.infer<typeof clockChangeSchema>;

/** What `GET /_local/clock` answers: the product's time and how far it is ahead of the system clock. */
export type ClockState = { now: string; offsetMs: number };

/**
 * The offset after `change`, or a 400 when it would move the product's time backwards (only `reset` goes back, to the
 * system clock): in AWS time never goes back, and data written at the moved time would then lie in the future.
 */
export const offsetAfter = (change: ClockChange, current = nowMs(), system = Date.now()): number => {
  if (change.reset) return 0;
  const target = change.advance !== undefined ? addIsoDuration(current, change.advance) : Date.parse(change.set!);
  if (target < current) {
    throw new HttpError(
      400,
      `The local clock only moves forward: ${new Date(target).toISOString()} is before its time ` +
        `${new Date(current).toISOString()}. Send {"reset": true} to go back to the real time.`,
      { code: 'clock_backwards' },
    );
  }
  return Math.max(0, target - system);
};

export type LocalClockOptions = {
  /**
   * where the offset is kept (`<localDir>/clock.json`), so a restart keeps the moved time: what was written at it
   * (sends, periods, queued messages' delays) would otherwise lie days in the future
   */
  file: string;
  /** runs the schedules that fell due in the skipped time (scheduler.ts `catchUp`) */
  catchUp: () => Promise<Record<string, string>>;
  /** resolves when the queues have delivered what became receivable (queue-runner.ts `drained`) */
  drained: () => Promise<void>;
  /** @default console.log */
  log?: (line: string) => void;
};

export type LocalClock = {
  state: () => ClockState;
  /** moves the clock, runs what fell due and waits for it; answers the new state and each schedule run's outcome */
  change: (change: ClockChange) => Promise<ClockState & { schedules: Record<string, string> }>;
  /** `GET|POST /_local/clock` */
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<number>;
  /** the system clock again, for whatever else runs in this process once the stack has stopped */
  stop: () => void;
};

const fileSchema = z.object({ offsetMs: z.number().nonnegative() });

const stateNow = (): ClockState => ({ now: new Date(nowMs()).toISOString(), offsetMs: clockOffsetMs() });

/**
 * The local stack's clock (DESIGN §9 "Local clock"): the offset of `lambdas/core/clock.ts` that every handler, worker
 * and schedule of the stack reads (they run in this process), kept in `file`. Moving it forward runs, once each, the
 * schedules whose period ended in the skipped time (as EventBridge catches up after an outage) and waits for them and
 * for the queue messages that became receivable, so whoever moved it and then reads sees their effects. The sandbox's
 * vendors keep the real time, as the real ones do.
 */
export const startLocalClock = (options: LocalClockOptions): LocalClock => {
  const log = options.log ?? ((line: string) => console.log(line));
  const saved = existsSync(options.file)
    ? fileSchema.safeParse(JSON.parse(readFileSync(options.file, 'utf8')))
    : undefined;
  setClockOffsetMs(saved?.success ? saved.data.offsetMs : 0);
  if (clockOffsetMs() > 0) log(`clock: ${stateNow().now} (${clockOffsetMs()} ms ahead of the system clock)`);

  // one change at a time: a second one starts from the time the first set
  let last: Promise<unknown> = Promise.resolve();
  const change: LocalClock['change'] = (request) => {
    const run = last.then(async () => {
      setClockOffsetMs(offsetAfter(request));
      const temporary = `${options.file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify({ offsetMs: clockOffsetMs() }));
      await rename(temporary, options.file);
      log(`clock: now ${stateNow().now}`);
      const schedules = await options.catchUp();
      await options.drained();
      return { ...stateNow(), schedules };
    });
    last = run.catch(() => {});
    return run;
  };

  const fail = (res: ServerResponse, error: HttpError) => {
    sendJson(res, error.status, {
      success: false,
      error: error.message,
      code: error.code,
      ...(error.details ? { details: error.details } : {}),
    });
    return error.status;
  };

  const serve: LocalClock['serve'] = async (req, res) => {
    if (req.method === 'GET') {
      sendJson(res, 200, { success: true, data: stateNow() });
      return 200;
    }
    if (req.method !== 'POST') return fail(res, new HttpError(405, 'GET or POST only'));
    // JSON only: a web page can post text/plain or a form without asking first, but not JSON (CORS preflight, which
    // this path never allows), so no page open in a browser on this machine can move the clock
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return fail(res, new HttpError(415, 'Send the change as JSON (Content-Type: application/json)'));
    }
    try {
      const text = (await readBody(req, 10_000)).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'The body is not JSON', { code: 'invalid_json' });
      }
      const answer = await change(parseOrThrow('body', clockChangeSchema, body));
      sendJson(res, 200, { success: true, data: answer });
      return 200;
    } catch (error) {
      if (error instanceof HttpError) return fail(res, error);
      throw error;
    }
  };

  return { state: stateNow, change, serve, stop: () => setClockOffsetMs(0) };
};
