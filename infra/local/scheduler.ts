import type { Context, ScheduledEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { nowMs } from '../../lambdas/core/clock.js';
import { scheduleEntries, schedules as scheduleTable, type ScheduleSpec } from '../../shared/schedules.js';
import { lambdaContext, localAccountId, withTimeout } from './lambda-context.js';
import { localNames } from './ports.js';

/** A scheduled job module: `handler` taking EventBridge's scheduled event. */
export type ScheduledJob = { handler: (event: ScheduledEvent, context: Context) => Promise<unknown> };

export type SchedulerOptions = {
  /** @default the schedule table of shared/schedules.ts */
  table?: Record<string, ScheduleSpec>;
  /** @default imports `lambdas/<domain>/<job>.ts` */
  loadJob?: (name: string, spec: ScheduleSpec) => Promise<ScheduledJob>;
  /** multiplies every rate (60 runs a 5-minute job every 5 s) @default env LOCAL_SCHEDULE_SPEED, else 1 */
  speed?: number;
  /** @default console.log */
  log?: (line: string) => void;
};

export type Scheduler = {
  /** fires a job now unless it is running (what a tick does); resolves when that run ends */
  fire: (name: string) => Promise<'ran' | 'failed' | 'skipped'>;
  /**
   * Fires, once each, the jobs whose period ended since their last run by the product's clock (`lambdas/core/clock.ts`,
   * which the local clock moves forward), after any run of them in progress, and resolves when those runs end.
   */
  catchUp: () => Promise<Record<string, 'ran' | 'failed' | 'skipped'>>;
  /** stops the clocks and waits (up to `graceMs`) for runs in progress */
  stop: (graceMs?: number) => Promise<void>;
};

/** EventBridge's `Scheduled Event` for a rule of the local stack. */
export const scheduledEvent = (name: string, now = new Date(nowMs())): ScheduledEvent => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: localAccountId,
  time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  region: localNames.region,
  resources: [`arn:aws:events:${localNames.region}:${localAccountId}:rule/outreach-local-${name}`],
  detail: {},
});

/**
 * The local EventBridge (DESIGN §4): every `everyMinutes` (divided by `speed`) each job of the schedule table gets a
 * scheduled event, as a `rate()` rule sends it: the first one a period after start. A job still running when its next
 * tick comes is not started twice; that tick is skipped. When the local clock moves the product's time forward,
 * `catchUp` runs each job whose period ended in the skipped time once, as EventBridge after an outage: not once per
 * skipped period.
 */
export const startScheduler = (options: SchedulerOptions = {}): Scheduler => {
  const table = options.table ?? scheduleTable;
  const speed = options.speed ?? Number(process.env.LOCAL_SCHEDULE_SPEED ?? 1);
  const log = options.log ?? ((line: string) => console.log(line));
  const loadJob =
    options.loadJob ??
    ((_name: string, spec: ScheduleSpec) =>
      import(new URL(`../../lambdas/${spec.domain}/${spec.job}.ts`, import.meta.url).href) as Promise<ScheduledJob>);

  const entries = new Map(scheduleEntries(table).map(({ name, ...spec }) => [name, spec]));
  const runs = new Map<string, Promise<void>>();
  const jobs = new Map<string, Promise<ScheduledJob>>();
  const periodMs = (spec: ScheduleSpec) => (spec.everyMinutes * 60_000) / speed;
  // when each job last started, by the product's clock (a rate rule's first run is a period after it is created)
  const lastStarted = new Map([...entries.keys()].map((name) => [name, nowMs()]));

  const fire = async (name: string): Promise<'ran' | 'failed' | 'skipped'> => {
    const spec = entries.get(name);
    if (!spec) throw new Error(`Unknown schedule: ${name}`);
    if (runs.has(name)) {
      log(`schedule ${name}: previous run still going, tick skipped`);
      return 'skipped';
    }
    const started = Date.now();
    lastStarted.set(name, nowMs());
    let job = jobs.get(name);
    if (!job) {
      job = loadJob(name, spec);
      jobs.set(name, job);
      job.catch(() => jobs.delete(name));
    }
    const timeoutMs = spec.timeoutSeconds * 1000;
    const loaded = job;
    const invocation = (async () =>
      (await loaded).handler(scheduledEvent(name), lambdaContext(`outreach-local-${name}`, timeoutMs)))();
    // The guard lasts as long as the handler itself, even past its timeout (Lambda would have stopped it; locally
    // nothing can): two runs of one job never overlap.
    const settled = invocation.then(
      () => undefined,
      () => undefined,
    );
    runs.set(name, settled);
    void settled.then(() => runs.delete(name));
    try {
      await withTimeout(invocation, timeoutMs, `${name} job`);
      log(`schedule ${name}: ran in ${Date.now() - started} ms`);
      return 'ran';
    } catch (error) {
      log(`schedule ${name}: failed: ${(error as Error).stack ?? String(error)}`);
      return 'failed';
    }
  };

  const timers = [...entries].map(([name, spec]) => {
    const timer = setInterval(() => void fire(name), periodMs(spec));
    timer.unref();
    return timer;
  });

  const catchUp = async () => {
    const due = [...entries].filter(([name, spec]) => nowMs() - lastStarted.get(name)! >= periodMs(spec));
    const results = await Promise.all(
      due.map(async ([name]) => {
        // a run that started before the clock moved saw the old time: this one comes after it
        await runs.get(name);
        return [name, await fire(name)] as const;
      }),
    );
    return Object.fromEntries(results);
  };

  return {
    fire,
    catchUp,
    stop: async (graceMs = 5000) => {
      for (const timer of timers) clearInterval(timer);
      await Promise.race([
        Promise.allSettled([...runs.values()]),
        new Promise((resolve) => setTimeout(resolve, graceMs)),
      ]);
    },
  };
};
