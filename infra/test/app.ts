import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import { readStageConfig, repoRoot } from '../config.js';
import { AppStack, type AppStackProps } from '../stack.js';

const cdkJson = JSON.parse(readFileSync(`${repoRoot}cdk.json`, 'utf8')) as { context: Record<string, unknown> };

/** Fixture handlers for queue and schedule tables the real ones do not have yet. */
export const fixturesRoot = `${repoRoot}infra/test/fixtures/lambdas`;

export type TestApp = { app: App; stack: AppStack; template: Template; cleanup: () => void };

/**
 * An app as `cdk synth` builds it: cdk.json's context (a test's `new App()` does not read it), plus the given
 * context, with bundling and asset staging skipped and the cloud assembly in a temporary folder that `cleanup`
 * removes.
 */
export const testApp = (context: Record<string, unknown> = {}) => {
  const outdir = mkdtempSync(join(tmpdir(), 'infra-test-'));
  const app = new App({
    outdir,
    context: {
      ...cdkJson.context,
      // no esbuild runs, and no copy of every asset (the 21 MB AWS CLI layer of BucketDeployment) per test app
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:disable-asset-staging': true,
      stage: 'dev',
      ...context,
    },
  });
  return { app, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
};

/** The product's stack in a test app (see `testApp`). */
export const synthStack = (
  context: Record<string, unknown> = {},
  props: Omit<AppStackProps, 'config'> = {},
): TestApp => {
  const { app, cleanup } = testApp(context);
  const stack = new AppStack(app, 'Test', { config: readStageConfig(app.node), ...props });
  // Template.fromStack also refuses a template with a dependency cycle, as CloudFormation would at deploy time.
  const template = Template.fromStack(stack);
  return { app, stack, template, cleanup };
};

/** `synthStack` for a test file: every app it makes is removed after the file's tests. */
export const synthStackInFile = () => {
  const subjects: TestApp[] = [];
  afterAll(() => {
    for (const subject of subjects) subject.cleanup();
  });
  return (...args: Parameters<typeof synthStack>) => {
    const subject = synthStack(...args);
    subjects.push(subject);
    return subject;
  };
};
