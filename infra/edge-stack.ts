import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { messages } from '../shared/messages.js';
import type { StageConfig } from './config.js';
import { Firewall } from './constructs/firewall.js';
import { webRateLimits } from './rate-limits.js';

export type EdgeStackProps = StackProps & { config: StageConfig };

/**
 * What CloudFront takes from us-east-1 only: the web distribution's WAF web ACL (scope CLOUDFRONT). The stage's main
 * stack reads its ARN (a weak cross-region reference, `Fn::GetStackOutput`, cdk.json) and depends on this stack, so
 * `cdk deploy --all` deploys it first.
 */
export class EdgeStack extends Stack {
  readonly firewall: Firewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' } });
    this.firewall = new Firewall(this, 'WebFirewall', {
      config: props.config,
      scope: 'CLOUDFRONT',
      name: 'web',
      rateLimits: webRateLimits,
      managedRuleGroups: ['AWSManagedRulesAmazonIpReputationList'],
      tooManyRequests: { contentType: 'TEXT_PLAIN', content: messages.status[429] },
    });
  }
}
