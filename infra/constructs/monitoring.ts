import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { appName, type StageConfig } from '../config.js';
import type { AppFunction } from './function.js';

export type MonitoringProps = {
  config: StageConfig;
  /** every function of ours: an error alarm and a throttle alarm each */
  functions: AppFunction[];
  /** the REST API's stage: an alarm on its 5xx answers */
  apiStage: apigw.Stage;
  /** alarms made with what they watch (the dead-letter queues'), told to the same topic */
  alarms: cloudwatch.Alarm[];
};

/** Five-minute sums: one failure is worth a look, and a quiet period is not a breach. */
const period = Duration.minutes(5);

/**
 * Where faults are told: one SNS topic that every alarm notifies, with an e-mail subscription when the
 * deploy names an address (`-c alarmEmail=ops@example.com`). Alarms: each function's errors (a crash, a timeout, a
 * worker's failed invocation) and throttles, the API's 5xx answers, and the alarms given (a message in a dead-letter
 * queue).
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { config } = props;

    // CloudWatch cannot publish to a topic encrypted with the AWS managed key: a key of our own that lets it
    const key = new kms.Key(this, 'TopicKey', {
      description: `${appName} ${config.stage}: encrypts alarm notifications`,
      enableKeyRotation: true,
      pendingWindow: Duration.days(7),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `${appName} ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (config.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (scope: Construct, id: string, description: string, metric: cloudwatch.IMetric) => {
      const made = new cloudwatch.Alarm(scope, id, {
        alarmDescription: description,
        metric,
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      made.addAlarmAction(notify);
      this.alarms.push(made);
      return made;
    };

    for (const fn of props.functions) {
      const name = fn.node.path;
      alarm(fn, 'ErrorsAlarm', `${name}: the function failed`, fn.fn.metricErrors({ period, statistic: 'Sum' }));
      alarm(
        fn,
        'ThrottlesAlarm',
        `${name}: invocations were throttled`,
        fn.fn.metricThrottles({ period, statistic: 'Sum' }),
      );
    }
    alarm(
      this,
      'Api5xxAlarm',
      `${appName} ${config.stage} API: answers with a 5xx status`,
      props.apiStage.metricServerError({ period, statistic: 'Sum' }),
    );
    for (const given of props.alarms) given.addAlarmAction(notify);
  }
}
