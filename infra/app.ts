import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageConfig } from './config.js';
import { stageStacks } from './stage.js';

/**
 * `npx cdk synth|deploy --all -c stage=<name>` (@default dev): two stacks per stage (infra/stage.ts), the main one in
 * the region of the caller's AWS profile and the web's WAF web ACL in us-east-1, where CloudFront takes it from. The
 * CDK CLI names that region (CDK_DEFAULT_REGION; us-east-1 when the profile names none); synth needs neither
 * credentials nor lookups. cdk-nag's AwsSolutions rules run on every synth; an unacknowledged error stops it.
 */
const app = new App();
const config = readStageConfig(app.node);
const region = process.env.CDK_DEFAULT_REGION;
if (!region) throw new Error('No region: run the app through the CDK CLI (npx cdk synth|deploy), which names it');

stageStacks(app, config, { region });

Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
