import type { App } from 'aws-cdk-lib';
import { appName, type StageConfig } from './config.js';
import { EdgeStack } from './edge-stack.js';
import { AppStack, type AppStackProps } from './stack.js';

export type StageStacksProps = Omit<AppStackProps, 'config' | 'webAclArn' | 'env'> & {
  /** where the main stack goes: the region of the deployer's AWS profile (CDK_DEFAULT_REGION under the CDK CLI) */
  region: string;
};

/**
 * One stage: the main stack (`outreach-<stage>`) in the given region, and beside it, in us-east-1, what CloudFront
 * takes from there only (`outreach-<stage>-edge`: the web's WAF web ACL). The main stack reads the web ACL's ARN from
 * the edge stack (a weak cross-region reference) and so depends on it: `cdk deploy --all -c stage=<name>` deploys both,
 * the edge stack first. Both are account-agnostic: the deployer's account.
 */
export const stageStacks = (app: App, config: StageConfig, props: StageStacksProps) => {
  const { region, ...appProps } = props;
  const name = `${appName}-${config.stage}`;
  const tags = { app: appName, stage: config.stage };
  const edge = new EdgeStack(app, `${name}-edge`, {
    config,
    description: `${appName} (${config.stage}): the web distribution's WAF web ACL (CloudFront's, in us-east-1)`,
    tags,
  });
  const main = new AppStack(app, name, {
    ...appProps,
    config,
    env: { region },
    webAclArn: edge.firewall.webAcl.attrArn,
    description: `${appName} (${config.stage}): web, API, data, identity and background work`,
    tags,
  });
  return { edge, main };
};
