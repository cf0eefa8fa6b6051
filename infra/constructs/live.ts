import { Aws, type CfnElement, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { liveEndpointEnvName } from '../../lambdas/providers/live/live.js';
import { appName, type StageConfig } from '../config.js';
import { AppFunction, lambdaEntry, nagEnvOf, nagNameOf } from './function.js';

export type LiveProps = {
  config: StageConfig;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  /** the web app client: its ID tokens open a connection */
  client: cognito.IUserPoolClient;
  /** @default lambdas/ */
  lambdasRoot?: string;
};

/**
 * The live channel (DESIGN §8): an API Gateway WebSocket API whose `$connect` and `$disconnect` routes run the
 * connection Lambda (lambdas/live/connections.ts: it checks the ID token of the `token` query parameter itself, as a
 * WebSocket API has no Cognito authorizer and a browser sends no header, and remembers the connection under the
 * user's key). Publishers get `execute-api:ManageConnections` on this stage's connections and `LIVE_ENDPOINT`
 * ({@link Live.grantPublish}); the web is told `url`.
 */
export class Live extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  readonly connections: AppFunction;
  /** `wss://<id>.execute-api.<region>.amazonaws.com/<stage>`, what the browser opens (config.json `liveUrl`) */
  readonly url: string;
  /** `https://<id>.execute-api.<region>.amazonaws.com/<stage>`, the management API publishers post to */
  readonly endpoint: string;
  /** `wss://<id>.execute-api.<region>.amazonaws.com` (for the CSP's connect-src) */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: LiveProps) {
    super(scope, id);
    const { config } = props;

    // the `iss` of the pool's tokens (CloudFormation's ProviderURL attribute lacks the scheme)
    this.connections = new AppFunction(this, 'Connections', {
      config,
      service: 'live',
      entry: lambdaEntry('live', 'connections', props.lambdasRoot),
      description: 'Live channel $connect (ID token check) and $disconnect: the connection items',
    })
      .bindTable(props.table, 'readWrite')
      .addEnvironment(
        'ID_TOKEN_ISSUER',
        `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}/${props.userPool.userPoolId}`,
      )
      .addEnvironment('ID_TOKEN_AUDIENCE', props.client.userPoolClientId);

    const integration = (name: string) => new WebSocketLambdaIntegration(name, this.connections.fn);
    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      apiName: `${appName}-${config.stage}-live`,
      description: `${appName} ${config.stage}: the live channel (DESIGN §8)`,
      connectRouteOptions: { integration: integration('Connect') },
      disconnectRouteOptions: { integration: integration('Disconnect') },
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.durable ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_WEEK,
      removalPolicy: config.durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: config.stage,
      autoDeploy: true,
      throttle: { rateLimit: config.durable ? 50 : 10, burstLimit: config.durable ? 100 : 20 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            status: '$context.status',
            connectionId: '$context.connectionId',
          }),
        ),
      },
    });

    // the $connect route has no authorizer of API Gateway's: the Lambda verifies the ID token (see above)
    for (const route of this.api.node.findAll().filter((child) => child instanceof apigwv2.CfnRoute)) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          "A WebSocket API has no Cognito authorizer: $connect's Lambda verifies the Cognito ID token itself and refuses the upgrade (401) without a valid one",
      });
    }

    this.origin = `wss://${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.url = this.stage.url;
    this.endpoint = this.stage.callbackUrl;
  }

  /** A publisher (the live port, lambdas/providers/live/live.ts): may post to this stage's connections, and finds it. */
  grantPublish(fn: AppFunction) {
    this.stage.grantManagementApiAccess(fn.role);
    const api = this.api.node.defaultChild as CfnElement;
    const { partition, region } = nagEnvOf(fn.role);
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${partition}:execute-api:${region}:<AWS::AccountId>:${nagNameOf(fn.role, api, 'Ref')}/${this.stage.stageName}/*/@connections/*]`,
      reason: "Connection ids are made at run time: the grant covers this stage's @connections, nothing else",
    });
    fn.addEnvironment(liveEndpointEnvName, this.endpoint);
    return this;
  }
}
