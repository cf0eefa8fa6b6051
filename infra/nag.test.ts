import type { Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { readStageConfig } from './config.js';
import { stageStacks } from './stage.js';
import { fixturesRoot, synthStackInFile, testApp } from './test/app.js';
import { fixtureQueues, fixtureSchedules, fixtureStreams } from './test/fixtures.js';

/**
 * Unacknowledged findings. cdk-nag 3 fails its report on any finding, so `cdk synth` stops on a warning as well as on
 * an error: both must be fixed or acknowledged with a reason.
 */
const findings = (stack: Stack) =>
  new AwsSolutionsChecks().validateScope(stack).violations.map((violation) => {
    const paths = violation.violatingResources.map((resource) => resource.constructPath).join(', ');
    return `${violation.severity} ${violation.ruleName}: ${paths}`;
  });

describe('cdk-nag AwsSolutions', () => {
  const synth = synthStackInFile();

  it('finds nothing unacknowledged in the dev stack', () => {
    expect(findings(synth().stack)).toEqual([]);
  });

  it('finds nothing unacknowledged in a durable stage with Google and Microsoft sign-in', () => {
    const prod = synth({
      stage: 'prod',
      googleClientId: 'google',
      microsoftClientId: 'microsoft',
      microsoftTenantId: 'tenant',
    });
    expect(findings(prod.stack)).toEqual([]);
  });

  it('finds nothing unacknowledged in the two stacks of a stage as `cdk synth` makes them, in a named region', () => {
    const { app, cleanup } = testApp();
    try {
      const { edge, main } = stageStacks(app, readStageConfig(app.node), { region: 'eu-west-1' });
      // references resolved (into the nested stack's parameters, and across regions) as `cdk synth` has them
      app.synth();
      expect(findings(edge)).toEqual([]);
      expect(findings(main)).toEqual([]);
    } finally {
      cleanup();
    }
  });

  it('finds nothing unacknowledged once queues, schedules and stream consumers exist', () => {
    const withWork = synth(
      {},
      { queues: fixtureQueues, schedules: fixtureSchedules, streams: fixtureStreams, lambdasRoot: fixturesRoot },
    );
    expect(findings(withWork.stack)).toEqual([]);
  });
});
