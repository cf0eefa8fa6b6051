import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { readStageConfig } from '../config.js';
import { table as tableDefinition } from '../../lambdas/data/table.js';
import { fixturesRoot, testApp } from '../test/app.js';
import { environmentOf, joined, policyStatements, resourcesOf } from '../test/template.js';
import { Data } from './data.js';
import { AppFunction, lambdaEntry } from './function.js';

describe('the house function', () => {
  const { app, cleanup } = testApp();
  afterAll(cleanup);
  const stack = new Stack(app, 'FunctionTest');
  const config = readStageConfig(app.node);
  const data = new Data(stack, 'Data', { config, webOrigin: 'https://web.example' });
  const fn = new AppFunction(stack, 'Worker', {
    config,
    service: 'profiles',
    entry: lambdaEntry('profiles', 'fixture-worker', fixturesRoot),
    description: 'fixture',
  })
    .bindTable(data.table, 'read')
    .bindBucket(data.uploads, 'readWrite');
  const template = Template.fromStack(stack);

  it('runs the handler of its own bundle (index.mjs) on Node 22, arm64', () => {
    const logicalId = stack.getLogicalId(fn.fn.node.defaultChild as CfnElement);
    const [, resource] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === logicalId)!;
    expect(resource.Properties).toMatchObject({
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
    });
  });

  it('starts from an empty role: no AWS managed policy', () => {
    const roles = resourcesOf(template, 'AWS::IAM::Role').filter(([id]) => id.startsWith('Worker'));
    expect(roles).toHaveLength(1);
    expect(roles[0]![1].Properties!.ManagedPolicyArns).toBeUndefined();
  });

  it('reads the table and its named indexes only, with read actions only', () => {
    const table = policyStatements(template).find((statement) => [statement.Action].flat().includes('dynamodb:Query'))!;
    expect([table.Action].flat()).not.toContain('dynamodb:PutItem');
    expect([table.Resource].flat().map(joined)).toEqual([
      expect.stringMatching(/^<DataTable\w+>$/),
      ...Object.keys(tableDefinition.indexes).map((index) =>
        expect.stringMatching(new RegExp(`^<DataTable\\w+>/index/${index}$`)),
      ),
    ]);
  });

  it("writes only the users' objects of the uploads bucket (users/<sub>/...) and names it in BUCKET_NAME", () => {
    const bucket = policyStatements(template).find((statement) => [statement.Action].flat().includes('s3:PutObject'))!;
    expect([bucket.Resource].flat().map(joined)).toEqual([expect.stringMatching(/^<DataUploads\w+>\/users\/\*\/\*$/)]);
    expect([bucket.Action].flat()).not.toContain('s3:DeleteObjectVersion');
    // tags set with the write select lifecycle rules (staged uploads, export documents): S3 checks them apart
    expect([bucket.Action].flat()).toContain('s3:PutObjectTagging');
    const variables = environmentOf(template, stack.getLogicalId(fn.fn.node.defaultChild as CfnElement));
    expect(joined(variables.BUCKET_NAME)).toMatch(/^<DataUploads\w+>$/);
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(new AwsSolutionsChecks().validateScope(stack).violations.map((violation) => violation.ruleName)).toEqual([]);
  });
});

describe('the house bundling in a synth', () => {
  it('gives two functions of one folder each its own bundle', () => {
    const { app, cleanup } = testApp({ 'aws:cdk:bundling-stacks': ['**'], 'aws:cdk:disable-asset-staging': false });
    try {
      const stack = new Stack(app, 'BundlingTest');
      const config = readStageConfig(app.node);
      const keys = ['fixture-worker', 'fixture-schedule'].map((file) => {
        const fn = new AppFunction(stack, file, {
          config,
          service: 'profiles',
          entry: lambdaEntry('profiles', file, fixturesRoot),
          description: 'fixture',
        });
        return stack.resolve((fn.fn.node.defaultChild as lambda.CfnFunction).code) as { s3Key: string };
      });
      expect(keys[0]!.s3Key).not.toEqual(keys[1]!.s3Key);
    } finally {
      cleanup();
    }
  });
});
