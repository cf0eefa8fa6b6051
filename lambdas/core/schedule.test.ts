import type { Context, ScheduledEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { schedules } from '../../shared/schedules.js';
import { capturingLogger } from '../test/log-lines.js';
import { scheduledJob, type ScheduledRun } from './schedule.js';

const event = { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} } as ScheduledEvent;

/** A Lambda context with `remainingMs` left and its request id. */
const lambdaContext = (remainingMs: number): Context =>
  ({
    functionName: 'outreach-test-due-sends',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:outreach-test-due-sends',
    memoryLimitInMB: '1024',
    awsRequestId: 'request-1',
    getRemainingTimeInMillis: () => remainingMs,
  }) as Context;

const setup = (run: (job: ScheduledRun) => Promise<Record<string, unknown>>) => {
  const { logger, lines } = capturingLogger();
  const handler = scheduledJob({ job: 'due-sends', logger, done: 'queued the sends that are due', run });
  return { lines, handler };
};

describe('the schedule kit', () => {
  it("gives the run a deadline of now plus the Lambda context's remaining time", async () => {
    let deadline: Date | undefined;
    const { handler } = setup(async (job) => {
      deadline = job.deadline;
      return {};
    });
    const before = Date.now();
    await handler(event, lambdaContext(42_000));
    expect(deadline!.getTime()).toBeGreaterThanOrEqual(before + 42_000);
    expect(deadline!.getTime()).toBeLessThanOrEqual(Date.now() + 42_000);
  });

  it("gives a run without a context the job's timeout of the schedule table as its deadline", async () => {
    let deadline: Date | undefined;
    const { handler } = setup(async (job) => {
      deadline = job.deadline;
      return {};
    });
    const before = Date.now();
    await handler(event);
    expect(deadline!.getTime() - before).toBeGreaterThanOrEqual(schedules['due-sends'].timeoutSeconds * 1000);
    expect(deadline!.getTime() - Date.now()).toBeLessThanOrEqual(schedules['due-sends'].timeoutSeconds * 1000);
  });

  it("puts the Lambda context and the job's name on every line of the run, and logs its summary once with the outcome", async () => {
    const { handler, lines } = setup(async (job) => {
      job.logger.warn('a unit was left for the next run');
      return { due: 3, queued: 2 };
    });
    expect(await handler(event, lambdaContext(10_000))).toEqual({ due: 3, queued: 2 });
    const context = { job: 'due-sends', function_request_id: 'request-1', function_name: 'outreach-test-due-sends' };
    expect(lines).toEqual([
      expect.objectContaining({ level: 'WARN', message: 'a unit was left for the next run', ...context }),
      expect.objectContaining({
        level: 'INFO',
        message: 'queued the sends that are due',
        ...context,
        outcome: 'done',
        due: 3,
        queued: 2,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('logs a run that throws as failed and rethrows it, so the retry and the error metric see it', async () => {
    const { handler, lines } = setup(async () => {
      throw new Error('the table is down');
    });
    await expect(handler(event, lambdaContext(10_000))).rejects.toThrow('the table is down');
    expect(lines).toEqual([expect.objectContaining({ level: 'ERROR', job: 'due-sends', outcome: 'failed' })]);
  });
});
