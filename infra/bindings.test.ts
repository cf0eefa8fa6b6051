import { type CfnElement, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { kmsKeyEnvName } from '../lambdas/providers/crypto/data-keys.js';
import { liveEndpointEnvName } from '../lambdas/providers/live/live.js';
import { type Bindings, bindings, secretNames, secretNameVariable } from '../shared/bindings.js';
import { queueUrlEnvName } from '../shared/queues.js';
import { bindingsOf } from './constructs/bindings.js';
import { AppFunction } from './constructs/function.js';
import { synthStackInFile, type TestApp } from './test/app.js';
import { environmentOf } from './test/template.js';

/** What every function of ours has (infra/constructs/function.ts), whatever it is bound to. */
const base = [
  'STAGE',
  'APP_VERSION',
  'LOG_LEVEL',
  'POWERTOOLS_SERVICE_NAME',
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
];

/** The variables shared/bindings.ts says a function has in AWS. */
const expectedEnvironment = (fn: AppFunction, own: Bindings) =>
  [
    ...base,
    ...(fn.handler === 'http' ? ['CORS_ORIGIN'] : []),
    ...(own.table ? ['TABLE_NAME'] : []),
    ...(own.uploads ? ['BUCKET_NAME'] : []),
    ...(own.sealing ? [kmsKeyEnvName] : []),
    ...(own.live ? [liveEndpointEnvName] : []),
    ...(own.sends ?? []).map(queueUrlEnvName),
    ...(own.settings ?? []),
    ...(own.secrets ?? []).map(secretNameVariable),
  ].sort();

const synth = synthStackInFile();

describe('the bindings manifest (shared/bindings.ts) and the stack', () => {
  let subject: TestApp;
  beforeAll(() => {
    // every optional provider configured, so every binding of the manifest is made
    subject = synth({
      googleClientId: 'google-client',
      microsoftClientId: 'microsoft-client',
      zoomClientId: 'zoom-client',
      gmailPubsubTopic: 'projects/p/topics/gmail',
      gmailPushServiceAccount: 'push@p.iam.gserviceaccount.com',
      stripePriceStarter: 'price_starter',
      stripePricePro: 'price_pro',
      notificationSender: 'notify@mail.example.com',
    });
  }, 120_000);

  const domainFunctions = () =>
    subject.stack.node
      .findAll()
      .filter((construct): construct is AppFunction => construct instanceof AppFunction)
      .flatMap((fn) => {
        const own = bindingsOf(fn);
        return own ? [{ fn, own }] : [];
      });

  it("gives each domain's function exactly the environment the manifest names", () => {
    const functions = domainFunctions();
    // the HTTP Lambda of every domain, the workers, jobs, stream consumers and the Cognito trigger
    expect(functions.length).toBeGreaterThan(Object.keys(bindings).length);
    for (const { fn, own } of functions) {
      const cfn = fn.fn.node.defaultChild as CfnElement;
      const environment = environmentOf(subject.template, Stack.of(cfn).getLogicalId(cfn));
      expect({ fn: fn.node.path, names: Object.keys(environment).sort() }).toEqual({
        fn: fn.node.path,
        names: expectedEnvironment(fn, own),
      });
    }
  });

  it('lets only the notifications functions send e-mail with SES, as the configured sender only', () => {
    const sesStatements = (fn: AppFunction) =>
      fn.role.node
        .findAll()
        .filter((construct): construct is iam.Policy => construct instanceof iam.Policy)
        .flatMap(
          (policy) =>
            (Stack.of(policy).resolve(policy.document.toJSON()) as { Statement: Record<string, unknown>[] }).Statement,
        )
        .filter((statement) => [statement.Action].flat().some((action) => String(action).startsWith('ses:')));
    const senders = domainFunctions().filter(({ fn }) => sesStatements(fn).length > 0);
    expect(senders.map(({ fn }) => fn.service).sort()).toEqual(
      domainFunctions()
        .filter(({ own }) => own.notificationMail)
        .map(({ fn }) => fn.service)
        .sort(),
    );
    expect(senders.length).toBeGreaterThan(0);
    for (const { fn } of senders) {
      const [statement, ...others] = sesStatements(fn);
      expect(others).toEqual([]);
      expect(statement).toMatchObject({
        Action: 'ses:SendEmail',
        Effect: 'Allow',
        Condition: { StringEquals: { 'ses:FromAddress': 'notify@mail.example.com' } },
      });
      const resources = [statement!.Resource].flat().map((arn) => JSON.stringify(arn));
      expect(resources).toHaveLength(2);
      expect(resources[0]).toContain(':identity/notify@mail.example.com');
      expect(resources[1]).toContain(':identity/mail.example.com');
    }
  });

  it("puts a secret's name in AWS, never a variable that holds a secret's value", () => {
    for (const { fn } of domainFunctions()) {
      const cfn = fn.fn.node.defaultChild as CfnElement;
      const names = Object.keys(environmentOf(subject.template, Stack.of(cfn).getLogicalId(cfn)));
      expect(names.filter((name) => (secretNames as readonly string[]).includes(name))).toEqual([]);
    }
  });
});
