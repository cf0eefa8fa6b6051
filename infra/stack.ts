import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { QueueSpec } from '../shared/queues.js';
import type { ScheduleSpec } from '../shared/schedules.js';
import type { StageConfig } from './config.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { AppFunction, type DomainAccess, lambdaEntry } from './constructs/function.js';
import { Schedules } from './constructs/schedules.js';
import { Web } from './constructs/web.js';
import { Workers } from './constructs/workers.js';

export type AppStackProps = StackProps & {
  config: StageConfig;
  /** @default shared/queues.ts */
  queues?: Record<string, QueueSpec>;
  /** @default shared/schedules.ts */
  schedules?: Record<string, ScheduleSpec>;
  /** where workers and jobs live (@default lambdas/); tests point it at fixtures */
  lambdasRoot?: string;
  /** @default web/dist */
  webDist?: string;
};

/**
 * The whole product in one stack per stage, one construct per concern (STYLE §4): data, auth, API, workers,
 * schedules, web.
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config } = props;

    // The web origin exists once the distribution does, but the API (CORS), the upload bucket (CORS) and the OAuth
    // client (callback) must trust it earlier: a Lazy value closes the loop at synth time. CloudFormation sees no
    // cycle, since the distribution depends on none of them.
    const webOrigin = Lazy.string({ produce: () => web.origin });

    const data = new Data(this, 'Data', { config, webOrigin });

    // What each domain's Lambdas may touch; a new domain is a compile error here until it says.
    const access: DomainAccess = {
      health: (fn) => fn.bindTable(data.table, 'read'),
      profiles: (fn) => fn.bindTable(data.table, 'readWrite'),
    };

    const postConfirmation = new AppFunction(this, 'PostConfirmation', {
      config,
      service: 'profiles',
      entry: lambdaEntry('profiles', 'post-confirmation'),
      description: 'Cognito PostConfirmation trigger: creates the profile of a confirmed account',
    });
    access.profiles(postConfirmation);
    const auth = new Auth(this, 'Auth', { config, webOrigin, postConfirmation: postConfirmation.fn });

    const api = new Api(this, 'Api', { config, userPool: auth.userPool, webOrigin, access });
    new Workers(this, 'Workers', { config, access, queues: props.queues, lambdasRoot: props.lambdasRoot });
    new Schedules(this, 'Schedules', { config, access, schedules: props.schedules, lambdasRoot: props.lambdasRoot });

    const web = new Web(this, 'Web', {
      config,
      logs: data.logs,
      connectSources: [api.origin, ...auth.origins, data.uploadsOrigin],
      distDir: props.webDist,
      webConfig: {
        stage: config.stage,
        apiUrl: api.url,
        region: this.region,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
        ...(auth.hostedUiDomain && { oauthDomain: auth.hostedUiDomain }),
        identityProviders: auth.identityProviders,
        // The sandbox runs only on a developer's machine: in AWS every outside service is its real adapter.
        providers: {},
      },
    });

    new CfnOutput(this, 'WebUrl', { value: web.origin, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', { value: api.url, description: 'The REST API (routes of shared/routes.ts)' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    if (auth.hostedUiDomain) new CfnOutput(this, 'HostedUiDomain', { value: auth.hostedUiDomain });
  }
}
