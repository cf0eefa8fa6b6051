import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { appName, type StageConfig } from '../config.js';
import type { RateLimit } from '../rate-limits.js';

export type FirewallProps = {
  config: StageConfig;
  /** REGIONAL for the REST API; CLOUDFRONT for the distribution (only in us-east-1) */
  scope: 'REGIONAL' | 'CLOUDFRONT';
  /** what it protects, in names and metrics: `api`, `web` */
  name: string;
  /** per-address limits, in the order they are evaluated (infra/rate-limits.ts) */
  rateLimits: readonly RateLimit[];
  /** AWS managed rule groups (vendor AWS), evaluated after the limits, each blocking what it matches */
  managedRuleGroups?: readonly string[];
  /** the first path segment of every request (the REST API stage's name), optional in the match */
  stagePath?: string;
  /** what a client over a limit reads, with status 429 */
  tooManyRequests: { contentType: 'APPLICATION_JSON' | 'TEXT_PLAIN'; content: string };
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A WAF regex matching exactly the given paths, after the stage's segment when there is one. The stage's own URL
 * carries it (`/<stage>/api/webhooks/stripe`), a custom domain mapped to the stage does not; either matches. The path is
 * decoded and normalised first (`%2F`, `//`, `/./`, `/x/../`), as API Gateway reads it, so a spelling cannot move a
 * request into another rule's count.
 */
export const pathsRegex = (paths: readonly string[], stagePath?: string) =>
  `^${stagePath ? `(?:/${escapeRegex(stagePath)})?` : ''}(?:${paths.map(escapeRegex).join('|')})$`;

/** WAF's limit on an inline regex. */
const maxRegexLength = 512;

/**
 * An AWS WAF web ACL of per-address rate limits (infra/rate-limits.ts) and, after them, AWS managed rule groups.
 * Everything else is allowed. A blocked request answers 429 with the given body (WAF cannot add CORS or Retry-After
 * headers: it prefixes the names of the headers it adds). Every rule has its CloudWatch metric and sampled requests;
 * the blocked requests are logged to `aws-waf-logs-<app>-<stage>-<name>`, without their Authorization header (ID
 * tokens, Gmail push's OIDC token) and query strings (OAuth codes and states).
 */
export class Firewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;
  /** the web ACL's name, which is also its CloudWatch metric's (`<app>-<stage>-<name>`) */
  readonly aclName: string;

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id);
    const { config } = props;
    const fullName = `${appName}-${config.stage}-${props.name}`;
    this.aclName = fullName;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const pathsMatch = (paths: readonly string[]): wafv2.CfnWebACL.StatementProperty => {
      const regexString = pathsRegex(paths, props.stagePath);
      if (regexString.length > maxRegexLength) {
        throw new Error(`${fullName}: the regex of ${paths.length} paths is over WAF's ${maxRegexLength} characters`);
      }
      return {
        regexMatchStatement: {
          fieldToMatch: { uriPath: {} },
          regexString,
          textTransformations: [
            { priority: 0, type: 'URL_DECODE' },
            { priority: 1, type: 'NORMALIZE_PATH' },
          ],
        },
      };
    };
    const scopeDown = (limit: RateLimit): wafv2.CfnWebACL.StatementProperty | undefined => {
      if (limit.only) return pathsMatch(limit.only);
      if (limit.except) return { notStatement: { statement: pathsMatch(limit.except) } };
      return undefined;
    };

    const bodyKey = 'TooManyRequests';
    const rateRules: wafv2.CfnWebACL.RuleProperty[] = props.rateLimits.map((limit, index) => {
      const scopeDownStatement = scopeDown(limit);
      return {
        name: limit.name,
        priority: index,
        action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: bodyKey } } },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: limit.limit,
            evaluationWindowSec: limit.windowSeconds,
            ...(scopeDownStatement && { scopeDownStatement }),
          },
        },
        visibilityConfig: visibility(`${fullName}-${limit.name}`),
      };
    });
    const managedRules: wafv2.CfnWebACL.RuleProperty[] = (props.managedRuleGroups ?? []).map((group, index) => ({
      name: group,
      priority: props.rateLimits.length + index,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: group } },
      visibilityConfig: visibility(`${fullName}-${group}`),
    }));

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: fullName,
      description: `${appName} ${config.stage} ${props.name}: per-address rate limits`,
      scope: props.scope,
      defaultAction: { allow: {} },
      customResponseBodies: { [bodyKey]: props.tooManyRequests },
      rules: [...rateRules, ...managedRules],
      visibilityConfig: visibility(fullName),
    });

    // WAF writes only to a log group whose name starts with `aws-waf-logs-`; blocked requests only (the allowed ones
    // are in the API's access log), kept as long as the API's access logs
    this.logGroup = new logs.LogGroup(this, 'BlockedRequests', {
      logGroupName: `aws-waf-logs-${fullName}`,
      retention: config.durable ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_WEEK,
      removalPolicy: config.durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF takes the log group's ARN without the `:*` that CloudFormation's Arn attribute ends with
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { queryString: {} }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] },
        ],
      },
    });
    logging.node.addDependency(this.logGroup);
  }

  /** The requests a rate rule blocked, summed over 5 minutes (AWS/WAFV2 names a rule by its metric's name). */
  metricBlocked(rule: string) {
    return new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: this.aclName, Rule: `${this.aclName}-${rule}`, Region: Stack.of(this).region },
      statistic: 'Sum',
      period: Duration.minutes(5),
    });
  }

  /** Puts the REST API's stage behind this web ACL (a REGIONAL one). */
  protect(stage: apigw.Stage) {
    return new wafv2.CfnWebACLAssociation(this, 'ApiStage', {
      resourceArn: stage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
