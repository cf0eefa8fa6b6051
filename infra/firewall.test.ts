import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../shared/messages.js';
import { routeEntries } from '../shared/routes.js';
import { readStageConfig } from './config.js';
import { stageStacks } from './stage.js';
import { synthStackInFile, type TestApp, testApp, testWebAclArn } from './test/app.js';
import { joined, resourcesOf } from './test/template.js';

type Statement = Record<string, unknown>;
type RateBased = {
  Limit: number;
  EvaluationWindowSec: number;
  AggregateKeyType: string;
  ScopeDownStatement?: Statement;
};
type Rule = {
  Name: string;
  Priority: number;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string } } };
  OverrideAction?: unknown;
  Statement: { RateBasedStatement?: RateBased; ManagedRuleGroupStatement?: { VendorName: string; Name: string } };
};
type WebAcl = {
  Scope: string;
  DefaultAction: unknown;
  Rules: Rule[];
  CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
};

const webAclOf = (template: Template): [string, WebAcl] => {
  const acls = resourcesOf(template, 'AWS::WAFv2::WebACL');
  expect(acls).toHaveLength(1);
  const [logicalId, acl] = acls[0]!;
  return [logicalId, acl.Properties as unknown as WebAcl];
};

const ruleOf = (acl: WebAcl, name: string) => {
  const rule = acl.Rules.find((each) => each.Name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
};

/** A path-matching scope-down as WAF would apply it: the path URL-decoded and normalised, then the regex. */
const matcherOf = (statement: Statement | undefined): ((path: string) => boolean) => {
  if (!statement) return () => true;
  const not = statement.NotStatement as { Statement: Statement } | undefined;
  if (not) {
    const inner = matcherOf(not.Statement);
    return (path) => !inner(path);
  }
  const regex = statement.RegexMatchStatement as {
    FieldToMatch: unknown;
    RegexString: string;
    TextTransformations: { Priority: number; Type: string }[];
  };
  expect(regex.FieldToMatch).toEqual({ UriPath: {} });
  expect(regex.TextTransformations).toEqual([
    { Priority: 0, Type: 'URL_DECODE' },
    { Priority: 1, Type: 'NORMALIZE_PATH' },
  ]);
  const pattern = new RegExp(regex.RegexString);
  return (path) =>
    pattern.test(
      decodeURIComponent(path)
        .replace(/\/\.\//g, '/')
        .replace(/\/+/g, '/'),
    );
};

/** Every path of the route table, on the stage's URL (`/dev/...`) as clients call it. */
const stagePaths = (predicate: (route: { path: string; key: string }) => boolean = () => true) =>
  routeEntries()
    .filter(predicate)
    .map((route) => `/dev${route.path.replace(/\{(\w+)\+?\}/g, 'x1')}`);

const webhookRoutes = new Set([
  'POST /api/webhooks/stripe',
  'POST /api/webhooks/gmail',
  'POST /api/webhooks/outlook',
  'POST /api/webhooks/zoom',
]);

const synth = synthStackInFile();

describe('the REST API firewall', () => {
  let subject: TestApp;
  let acl: WebAcl;
  let aclId: string;
  beforeAll(() => {
    subject = synth();
    [aclId, acl] = webAclOf(subject.template);
  }, 120_000);

  it('puts the stage behind a regional web ACL that allows what no rule blocks', () => {
    expect(acl).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const associations = resourcesOf(subject.template, 'AWS::WAFv2::WebACLAssociation');
    expect(associations).toHaveLength(1);
    const [, association] = associations[0]!;
    const stageId = resourcesOf(subject.template, 'AWS::ApiGateway::Stage')[0]![0];
    const restApiId = resourcesOf(subject.template, 'AWS::ApiGateway::RestApi')[0]![0];
    expect(association.Properties?.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    // the stage's ARN names the stage by its reference, so the association is made once the stage exists
    expect(joined(association.Properties?.ResourceArn)).toBe(
      `arn:<AWS::Partition>:apigateway:<AWS::Region>::/restapis/<${restApiId}>/stages/<${stageId}>`,
    );
  });

  it('limits each address: webhooks 3,000 a minute, costly routes 200 in 5 minutes, page visits 300 in 5 minutes, every other call 1,500 a minute', () => {
    const limits = acl.Rules.filter((rule) => rule.Statement.RateBasedStatement).map((rule) => ({
      name: rule.Name,
      priority: rule.Priority,
      limit: rule.Statement.RateBasedStatement!.Limit,
      window: rule.Statement.RateBasedStatement!.EvaluationWindowSec,
      key: rule.Statement.RateBasedStatement!.AggregateKeyType,
      status: rule.Action?.Block?.CustomResponse?.ResponseCode,
    }));
    expect(limits).toEqual([
      { name: 'Webhooks', priority: 0, limit: 3_000, window: 60, key: 'IP', status: 429 },
      { name: 'Costly', priority: 1, limit: 200, window: 300, key: 'IP', status: 429 },
      { name: 'Tracking', priority: 2, limit: 300, window: 300, key: 'IP', status: 429 },
      { name: 'App', priority: 3, limit: 1_500, window: 60, key: 'IP', status: 429 },
    ]);
  });

  it("counts the vendors' webhooks by their own rule only, and every other route by the app's", () => {
    const webhooks = matcherOf(ruleOf(acl, 'Webhooks').Statement.RateBasedStatement!.ScopeDownStatement);
    const app = matcherOf(ruleOf(acl, 'App').Statement.RateBasedStatement!.ScopeDownStatement);
    const vendorPaths = stagePaths((route) => webhookRoutes.has(route.key));
    const appPaths = stagePaths((route) => !webhookRoutes.has(route.key));
    expect(vendorPaths).toHaveLength(webhookRoutes.size);
    expect(vendorPaths.filter(webhooks)).toEqual(vendorPaths);
    expect(vendorPaths.filter(app)).toEqual([]);
    expect(appPaths.filter(webhooks)).toEqual([]);
    expect(appPaths.filter(app)).toEqual(appPaths);
    // a custom domain mapped to the stage drops its segment; a spelled-out path is read as API Gateway reads it
    expect(webhooks('/api/webhooks/stripe')).toBe(true);
    expect(webhooks('/dev/api/webhooks/../contacts')).toBe(false);
    expect(app('/dev/api//webhooks/%73tripe')).toBe(false);
  });

  it('counts the AI, paid lookups, mailbox reads, document parsing, the export and the public OAuth callbacks as costly, never adding a contact', () => {
    const costly = matcherOf(ruleOf(acl, 'Costly').Statement.RateBasedStatement!.ScopeDownStatement);
    expect(stagePaths().filter(costly)).toEqual([
      '/dev/api/profiles/resume',
      '/dev/api/profiles/resume',
      '/dev/api/profiles/cover-letter',
      '/dev/api/profiles/cover-letter',
      '/dev/process-file',
      '/dev/api/profiles/normalize',
      '/dev/ai/generate-ai-email',
      '/dev/api/outreach/generate',
      '/dev/api/account/export',
      '/dev/api/contacts/preview',
      '/dev/api/email-connections/oauth/callback-public',
      '/dev/api/conversations/check-replies',
      '/dev/outlook/check-replies-batch',
      '/dev/zoom/oauth/authorize',
    ]);
    // one request per row of a CSV import
    expect(costly('/dev/api/contacts')).toBe(false);
  });

  it("counts the public page-visit collector by its own rule, and by the app's", () => {
    const tracking = matcherOf(ruleOf(acl, 'Tracking').Statement.RateBasedStatement!.ScopeDownStatement);
    const app = matcherOf(ruleOf(acl, 'App').Statement.RateBasedStatement!.ScopeDownStatement);
    expect(stagePaths().filter(tracking)).toEqual(['/dev/api/track']);
    expect(app('/dev/api/track')).toBe(true);
  });

  it('answers an address over a limit 429 in the envelope', () => {
    const key = ruleOf(acl, 'App').Action!.Block!.CustomResponse!.CustomResponseBodyKey;
    const body = acl.CustomResponseBodies[key]!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({ success: false, error: messages.status[429], code: 'rate_limited' });
  });

  it("blocks AWS's known bad addresses and exploit inputs after the limits, and leaves request bodies alone (no common rule set)", () => {
    const managed = acl.Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement).map((rule) => ({
      priority: rule.Priority,
      group: rule.Statement.ManagedRuleGroupStatement,
      override: rule.OverrideAction,
    }));
    expect(managed).toEqual([
      {
        priority: 4,
        group: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' },
        override: { None: {} },
      },
      {
        priority: 5,
        group: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
        override: { None: {} },
      },
    ]);
  });

  it('logs the blocked requests only, without their tokens and query strings, to an aws-waf-logs- group', () => {
    const configs = resourcesOf(subject.template, 'AWS::WAFv2::LoggingConfiguration');
    expect(configs).toHaveLength(1);
    const properties = configs[0]![1].Properties!;
    expect(properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const [logGroupId, logGroup] = resourcesOf(subject.template, 'AWS::Logs::LogGroup').find(
      ([, group]) => group.Properties?.LogGroupName === 'aws-waf-logs-outreach-dev-api',
    )!;
    // WAF takes the log group's ARN without the `:*` of its Arn attribute
    expect((properties.LogDestinationConfigs as unknown[]).map(joined)).toEqual([
      `arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:<${logGroupId}>`,
    ]);
    expect(logGroup.Properties?.RetentionInDays).toBe(7);
    expect(properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }, { QueryString: {} }]);
    expect(properties.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] }],
    });
  });

  it("tells the alarm topic when a provider's webhook was answered 429", () => {
    const alarm = resourcesOf(subject.template, 'AWS::CloudWatch::Alarm').find(
      ([, each]) => each.Properties?.MetricName === 'BlockedRequests',
    );
    expect(alarm?.[1].Properties).toMatchObject({
      Namespace: 'AWS/WAFV2',
      Dimensions: expect.arrayContaining([
        { Name: 'WebACL', Value: 'outreach-dev-api' },
        { Name: 'Rule', Value: 'outreach-dev-api-Webhooks' },
      ]),
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: [{ Ref: expect.stringMatching(/^MonitoringTopic/) }],
    });
    // the rule's metric is the one the alarm watches
    const webhooksRule = acl.Rules.find((rule) => rule.Name === 'Webhooks') as unknown as {
      VisibilityConfig: { MetricName: string };
    };
    expect(webhooksRule.VisibilityConfig.MetricName).toBe('outreach-dev-api-Webhooks');
  });

  it('puts the web distribution behind the web ACL it is given', () => {
    subject.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: { WebACLId: testWebAclArn },
    });
  });
});

describe('a stage', () => {
  it("makes CloudFront's web ACL in us-east-1, which the main stack, elsewhere, reads and deploys after", () => {
    const { app, cleanup } = testApp();
    try {
      const { edge, main } = stageStacks(app, readStageConfig(app.node), { region: 'eu-west-1' });
      expect([edge.stackName, edge.region, main.stackName, main.region]).toEqual([
        'outreach-dev-edge',
        'us-east-1',
        'outreach-dev',
        'eu-west-1',
      ]);

      const edgeTemplate = Template.fromStack(edge);
      const [aclId, acl] = webAclOf(edgeTemplate);
      expect(acl.Scope).toBe('CLOUDFRONT');
      expect(acl.Rules.map((rule) => [rule.Name, rule.Statement.RateBasedStatement ?? rule.Statement])).toEqual([
        ['Web', { Limit: 2_000, EvaluationWindowSec: 60, AggregateKeyType: 'IP' }],
        [
          'AWSManagedRulesAmazonIpReputationList',
          { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' } },
        ],
      ]);
      expect(Object.values(acl.CustomResponseBodies)).toEqual([
        { ContentType: 'TEXT_PLAIN', Content: messages.status[429] },
      ]);
      edgeTemplate.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
        ResourceArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      });

      const distribution = resourcesOf(Template.fromStack(main), 'AWS::CloudFront::Distribution')[0]![1];
      expect(main.dependencies).toContain(edge);
      const webAclId = (distribution.Properties!.DistributionConfig as { WebACLId: unknown }).WebACLId;
      expect(webAclId).toEqual({
        'Fn::GetStackOutput': {
          StackName: 'outreach-dev-edge',
          OutputName: expect.stringContaining('WebFirewallWebAcl'),
          Region: 'us-east-1',
        },
      });
    } finally {
      cleanup();
    }
  }, 180_000);
});
