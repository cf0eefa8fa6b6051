import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { fixturesRoot, synthStackInFile, type TestApp } from './test/app.js';
import { fixtureQueues, fixtureSchedules, fixtureStreams } from './test/fixtures.js';

/**
 * Unacknowledged findings. cdk-nag 3 fails its report on any finding, so `cdk synth` stops on a warning as well as on
 * an error: both must be fixed or acknowledged with a reason.
 */
const findings = (subject: TestApp) =>
  new AwsSolutionsChecks().validateScope(subject.stack).violations.map((violation) => {
    const paths = violation.violatingResources.map((resource) => resource.constructPath).join(', ');
    return `${violation.severity} ${violation.ruleName}: ${paths}`;
  });

describe('cdk-nag AwsSolutions', () => {
  const synth = synthStackInFile();

  it('finds nothing unacknowledged in the dev stack', () => {
    expect(findings(synth())).toEqual([]);
  });

  it('finds nothing unacknowledged in a durable stage with Google and Microsoft sign-in', () => {
    const prod = synth({
      stage: 'prod',
      googleClientId: 'google',
      microsoftClientId: 'microsoft',
      microsoftTenantId: 'tenant',
    });
    expect(findings(prod)).toEqual([]);
  });

  it('finds nothing unacknowledged once queues, schedules and stream consumers exist', () => {
    const withWork = synth(
      {},
      { queues: fixtureQueues, schedules: fixtureSchedules, streams: fixtureStreams, lambdasRoot: fixturesRoot },
    );
    expect(findings(withWork)).toEqual([]);
  });
});
