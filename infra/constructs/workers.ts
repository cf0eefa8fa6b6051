import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueEntries, queues as sharedQueues, visibilityTimeoutSeconds, type QueueSpec } from '../../shared/queues.js';
import { lambdasRoot, type StageConfig } from '../config.js';
import { AppFunction, type DomainAccess, lambdaEntry } from './function.js';

export type WorkersProps = {
  config: StageConfig;
  access: DomainAccess;
  /** @default the queue table of shared/queues.ts */
  queues?: Record<string, QueueSpec>;
  /** where `<domain>/<worker>.ts` live (@default lambdas/) */
  lambdasRoot?: string;
};

export type Worker = { queue: sqs.Queue; deadLetters: sqs.Queue; alarm: cloudwatch.Alarm; fn: AppFunction };

/** Batches of one queue worked on at once when its spec does not say (SQS allows 2 to 1000). */
export const defaultMaxConcurrency = 5;

/**
 * One SQS queue per entry of the queue table (DESIGN §4), each with a dead-letter queue after `maxReceiveCount`
 * receives, an alarm as soon as a message lands there, and its worker reading batches that report partial failures.
 * The visibility timeout is `visibilityTimeoutSeconds(spec)` (6x the worker's timeout, AWS's advice), so a message is
 * not handed to a second worker while the first still runs. The event source works on at most `maxConcurrency`
 * batches at once, so a burst of messages waits in the queue instead of fanning out into as many vendor calls
 * (and throttles) as Lambda's concurrency allows.
 */
export class Workers extends Construct {
  readonly workers = new Map<string, Worker>();

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    const { config } = props;

    for (const spec of queueEntries(props.queues ?? sharedQueues)) {
      const scopeOf = new Construct(this, spec.name);
      const deadLetters = new sqs.Queue(scopeOf, 'DeadLetters', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      const queue = new sqs.Queue(scopeOf, 'Queue', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(spec)),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: spec.maxReceiveCount },
      });

      const fn = new AppFunction(scopeOf, 'Worker', {
        config,
        service: spec.domain,
        entry: lambdaEntry(spec.domain, spec.worker, props.lambdasRoot ?? lambdasRoot),
        description: `${spec.name} worker: ${spec.summary}`,
        timeout: Duration.seconds(spec.workerTimeoutSeconds),
      });
      props.access[spec.domain](fn);
      fn.fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: spec.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: spec.maxConcurrency ?? defaultMaxConcurrency,
        }),
      );

      const alarm = new cloudwatch.Alarm(scopeOf, 'DeadLettersAlarm', {
        alarmDescription: `${spec.name}: a message failed ${spec.maxReceiveCount} times and waits in the DLQ`,
        metric: deadLetters.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });

      this.workers.set(spec.name, { queue, deadLetters, alarm, fn });
    }
  }
}
