import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { scheduleEntries, schedules as sharedSchedules, type ScheduleSpec } from '../../shared/schedules.js';
import { lambdasRoot, type StageConfig } from '../config.js';
import { AppFunction, type DomainAccess, lambdaEntry } from './function.js';

export type SchedulesProps = {
  config: StageConfig;
  access: DomainAccess;
  /** @default the schedule table of shared/schedules.ts */
  schedules?: Record<string, ScheduleSpec>;
  /** where `<domain>/<job>.ts` live (@default lambdas/) */
  lambdasRoot?: string;
};

/** One EventBridge rule `rate(n minutes)` per entry of the schedule table (DESIGN §4), firing its job's Lambda. */
export class Schedules extends Construct {
  readonly jobs = new Map<string, { rule: events.Rule; fn: AppFunction }>();

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const { config } = props;

    for (const spec of scheduleEntries(props.schedules ?? sharedSchedules)) {
      const scopeOf = new Construct(this, spec.name);
      const fn = new AppFunction(scopeOf, 'Job', {
        config,
        service: spec.domain,
        entry: lambdaEntry(spec.domain, spec.job, props.lambdasRoot ?? lambdasRoot),
        description: `${spec.name} job: ${spec.summary}`,
        timeout: Duration.seconds(spec.timeoutSeconds),
      });
      props.access[spec.domain](fn);
      const rule = new events.Rule(scopeOf, 'Rule', {
        description: `${spec.name}: ${spec.summary}`,
        schedule: events.Schedule.rate(Duration.minutes(spec.everyMinutes)),
        // a run that cannot start within one period is skipped: the next one covers it
        targets: [
          new targets.LambdaFunction(fn.fn, { retryAttempts: 2, maxEventAge: Duration.minutes(spec.everyMinutes) }),
        ],
      });
      this.jobs.set(spec.name, { rule, fn });
    }
  }
}
