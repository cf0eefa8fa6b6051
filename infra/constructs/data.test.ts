import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { stagingTags } from '../../lambdas/documents/upload-key.js';
import { readStageConfig } from '../config.js';
import { testApp } from '../test/app.js';
import { resourcesOf } from '../test/template.js';
import { Data } from './data.js';

type LifecycleRule = { Status: string; TagFilters?: { Key: string; Value: string }[]; ExpirationInDays?: number };

describe('the data construct', () => {
  const { app, cleanup } = testApp();
  afterAll(cleanup);
  const stack = new Stack(app, 'DataTest');
  const data = new Data(stack, 'Data', { config: readStageConfig(app.node), webOrigin: 'https://web.example' });
  const template = Template.fromStack(stack);
  const uploadsId = stack.getLogicalId(data.uploads.node.defaultChild as never);
  const uploadRules = () =>
    (
      Object.fromEntries(resourcesOf(template, 'AWS::S3::Bucket'))[uploadsId]!.Properties!.LifecycleConfiguration as {
        Rules: LifecycleRule[];
      }
    ).Rules;

  it('expires an upload a day after it was stored unless it was processed (tagged as staged), its versions too', () => {
    expect(uploadRules()).toContainEqual({
      Status: 'Enabled',
      TagFilters: Object.entries(stagingTags).map(([Key, Value]) => ({ Key, Value })),
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    });
  });

  it('expires nothing else by age: processed documents stay until replaced or removed', () => {
    const expiring = uploadRules().filter((rule) => rule.ExpirationInDays !== undefined);
    expect(expiring.every((rule) => rule.TagFilters?.length)).toBe(true);
  });
});
