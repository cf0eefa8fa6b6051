import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { appName, readStageConfig } from './config.js';
import { AppStack } from './stack.js';

/**
 * `npx cdk synth|deploy -c stage=<name>` (@default dev): one stack per stage. cdk-nag's AwsSolutions rules run on
 * every synth; an unacknowledged error stops it.
 */
const app = new App();
const config = readStageConfig(app.node);

new AppStack(app, `${appName}-${config.stage}`, {
  config,
  description: `${appName} (${config.stage}): web, API, data, identity and background work`,
  // Environment-agnostic: `cdk deploy` targets the account and region of the caller's AWS profile, and synth needs
  // neither credentials nor lookups.
  tags: { app: appName, stage: config.stage },
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
