import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthStackInFile, type TestApp } from '../test/app.js';
import { environmentOf, joined, policyStatements, resourcesOf } from '../test/template.js';
import { AppFunction } from './function.js';
import type { Live } from './live.js';
import type { Web } from './web.js';

/** The live channel's resources in the dev stack (DESIGN §8). */
const synth = synthStackInFile();

let dev: TestApp;
let template: Template;
let live: Live;
beforeAll(() => {
  dev = synth();
  template = dev.template;
  live = dev.stack.node.findChild('Live') as Live;
}, 120_000);

const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);

const ourFunctions = (stack: Stack) =>
  stack.node.findAll().filter((construct): construct is AppFunction => construct instanceof AppFunction);

/** The execute-api actions a function's role may call, with their resources as read strings. */
const manageConnections = (fn: AppFunction) =>
  policyStatements(template, 'AWS::IAM::Policy', { property: 'Roles', logicalId: logicalId(dev.stack, fn.role) })
    .filter((statement) => [statement.Action].flat().includes('execute-api:ManageConnections'))
    .flatMap((statement) => [statement.Resource].flat().map(joined));

describe('the live channel', () => {
  it('is a WebSocket API whose $connect and $disconnect run the connection Lambda, and takes no other route', () => {
    const apis = resourcesOf(template, 'AWS::ApiGatewayV2::Api');
    expect(apis).toHaveLength(1);
    expect(apis[0]![1].Properties).toMatchObject({ ProtocolType: 'WEBSOCKET' });
    const routes = resourcesOf(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties?.RouteKey);
    expect(routes.sort()).toEqual(['$connect', '$disconnect']);
    const connections = logicalId(dev.stack, live.connections.fn);
    for (const [, integration] of resourcesOf(template, 'AWS::ApiGatewayV2::Integration')) {
      expect(JSON.stringify(integration.Properties?.IntegrationUri)).toContain(connections);
    }
  });

  it('logs every connection and throttles the stage', () => {
    const stages = resourcesOf(template, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const stage = stages[0]![1].Properties!;
    expect(stage).toMatchObject({ StageName: 'dev', AutoDeploy: true });
    expect(JSON.parse(String((stage.AccessLogSettings as { Format: string }).Format))).toHaveProperty(
      'connectionId',
      '$context.connectionId',
    );
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
  });

  it("checks ID tokens of the stack's own user pool and app client, and keeps connections in the table", () => {
    const env = environmentOf(template, logicalId(dev.stack, live.connections.fn));
    expect(joined(env.ID_TOKEN_ISSUER)).toMatch(
      /^https:\/\/cognito-idp\.<AWS::Region>\.<AWS::URLSuffix>\/<AuthUserPool\w+>$/,
    );
    expect(joined(env.ID_TOKEN_AUDIENCE)).toMatch(/^<AuthWebClient\w*>$|^<Auth\w+Client\w*>$/);
    expect(env.TABLE_NAME).toBeDefined();
    expect(manageConnections(live.connections)).toEqual([]);
  });

  it("lets the functions (HTTP, workers, jobs) of the domains that tell tabs post to this stage's connections, and no other", () => {
    const functions = ourFunctions(dev.stack);
    // the account domain closes a deleted user's connections (DeleteConnection, the same grant); notifications pushes
    // a meeting reminder to the bell; sequences push a step's draft and an enrolment's change to Outreach
    const publishing = [
      'ai',
      'drafts',
      'mailboxes',
      'conversations',
      'replies',
      'pipeline',
      'meetings',
      'contacts',
      'dashboard',
      'account',
      'notifications',
      'sequences',
    ];
    const publishers = functions.filter((fn) => publishing.includes(fn.service));
    expect(publishers.map((fn) => fn.service)).toEqual(expect.arrayContaining(publishing));
    for (const fn of functions) {
      const resources = manageConnections(fn);
      const env = environmentOf(template, logicalId(dev.stack, fn.fn));
      if (publishers.includes(fn)) {
        expect(resources, fn.node.path).toEqual([
          expect.stringMatching(
            /^arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<LiveApi\w+>\/dev\/\*\/@connections\/\*$/,
          ),
        ]);
        expect(joined(env.LIVE_ENDPOINT), fn.node.path).toMatch(/^https:\/\/<LiveApi\w+>\.execute-api\..+\/dev$/);
      } else {
        expect(resources, fn.node.path).toEqual([]);
        expect(env.LIVE_ENDPOINT, fn.node.path).toBeUndefined();
      }
    }
  });

  it('tells the web its socket URL and lets the CSP connect to it', () => {
    const web = dev.stack.node.findChild('Web') as Web;
    const config = dev.stack.resolve(web.webConfig) as Record<string, unknown>;
    expect(joined(config.liveUrl)).toMatch(/^wss:\/\/<LiveApi\w+>\.execute-api\..+\/dev$/);
    const [, policy] = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const csp = joined(
      (
        policy.Properties!.ResponseHeadersPolicyConfig as {
          SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
        }
      ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
    );
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/<LiveApi\w+>\.execute-api\./);
  });
});
