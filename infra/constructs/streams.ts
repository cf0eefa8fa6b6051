import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  streamConsumerEntries,
  streamConsumers as sharedConsumers,
  streamFilterPatterns,
  type StreamConsumerSpec,
} from '../../shared/streams.js';
import { lambdasRoot, type StageConfig } from '../config.js';
import { AppFunction, type DomainAccess, lambdaEntry } from './function.js';

export type StreamsProps = {
  config: StageConfig;
  access: DomainAccess;
  /** the table whose stream (lambdas/data/table.ts `streamViewType`) feeds the consumers */
  table: dynamodb.ITable;
  /** @default the consumers of shared/streams.ts */
  consumers?: Record<string, StreamConsumerSpec>;
  /** where `<domain>/<handler>.ts` live (@default lambdas/) */
  lambdasRoot?: string;
};

export type StreamConsumerFunction = {
  fn: AppFunction;
  mapping: DynamoEventSource;
  /** where the position of records given up on is sent (a stream's records themselves stay in the stream) */
  deadLetters: sqs.Queue;
  /** a record given up on, or the consumer falling behind the stream */
  alarms: cloudwatch.Alarm[];
};

/**
 * A DynamoDB stream keeps records 24 hours: a consumer older than this on a record gives it up (to its DLQ) rather than
 * lose it silently to the trim.
 */
export const streamMaxRecordAge = Duration.days(1);
/** How far behind the stream a consumer may fall before its alarm: its counters are that stale. */
export const streamIteratorAgeAlarm = Duration.minutes(10);

/**
 * One function per consumer of the table's stream (shared/streams.ts), mapped to the stream from its start
 * (TRIM_HORIZON) with the consumer's entity filter (the entity in the new or the old image: an event of any other item
 * never invokes it), batches of at most `batchSize` that report partial failures, a batch that throws split in two,
 * `maxRetryAttempts` retries and then the batch's position sent to an encrypted dead-letter queue that raises an alarm,
 * as the queue workers' do. The local stack's stream runner (infra/local/streams.ts) does the same on DynamoDB Local.
 */
export class Streams extends Construct {
  readonly consumers = new Map<string, StreamConsumerFunction>();

  constructor(scope: Construct, id: string, props: StreamsProps) {
    super(scope, id);
    const { config } = props;

    for (const spec of streamConsumerEntries(props.consumers ?? sharedConsumers)) {
      const scopeOf = new Construct(this, spec.name);
      const deadLetters = new sqs.Queue(scopeOf, 'DeadLetters', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason:
          "This is the dead-letter destination of a stream consumer's event source mapping (its on-failure queue)",
      });

      const fn = new AppFunction(scopeOf, 'Consumer', {
        config,
        service: spec.domain,
        entry: lambdaEntry(spec.domain, spec.handler, props.lambdasRoot ?? lambdasRoot),
        description: `${spec.name} stream consumer: ${spec.summary}`,
        timeout: Duration.seconds(spec.workerTimeoutSeconds),
      });
      props.access[spec.domain](fn);
      const mapping = new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: spec.batchSize,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: spec.maxRetryAttempts,
        maxRecordAge: streamMaxRecordAge,
        onFailure: new SqsDlq(deadLetters),
        filters: streamFilterPatterns(spec).map((pattern) => lambda.FilterCriteria.filter(pattern)),
      });
      fn.fn.addEventSource(mapping);
      Validations.of(fn.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) and reading the stream (dynamodb:ListStreams) ' +
          'support no resource-level permissions; the stream itself is granted by its ARN',
      });

      const alarms = [
        new cloudwatch.Alarm(scopeOf, 'DeadLettersAlarm', {
          alarmDescription: `${spec.name}: stream records failed ${spec.maxRetryAttempts + 1} times and were given up on`,
          metric: deadLetters.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            statistic: cloudwatch.Stats.MAXIMUM,
          }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
        new cloudwatch.Alarm(scopeOf, 'IteratorAgeAlarm', {
          alarmDescription: `${spec.name}: the consumer is more than ${streamIteratorAgeAlarm.toMinutes()} minutes behind the table's stream`,
          metric: fn.fn.metric('IteratorAge', { period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM }),
          threshold: streamIteratorAgeAlarm.toMilliseconds(),
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      ];

      this.consumers.set(spec.name, { fn, mapping, deadLetters, alarms });
    }
  }
}
