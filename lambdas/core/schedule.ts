import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { type ScheduleName, schedules } from '../../shared/schedules.js';

/** What a scheduled job's run gets besides its event. */
export type ScheduledRun = {
  /**
   * When the invocation's time runs out (now plus the Lambda context's remaining time; without a context, the job's
   * `timeoutSeconds` of shared/schedules.ts): a job starts no unit of work it could not finish before it, so the rest
   * waits for the next run instead of being cut off.
   */
  deadline: Date;
  logger: Logger;
  event: ScheduledEvent;
};

/** What a run answers: its summary, logged with the outcome and returned to EventBridge. */
export type RunSummary = Record<string, unknown>;

export type ScheduledJobOptions<Summary extends RunSummary> = {
  /** the job of shared/schedules.ts this handler runs */
  job: ScheduleName;
  logger: Logger;
  /** the message of the run's log line, e.g. `queued the sends that are due` */
  done: string;
  run: (run: ScheduledRun) => Promise<Summary>;
};

/**
 * The handler every EventBridge-scheduled job uses (DESIGN §4), beside the HTTP and SQS kits: one signature
 * `(event, context)`, the Lambda context on the logger (request id, cold start) and the job's name on every line of
 * the run, the run's deadline from the context's remaining time, and one structured line per run with its outcome,
 * duration and summary. A run that throws is logged as `failed` and rethrown, so EventBridge's retry and the
 * function's error metric see it.
 */
export const scheduledJob =
  <Summary extends RunSummary>(options: ScheduledJobOptions<Summary>) =>
  async (event: ScheduledEvent, context?: Context): Promise<Summary> => {
    const { job, logger } = options;
    if (context) logger.addContext(context);
    logger.appendKeys({ job });
    const startedAt = Date.now();
    const remainingMs = context ? context.getRemainingTimeInMillis() : schedules[job].timeoutSeconds * 1000;
    const deadline = new Date(startedAt + remainingMs);
    try {
      const summary = await options.run({ deadline, logger, event });
      logger.info(options.done, { outcome: 'done', ms: Date.now() - startedAt, ...summary });
      return summary;
    } catch (error) {
      logger.error('a scheduled run failed; the next run tries again', {
        outcome: 'failed',
        ms: Date.now() - startedAt,
        error: error as Error,
      });
      throw error;
    }
  };
