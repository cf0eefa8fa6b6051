import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import { readStageConfig, repoRoot } from '../config.js';
import { AppStack, type AppStackProps } from '../stack.js';

const cdkJson = JSON.parse(readFileSync(`${repoRoot}cdk.json`, 'utf8')) as { context: Record<string, unknown> };

/** Fixture handlers for queue and schedule tables the real ones do not have yet. */
export const fixturesRoot = `${repoRoot}infra/test/fixtures/lambdas`;

export type TestApp = { app: App; stack: AppStack; template: Template; cleanup: () => void };

/** The web's WAF web ACL as the edge stack (infra/edge-stack.ts) would give it, for a main stack alone. */
export const testWebAclArn =
  'arn:aws:wafv2:us-east-1:123456789012:global/webacl/outreach-dev-web/a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';

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
  props: Omit<AppStackProps, 'config' | 'webAclArn'> = {},
): TestApp => {
  const { app, cleanup } = testApp(context);
  const stack = new AppStack(app, 'Test', { config: readStageConfig(app.node), webAclArn: testWebAclArn, ...props });
  // Template.fromStack also refuses a template with a dependency cycle, as CloudFormation would at deploy time.
  const template = flattenedTemplate(stack);
  return { app, stack, template, cleanup };
};

type Json = Record<string, unknown>;
type TemplateJson = {
  Resources?: Record<string, Json>;
  Outputs?: Record<string, { Value: unknown }>;
  [key: string]: unknown;
};

/** `value` with every `{Ref: name}` of `refs` and every `{Fn::GetAtt: [id, 'Outputs.name']}` of `outputs` replaced. */
const substitute = (value: unknown, refs: Json, outputs: Map<string, Record<string, unknown>>): unknown => {
  if (Array.isArray(value)) return value.map((each) => substitute(each, refs, outputs));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json);
  if (entries.length === 1) {
    const [key, inner] = entries[0]!;
    if (key === 'Ref' && typeof inner === 'string' && inner in refs) return refs[inner];
    if (key === 'Fn::GetAtt' && Array.isArray(inner)) {
      const [id, attribute] = inner as [string, string];
      const output = outputs.get(id)?.[String(attribute).replace(/^Outputs\./, '')];
      if (String(attribute).startsWith('Outputs.') && output !== undefined) return output;
    }
  }
  return Object.fromEntries(entries.map(([key, inner]) => [key, substitute(inner, refs, outputs)]));
};

/**
 * The stack's template with its nested stacks' resources in it, as one template would have them before the split
 * (infra/stack.ts puts the workers and jobs in a nested stack to stay under CloudFormation's 500 resources): a nested
 * stack's parameters are replaced by what the parent passes, and the parent's reads of its outputs by their values, so
 * the assertions read one template whichever stack a resource is in. Each stack's own template is checked for cycles.
 */
export const flattenedTemplate = (stack: Stack): Template => {
  const top = Template.fromStack(stack).toJSON() as TemplateJson;
  const nested = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
    .filter((each) => each.nestedStackParent === stack);
  const resources: Record<string, Json> = { ...top.Resources };
  const outputs = new Map<string, Record<string, unknown>>();
  for (const child of nested) {
    const resourceId = stack.getLogicalId(child.nestedStackResource!);
    const parameters = ((resources[resourceId]?.Properties as Json | undefined)?.Parameters ?? {}) as Json;
    const own = flattenedTemplate(child).toJSON() as TemplateJson;
    const childResources = substitute(own.Resources ?? {}, parameters, new Map()) as Record<string, Json>;
    outputs.set(
      resourceId,
      Object.fromEntries(
        Object.entries(own.Outputs ?? {}).map(([name, output]) => [
          name,
          substitute(output.Value, parameters, new Map()),
        ]),
      ),
    );
    delete resources[resourceId];
    for (const [id, resource] of Object.entries(childResources)) {
      if (id in resources) throw new Error(`${id} is in both ${stack.node.path} and ${child.node.path}`);
      resources[id] = resource;
    }
  }
  const removed = new Set(nested.map((child) => stack.getLogicalId(child.nestedStackResource!)));
  const withoutRemoved = Object.fromEntries(
    Object.entries(resources).map(([id, resource]) => {
      const dependsOn = resource.DependsOn;
      if (!Array.isArray(dependsOn)) return [id, resource];
      const kept = dependsOn.filter((each) => !removed.has(String(each)));
      const { DependsOn: _dropped, ...rest } = resource;
      return [id, kept.length ? { ...rest, DependsOn: kept } : rest];
    }),
  );
  return Template.fromJSON({
    ...top,
    Resources: substitute(withoutRemoved, {}, outputs) as Record<string, Json>,
    Outputs: substitute(top.Outputs ?? {}, {}, outputs),
  });
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
