import { functionBindings } from '../shared/bindings.js';
import { CfnElement, NestedStack, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportTags } from '../lambdas/account/export-files.js';
import { emailPatterns } from '../lambdas/contacts/email-candidates.js';
import { table as tableDefinition } from '../lambdas/data/table.js';
import { renewalWorstCaseMs } from '../lambdas/connections/rules.js';
import { sealedPurposes } from '../lambdas/data/connection-purposes.js';
import { type Vendor, vendorBudgetMs } from '../lambdas/providers/vendor-limits.js';
import { messages } from '../shared/messages.js';
import { queueEntries, queues, visibilityTimeoutSeconds, type QueueSpec } from '../shared/queues.js';
import { routeEntries } from '../shared/routes.js';
import { scheduleEntries, schedules } from '../shared/schedules.js';
import {
  type StreamConsumerSpec,
  streamConsumerEntries,
  streamConsumers,
  streamFilterPatterns,
} from '../shared/streams.js';
import { webConfigSchema } from '../shared/web-config.js';
import type { Api } from './constructs/api.js';
import type { Auth } from './constructs/auth.js';
import type { Data } from './constructs/data.js';
import { AppFunction } from './constructs/function.js';
import type { Monitoring } from './constructs/monitoring.js';
import { type Streams, streamIteratorAgeAlarm, streamMaxRecordAge } from './constructs/streams.js';
import type { Web } from './constructs/web.js';
import { defaultMaxConcurrency, type Workers } from './constructs/workers.js';
import { fixturesRoot, synthStackInFile, type TestApp } from './test/app.js';
import { fixtureQueues, fixtureSchedules, fixtureStreams } from './test/fixtures.js';
import {
  apiMethods,
  denyWithoutTls,
  environmentOf,
  joined,
  policyStatements,
  referencedIds,
  resourcesOf,
  type Statement,
} from './test/template.js';

const logicalIdOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) => {
  const cfn = construct.node.defaultChild;
  if (!(cfn instanceof CfnElement)) throw new Error('construct without a CloudFormation resource');
  return stack.getLogicalId(cfn);
};

/** Every function of ours (the house construct), whichever construct made it. */
const ourFunctions = (stack: Stack) =>
  stack.node.findAll().filter((construct): construct is AppFunction => construct instanceof AppFunction);

/** The statements of a function's role. */
const roleStatements = (template: Template, stack: Stack, fn: AppFunction): Statement[] =>
  policyStatements(template, 'AWS::IAM::Policy', { property: 'Roles', logicalId: logicalIdOf(stack, fn.role) });

/** The properties of a function's CloudFormation resource. */
const functionProperties = (template: Template, stack: Stack, fn: AppFunction) =>
  Object.fromEntries(resourcesOf(template, 'AWS::Lambda::Function'))[logicalIdOf(stack, fn.fn)]!.Properties!;

/**
 * The secrets made by hand per stage that a function may read, by name without the stage prefix (e.g.
 * `openai-api-key`): the vendors' keys. Secrets the stack makes itself are not among them.
 */
const vendorSecretsReadBy = (template: Template, stack: Stack, fn: AppFunction) =>
  roleStatements(template, stack, fn)
    .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))
    .flatMap((statement) => [statement.Resource].flat().map(joined))
    .flatMap((arn) => /:secret:outreach\/\w+\/(.+)-\?{6}$/.exec(arn)?.[1] ?? [])
    .sort();

/**
 * The functions that call an outside service, the vendor key each reads, and the most calls one invocation makes:
 * the contacts HTTP Lambda enriches once per request, the AI Lambda and the ai-generation worker search and then
 * complete once (an e-mail), the lookup worker verifies the
 * user's own address and then each candidate pattern, for every contact of its batch (lambdas/contacts/email-lookup.ts).
 */
const vendorCallers = (stack: Stack) => {
  const api = stack.node.findChild('Api') as Api;
  const workers = stack.node.findChild('Background').node.findChild('Workers') as Workers;
  const calls: { fn: AppFunction; secret: string; calls: Partial<Record<Vendor, number>> }[] = [
    // the AI Lambda's longest request: an e-mail, a research call then a completion (a summary is one completion)
    { fn: api.functions.get('ai')!, secret: 'openai-api-key', calls: { research: 1, openaiEmail: 1 } },
    { fn: api.functions.get('ai')!, secret: 'perplexity-api-key', calls: { research: 1 } },
    {
      fn: workers.workers.get('ai-generation')!.fn,
      secret: 'openai-api-key',
      calls: { research: queues['ai-generation'].batchSize, openaiEmail: queues['ai-generation'].batchSize },
    },
    {
      fn: workers.workers.get('ai-generation')!.fn,
      secret: 'perplexity-api-key',
      calls: { research: queues['ai-generation'].batchSize },
    },
    { fn: api.functions.get('contacts')!, secret: 'peopledatalabs-api-key', calls: { enrichment: 1 } },
    // Checkout's customer then session; /success's session then its subscription; a webhook's subscription
    { fn: api.functions.get('billing')!, secret: 'stripe-secret-key', calls: { stripe: 3 } },
    { fn: api.functions.get('billing')!, secret: 'stripe-webhook-secret', calls: { stripe: 2 } },
    // an account's deletion (its route, and the queue's later pass): the customer's open Checkouts listed, its
    // subscriptions listed, the paid one cancelled (an open Checkout to expire or a second subscription is one call
    // more each: a pass that runs out of time fails and the queue's next pass resumes, every step idempotent)
    { fn: api.functions.get('account')!, secret: 'stripe-secret-key', calls: { stripe: 3 } },
    { fn: workers.workers.get('account-deletion')!.fn, secret: 'stripe-secret-key', calls: { stripe: 3 } },
    {
      fn: workers.workers.get('email-lookup')!.fn,
      secret: 'quickemailverification-api-key',
      calls: { verification: queues['email-lookup'].batchSize * (1 + emailPatterns.length) },
    },
    // reply triage: a received message the headers do not decide is labelled by one structured completion
    // (lambdas/replies/triage.ts), in each function of the replies domain that records what came in
    ...ourFunctions(stack)
      .filter((fn) => fn.service === 'replies')
      .map((fn) => ({ fn, secret: 'openai-api-key', calls: { openaiTriage: 1 } })),
    // a sequence's AI step: a research call and an e-mail's completion for each change of a batch of the sequences
    // stream (the HTTP Lambda only asks for steps)
    ...ourFunctions(stack)
      .filter((fn) => fn.service === 'sequences' && fn.node.path.startsWith('Test/Background/'))
      .flatMap((fn) => [
        {
          fn,
          secret: 'openai-api-key',
          calls: { research: streamConsumers.sequences.batchSize, openaiEmail: streamConsumers.sequences.batchSize },
        },
        { fn, secret: 'perplexity-api-key', calls: { research: streamConsumers.sequences.batchSize } },
      ]),
  ];
  return calls;
};

/** The security headers of the web's CloudFront response policy, as the tests read them (the CSP is an Fn::Join). */
type SecurityHeaders = {
  ContentSecurityPolicy: { ContentSecurityPolicy: unknown };
  StrictTransportSecurity: unknown;
  FrameOptions: unknown;
  ContentTypeOptions: unknown;
};
const securityHeadersOf = (template: Template): SecurityHeaders => {
  const policy = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1];
  if (!policy?.Properties) throw new Error('the template has no CloudFront response headers policy');
  const config = policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: SecurityHeaders };
  return config.SecurityHeadersConfig;
};

/** Synthesizing the stack takes seconds (more on a busy machine): hooks that do it get the tests' own timeout. */
const synthTimeout = 120_000;

const synth = synthStackInFile();

describe('the dev stack', () => {
  let dev: TestApp;
  let template: Template;
  beforeAll(() => {
    dev = synth();
    template = dev.template;
  }, synthTimeout);

  it('has no dependency cycle although the API, uploads and auth trust the web origin built after them', () => {
    // Template.fromStack refuses a template with a cycle, as CloudFormation would at deploy time
    expect(() => Template.fromStack(dev.stack)).not.toThrow();
  });

  describe('API', () => {
    const routes = routeEntries();
    const methodOf = (method: string, path: string) => {
      const found = apiMethods(template).find(
        (candidate) => candidate.httpMethod === method && candidate.path === path,
      );
      if (!found) throw new Error(`no method ${method} ${path}`);
      return found;
    };

    it('has a method for every route of the route table, and no other', () => {
      const served = apiMethods(template)
        .filter((method) => method.httpMethod !== 'OPTIONS')
        .map((method) => `${method.httpMethod} ${method.path}`)
        .sort();
      expect(served).toEqual(routes.map((route) => route.key).sort());
    });

    it('puts the Cognito user pool authorizer on every user route', () => {
      const [authorizerId] = resourcesOf(template, 'AWS::ApiGateway::Authorizer').map(([id]) => id);
      template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
        Type: 'COGNITO_USER_POOLS',
        IdentitySource: 'method.request.header.Authorization',
      });
      for (const route of routes.filter((candidate) => candidate.auth === 'user')) {
        const method = methodOf(route.method, route.path);
        expect(method.properties.AuthorizationType, route.key).toBe('COGNITO_USER_POOLS');
        expect(method.properties.AuthorizerId, route.key).toEqual({ Ref: authorizerId });
      }
    });

    it('leaves public routes without an authorizer', () => {
      const publicRoutes = routes.filter((candidate) => candidate.auth === 'public');
      expect(publicRoutes.length).toBeGreaterThan(0);
      for (const route of publicRoutes) {
        const method = methodOf(route.method, route.path);
        expect(method.properties.AuthorizationType, route.key).toBe('NONE');
        expect(method.properties.AuthorizerId, route.key).toBeUndefined();
      }
    });

    it("integrates every route with its own domain's Lambda", () => {
      const api = dev.stack.node.findChild('Api') as Api;
      for (const route of routes) {
        const fn = api.functions.get(route.domain);
        expect(fn, route.domain).toBeDefined();
        const integration = methodOf(route.method, route.path).properties.Integration as Record<string, unknown>;
        expect(integration.Type).toBe('AWS_PROXY');
        expect(referencedIds(integration.Uri)).toContain(logicalIdOf(dev.stack, fn!.fn));
      }
    });

    it('answers CORS preflights for the web origin only', () => {
      const preflights = apiMethods(template).filter((method) => method.httpMethod === 'OPTIONS');
      const paths = new Set(routes.map((route) => route.path));
      expect(new Set(preflights.map((method) => method.path))).toEqual(paths);
      for (const preflight of preflights) {
        const integration = preflight.properties.Integration as {
          IntegrationResponses: { ResponseParameters: Record<string, unknown> }[];
        };
        const headers = integration.IntegrationResponses[0]!.ResponseParameters;
        expect(joined(headers['method.response.header.Access-Control-Allow-Origin'])).toMatch(
          /^'https:\/\/<WebDistribution\w+>'$/,
        );
      }
    });

    it("answers a missing or bad token with 401 'Authentication required' in the envelope, with CORS headers", () => {
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'UNAUTHORIZED',
        StatusCode: '401',
        ResponseTemplates: {
          'application/json': JSON.stringify({ success: false, error: messages.auth.required, code: 'unauthorized' }),
        },
        ResponseParameters: Match.objectLike({
          'gatewayresponse.header.Access-Control-Allow-Origin': Match.anyValue(),
        }),
      });
      expect(messages.auth.required).toBe('Authentication required');
    });

    it("answers the gateway's other errors in the envelope", () => {
      for (const type of ['ACCESS_DENIED', 'MISSING_AUTHENTICATION_TOKEN', 'THROTTLED', 'DEFAULT_4XX', 'DEFAULT_5XX']) {
        template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
          ResponseType: type,
          ResponseTemplates: {
            'application/json': Match.stringLikeRegexp('^\\{"success":false,"error":".+","code":".+"\\}$'),
          },
        });
      }
    });

    it('throttles the stage and writes access logs', () => {
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        StageName: 'dev',
        AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
        MethodSettings: Match.arrayWith([
          Match.objectLike({
            HttpMethod: '*',
            ResourcePath: '/*',
            ThrottlingRateLimit: Match.anyValue(),
            ThrottlingBurstLimit: Match.anyValue(),
            DataTraceEnabled: false,
          }),
        ]),
      });
    });
  });

  describe('Lambdas', () => {
    it('runs every function of ours on nodejs22.x arm64 with tracing, a log group and the handler env', () => {
      const ours = dev.stack.node
        .findAll()
        .filter((construct): construct is AppFunction => construct instanceof AppFunction);
      // one per domain of the route table, the confirmation trigger, the live channel's connection Lambda, one worker
      // per queue, one job per schedule and one consumer per stream consumer
      expect(ours).toHaveLength(
        new Set(routeEntries().map((route) => route.domain)).size +
          2 +
          queueEntries(queues).length +
          scheduleEntries(schedules).length +
          streamConsumerEntries(streamConsumers).length,
      );
      const functions = Object.fromEntries(resourcesOf(template, 'AWS::Lambda::Function'));
      for (const fn of ours) {
        const properties = functions[logicalIdOf(dev.stack, fn.fn)]!.Properties!;
        expect(properties.Runtime).toBe('nodejs22.x');
        expect(properties.Architectures).toEqual(['arm64']);
        expect(properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(referencedIds(properties.LoggingConfig)).toContain(logicalIdOf(dev.stack, fn.logGroup));
        expect(Object.keys(environmentOf(template, logicalIdOf(dev.stack, fn.fn)))).toEqual(
          expect.arrayContaining([
            'TABLE_NAME',
            'STAGE',
            'LOG_LEVEL',
            'POWERTOOLS_SERVICE_NAME',
            'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
          ]),
        );
      }
    });

    it('gives the HTTP Lambdas the web origin for CORS', () => {
      const api = dev.stack.node.findChild('Api') as Api;
      for (const fn of api.functions.values()) {
        const variables = environmentOf(template, logicalIdOf(dev.stack, fn.fn));
        expect(joined(variables.CORS_ORIGIN)).toMatch(/^https:\/\/<WebDistribution\w+>$/);
      }
    });

    it('grants table access without wildcards: the table and its named indexes only', () => {
      const tableId = resourcesOf(template, 'AWS::DynamoDB::Table')[0]![0];
      const tableStatements = policyStatements(template).filter((statement) =>
        referencedIds(statement.Resource).includes(tableId),
      );
      expect(tableStatements.length).toBeGreaterThan(0);
      for (const statement of tableStatements) {
        const actions = [statement.Action].flat();
        expect(actions.every((action) => action.startsWith('dynamodb:') && !action.includes('*'))).toBe(true);
        expect(actions).not.toContain('dynamodb:Scan');
        const resources = [statement.Resource].flat().map(joined);
        expect(resources.some((resource) => resource.includes('*'))).toBe(false);
      }
    });

    const domainFunction = (domain: 'ai' | 'account' | 'documents' | 'contacts' | 'drafts') => {
      const fn = (dev.stack.node.findChild('Api') as Api).functions.get(domain)!;
      const statements = policyStatements(template, 'AWS::IAM::Policy', {
        property: 'Roles',
        logicalId: logicalIdOf(dev.stack, fn.role),
      });
      const properties = Object.fromEntries(resourcesOf(template, 'AWS::Lambda::Function'))[
        logicalIdOf(dev.stack, fn.fn)
      ]!.Properties!;
      return { statements, properties, variables: environmentOf(template, logicalIdOf(dev.stack, fn.fn)) };
    };

    it("gives the AI Lambda the OpenAI and research keys' secrets by name, never their values, with the extension that reads them", () => {
      const { statements, properties, variables } = domainFunction('ai');
      expect(variables).toMatchObject({
        OPENAI_API_KEY_SECRET: 'outreach/dev/openai-api-key',
        PERPLEXITY_API_KEY_SECRET: 'outreach/dev/perplexity-api-key',
        OPENAI_MODEL: 'gpt-4o-mini',
      });
      expect(variables).not.toHaveProperty('OPENAI_API_KEY');
      expect(variables).not.toHaveProperty('PERPLEXITY_API_KEY');
      const secretsRead = statements
        .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))
        .flatMap((statement) => [statement.Resource].flat().map(joined));
      expect(secretsRead).toEqual([
        expect.stringMatching(/:secret:outreach\/dev\/openai-api-key-\?{6}$/),
        expect.stringMatching(/:secret:outreach\/dev\/perplexity-api-key-\?{6}$/),
      ]);
      expect(properties.Layers).toHaveLength(1);
      expect(properties.Timeout).toBeLessThan(29);
    });

    it('lets the contacts Lambda send to the email-lookup queue it finds by URL, and read the enrichment key by name', () => {
      const { statements, variables } = domainFunction('contacts');
      const [queueId] = resourcesOf(template, 'AWS::SQS::Queue').find(([id]) => /emaillookupQueue/i.test(id)) ?? [];
      expect(referencedIds(variables.QUEUE_URL_EMAIL_LOOKUP)).toEqual([queueId]);
      const send = statements.find((statement) => [statement.Action].flat().includes('sqs:SendMessage'));
      expect(referencedIds(send?.Resource)).toEqual([queueId]);
      expect(variables).toMatchObject({ ENRICHMENT_API_KEY_SECRET: 'outreach/dev/peopledatalabs-api-key' });
      expect(variables).not.toHaveProperty('ENRICHMENT_API_KEY');
    });

    it('gives the contacts and drafts HTTP Lambdas, and no other function, the generated cursor signing key by its name', () => {
      const [secretId, secret] =
        resourcesOf(template, 'AWS::SecretsManager::Secret').find(([id]) => /CursorSigningKey/.test(id)) ?? [];
      expect(secret?.Properties).toMatchObject({
        Name: 'outreach/dev/cursor-signing-key',
        GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
      });
      const api = dev.stack.node.findChild('Api') as Api;
      const sealers = [api.functions.get('contacts')!, api.functions.get('drafts')!];
      for (const fn of ourFunctions(dev.stack)) {
        const reads = roleStatements(template, dev.stack, fn).some(
          (statement) =>
            [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
            referencedIds(statement.Resource).includes(secretId!),
        );
        expect(reads, fn.node.path).toBe(sealers.includes(fn));
      }
      for (const domain of ['contacts', 'drafts'] as const) {
        const { variables } = domainFunction(domain);
        expect(new Set(referencedIds(variables.CURSOR_SIGNING_KEY_SECRET))).toEqual(new Set([secretId]));
        expect(variables).not.toHaveProperty('CURSOR_SIGNING_KEY');
      }
    });

    it("gives the profiles and account functions (the sign-up's and the deletion's), and no other, the generated address hash key by its name", () => {
      const [secretId, secret] =
        resourcesOf(template, 'AWS::SecretsManager::Secret').find(([id]) => /AddressHashKey/.test(id)) ?? [];
      expect(secret?.Properties).toMatchObject({
        Name: 'outreach/dev/address-hash-key',
        GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
      });
      const readers = ourFunctions(dev.stack).filter((fn) => fn.service === 'profiles' || fn.service === 'account');
      // the HTTP Lambdas, the PostConfirmation trigger and the account-deletion worker
      expect(readers.length).toBeGreaterThanOrEqual(4);
      for (const fn of ourFunctions(dev.stack)) {
        const reads = roleStatements(template, dev.stack, fn).some(
          (statement) =>
            [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
            referencedIds(statement.Resource).includes(secretId!),
        );
        expect(reads, fn.node.path).toBe(readers.includes(fn));
        if (!reads) continue;
        const variables = environmentOf(template, logicalIdOf(dev.stack, fn.fn));
        expect(new Set(referencedIds(variables.ADDRESS_HASH_KEY_SECRET))).toEqual(new Set([secretId]));
        expect(variables).not.toHaveProperty('ADDRESS_HASH_KEY');
      }
    });

    it("lets the account Lambda list keys and versions under users/ only, delete them, and delete users of the product's pool", () => {
      const { statements, variables } = domainFunction('account');
      const [poolId] = resourcesOf(template, 'AWS::Cognito::UserPool').map(([id]) => id);
      expect(statements).toContainEqual(
        expect.objectContaining({
          Action: ['s3:ListBucket', 's3:ListBucketVersions'],
          Condition: { StringLike: { 's3:prefix': ['users/*'] } },
        }),
      );
      const objects = statements.find((statement) => [statement.Action].flat().includes('s3:DeleteObjectVersion'));
      expect(joined(objects?.Resource)).toMatch(/^<DataUploads\w+>\/users\/\*\/\*$/);
      const deleteUser = statements.find((statement) => statement.Action === 'cognito-idp:AdminDeleteUser');
      expect(referencedIds(deleteUser?.Resource)).toEqual([poolId]);
      expect(variables.USER_POOL_ID).toEqual({ Ref: poolId });
      expect(statements.flatMap((statement) => [statement.Action].flat())).not.toContain('cognito-idp:*');
    });

    it('lets the documents Lambda read, write and delete objects of the uploads bucket, and knows its name', () => {
      const { statements, variables } = domainFunction('documents');
      const uploadsId = logicalIdOf(dev.stack, (dev.stack.node.findChild('Data') as Data).uploads);
      const s3Statements = statements.filter((statement) =>
        [statement.Action].flat().some((action: string) => action.startsWith('s3:')),
      );
      expect(s3Statements).toHaveLength(1);
      expect([s3Statements[0]!.Action].flat().sort()).toEqual([
        's3:DeleteObject',
        's3:GetObject',
        's3:PutObject',
        's3:PutObjectTagging',
      ]);
      expect(referencedIds(s3Statements[0]!.Resource)).toEqual([uploadsId]);
      expect(joined(s3Statements[0]!.Resource)).toMatch(/\/\*$/);
      expect(variables.BUCKET_NAME).toEqual({ Ref: uploadsId });
    });

    it('lets each function read only the keys of the vendors it calls', () => {
      const callers = vendorCallers(dev.stack);
      for (const fn of ourFunctions(dev.stack)) {
        const own = callers.filter((caller) => caller.fn === fn).map((caller) => caller.secret);
        expect(vendorSecretsReadBy(template, dev.stack, fn), fn.node.path).toEqual(own);
      }
      // and the variable naming it, never the key
      const lookup = (dev.stack.node.findChild('Background').node.findChild('Workers') as Workers).workers.get(
        'email-lookup',
      )!.fn;
      expect(environmentOf(template, logicalIdOf(dev.stack, lookup.fn))).toMatchObject({
        VERIFICATION_API_KEY_SECRET: 'outreach/dev/quickemailverification-api-key',
      });
      const contacts = domainFunction('contacts').variables;
      expect(contacts).not.toHaveProperty('VERIFICATION_API_KEY_SECRET');
    });

    it("grants the uploads bucket's objects under users/<sub>/ only, and lists under users/ only", () => {
      const uploadsId = logicalIdOf(dev.stack, (dev.stack.node.findChild('Data') as Data).uploads);
      const statements = policyStatements(template).filter((statement) =>
        referencedIds(statement.Resource).includes(uploadsId),
      );
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const actions = [statement.Action].flat();
        if (actions.every((action) => action.startsWith('s3:List'))) {
          expect(statement.Condition).toEqual({ StringLike: { 's3:prefix': ['users/*'] } });
        } else {
          expect([statement.Resource].flat().map(joined)).toEqual([
            expect.stringMatching(/^<DataUploads\w+>\/users\/\*\/\*$/),
          ]);
        }
      }
    });

    it('lets the health Lambda describe the table and nothing else of the data', () => {
      const health = (dev.stack.node.findChild('Api') as Api).functions.get('health')!;
      const tableId = resourcesOf(template, 'AWS::DynamoDB::Table')[0]![0];
      const dataStatements = roleStatements(template, dev.stack, health).filter((statement) =>
        [statement.Action].flat().some((action) => !/^(logs|xray):/.test(action)),
      );
      expect(dataStatements).toEqual([
        expect.objectContaining({ Action: 'dynamodb:DescribeTable', Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } }),
      ]);
    });

    it("gives every HTTP Lambda the web's own origin for CORS, and nothing in the stack allows any origin", () => {
      const origin = /^https:\/\/<WebDistribution\w+>$/;
      for (const fn of (dev.stack.node.findChild('Api') as Api).functions.values()) {
        expect(joined(environmentOf(template, logicalIdOf(dev.stack, fn.fn)).CORS_ORIGIN), fn.node.path).toMatch(
          origin,
        );
      }
      for (const [id, response] of resourcesOf(template, 'AWS::ApiGateway::GatewayResponse')) {
        const headers = response.Properties!.ResponseParameters as Record<string, unknown>;
        expect(joined(headers['gatewayresponse.header.Access-Control-Allow-Origin']), id).toMatch(
          /^'https:\/\/<WebDistribution\w+>'$/,
        );
      }
      const uploads = (dev.stack.node.findChild('Data') as Data).uploads;
      const rules = (
        Object.fromEntries(resourcesOf(template, 'AWS::S3::Bucket'))[logicalIdOf(dev.stack, uploads)]!.Properties!
          .CorsConfiguration as { CorsRules: { AllowedOrigins: unknown[] }[] }
      ).CorsRules;
      expect(rules.flatMap((rule) => rule.AllowedOrigins.map(joined))).toEqual([expect.stringMatching(origin)]);
      expect(JSON.stringify(template.toJSON())).not.toMatch(
        /Allow-Origin":"'\*'|AllowedOrigins":\["\*"|"CORS_ORIGIN":"\*"/,
      );
    });

    it('wires the PostConfirmation trigger to the profiles confirmation Lambda', () => {
      const trigger = dev.stack.node.findChild('PostConfirmation') as AppFunction;
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [logicalIdOf(dev.stack, trigger.fn), 'Arn'] } },
      });
    });
  });

  describe('data', () => {
    it('derives the table from lambdas/data/table.ts, encrypted, with PITR and TTL, on demand', () => {
      const indexes = Object.entries(tableDefinition.indexes);
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: indexes.map(([IndexName, index]) => ({
          IndexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        AttributeDefinitions: Match.arrayWith([{ AttributeName: tableDefinition.partitionKey, AttributeType: 'S' }]),
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
        DeletionProtectionEnabled: false,
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      });
    });

    it('encrypts every bucket, blocks public access and refuses plain HTTP', () => {
      const buckets = resourcesOf(template, 'AWS::S3::Bucket');
      expect(buckets.length).toBe(3);
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties!.BucketEncryption, id).toBeDefined();
        expect(bucket.Properties!.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const statements = policyStatements(template, 'AWS::S3::BucketPolicy', { property: 'Bucket', logicalId: id });
        expect(statements, id).toContainEqual(expect.objectContaining(denyWithoutTls));
      }
    });

    it('versions the uploads bucket, expires old versions and lets the web origin POST to it', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        VersioningConfiguration: { Status: 'Enabled' },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: Match.anyValue() })]),
        },
        CorsConfiguration: {
          CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: [Match.anyValue()] })],
        },
      });
    });

    it('expires account export documents, found by their tag, and their old versions a day later', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({
              TagFilters: Object.entries(exportTags).map(([Key, Value]) => ({ Key, Value })),
              ExpirationInDays: 1,
              NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            }),
          ]),
        },
      });
    });

    it('keeps a KMS key with rotation for secrets', () => {
      template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    });

    it('lets the functions that use mailboxes or Zoom, and no other, make and open data keys of that key: sign-ins and tokens for the mailboxes domain, tokens only for sending (drafts) and reply checks (replies), Zoom sign-ins and tokens and mailbox tokens for meetings, Zoom tokens for the account deletion, both tokens for the token-refresh job', () => {
      const keyId = logicalIdOf(dev.stack, (dev.stack.node.findChild('Data') as Data).secretsKey);
      const purposesOf: Partial<Record<string, string[]>> = {
        mailboxes: [sealedPurposes.mailboxTokens, sealedPurposes.verifier],
        drafts: [sealedPurposes.mailboxTokens],
        replies: [sealedPurposes.mailboxTokens],
        meetings: [sealedPurposes.mailboxTokens, sealedPurposes.zoomTokens, sealedPurposes.verifier],
        account: [sealedPurposes.mailboxTokens, sealedPurposes.zoomTokens],
      };
      // the one renewal job of every provider's connections (lambdas/connections), no sign-in's verifier
      const tokenRefreshJob = 'Test/Background/Schedules/token-refresh/Job';
      const jobPurposes = [sealedPurposes.mailboxTokens, sealedPurposes.zoomTokens];
      const mailboxFunctions = ourFunctions(dev.stack).filter((fn) => fn.service === 'mailboxes');
      expect(mailboxFunctions.map((fn) => fn.node.path).sort()).toEqual([
        'Test/Background/Schedules/token-refresh/Job',
        'Test/Http/Mailboxes',
      ]);
      expect(
        ourFunctions(dev.stack)
          .filter((fn) => fn.service === 'drafts' || fn.service === 'replies')
          .map((fn) => fn.node.path)
          .sort(),
      ).toEqual([
        'Test/Background/Schedules/due-sends/Job',
        'Test/Background/Schedules/reply-check/Job',
        'Test/Background/Workers/reply-check/Worker',
        'Test/Background/Workers/send/Worker',
        'Test/Http/Drafts',
        'Test/Http/Replies',
      ]);
      for (const fn of ourFunctions(dev.stack)) {
        const kms = roleStatements(template, dev.stack, fn).filter((statement) =>
          [statement.Action].flat().some((action) => action.startsWith('kms:')),
        );
        const purposes = fn.node.path === tokenRefreshJob ? jobPurposes : purposesOf[fn.service];
        if (!purposes) {
          expect(kms, fn.node.path).toEqual([]);
          continue;
        }
        expect(kms, fn.node.path).toEqual([
          {
            Effect: 'Allow',
            Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
            Resource: { 'Fn::GetAtt': [keyId, 'Arn'] },
            Condition: {
              StringEquals: { 'kms:EncryptionContext:purpose': purposes },
            },
          },
        ]);
        expect(environmentOf(template, logicalIdOf(dev.stack, fn.fn)).TOKEN_KMS_KEY_ID).toEqual({
          'Fn::GetAtt': [keyId, 'Arn'],
        });
      }
    });
  });

  describe('auth', () => {
    it('signs in with e-mail, verifies it, and requires a strong password', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
        MfaConfiguration: 'OPTIONAL',
      });
    });

    it('gives the web a client without a secret that signs in with SRP only (USER_PASSWORD_AUTH is local), OAuth off', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        SupportedIdentityProviders: ['COGNITO'],
        AllowedOAuthFlowsUserPoolClient: false,
      });
      template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
      template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    });
  });

  describe('web', () => {
    it('serves a private bucket through CloudFront with origin access control, HTTPS only, app routes by a function', () => {
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: [
            Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: { OriginAccessIdentity: '' } }),
          ],
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
          }),
          // a missing file is a 404, never the app's page with 200 (robots.txt, sitemap.xml: infra/constructs/web.test.ts)
          CustomErrorResponses: [
            { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
            { ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          ],
          Logging: Match.anyValue(),
        }),
      });
    });

    it('sends a strict CSP that allows the API, Cognito, the uploads bucket and https images', () => {
      const security = securityHeadersOf(template);
      const csp = joined(security.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp).toContain("default-src 'self'");
      // no Reddit pixel configured on this stage: no script but ours
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/<ApiRestApi\w+>\.execute-api\./);
      expect(csp).toContain('https://cognito-idp.');
      expect(csp).toContain('https://outreach-dev-uploads-');
      expect(security.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true });
      expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
      expect(security.ContentTypeOptions).toMatchObject({ Override: true });
    });

    it('deploys config.json with the fields of shared/web-config.ts', () => {
      const web = dev.stack.node.findChild('Web') as Web;
      const config = dev.stack.resolve(web.webConfig) as Record<string, unknown>;
      const fields = Object.keys(webConfigSchema.shape);
      expect(Object.keys(config).every((key) => fields.includes(key))).toBe(true);
      expect(config).toMatchObject({
        stage: 'dev',
        authFlowType: 'USER_SRP_AUTH',
        identityProviders: [],
        providers: {},
      });
      expect(joined(config.apiUrl)).toMatch(
        /^https:\/\/<ApiRestApi\w+>\.execute-api\..+\/<ApiRestApiDeploymentStage\w+>$/,
      );
      template.hasResourceProperties('Custom::CDKBucketDeployment', {
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      });
    });

    it('outputs the web URL, API URL, user pool and client ids', () => {
      for (const output of ['WebUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId']) template.hasOutput(output, {});
      expect(template.findOutputs('HostedUiDomain')).toEqual({});
    });
  });

  describe('time budgets', () => {
    it('runs every function that calls an outside service longer than the worst case of its calls, retries included', () => {
      for (const caller of vendorCallers(dev.stack)) {
        const timeoutSeconds = functionProperties(template, dev.stack, caller.fn).Timeout as number;
        expect(timeoutSeconds * 1000, caller.fn.node.path).toBeGreaterThan(vendorBudgetMs(caller.calls));
      }
    });

    it('runs the mailboxes Lambda past a sign-in (two calls) and the token-refresh job past one renewal of any provider', () => {
      // the OAuth callback: the code for tokens, then the mailbox's address (lambdas/mailboxes/service.ts)
      const mailboxes = (dev.stack.node.findChild('Api') as Api).functions.get('mailboxes')!;
      expect(
        (functionProperties(template, dev.stack, mailboxes) as { Timeout: number }).Timeout * 1000,
      ).toBeGreaterThan(vendorBudgetMs({ mailAuth: 2 }));
      // a run starts no renewal it could not finish (lambdas/connections/renewal.ts), so one of each must fit
      const job = dev.stack.node
        .findChild('Background')
        .node.findChild('Schedules')
        .node.findChild('token-refresh')
        .node.findChild('Job') as AppFunction;
      const jobTimeoutMs = (functionProperties(template, dev.stack, job) as { Timeout: number }).Timeout * 1000;
      expect(jobTimeoutMs).toBeGreaterThan(renewalWorstCaseMs.mail);
      expect(jobTimeoutMs).toBeGreaterThan(renewalWorstCaseMs.zoom);
    });

    it("runs the meetings Lambda past Zoom's code exchange (three calls)", () => {
      // the exchange: the code for tokens, users/me, the revocation of the grant it replaces
      const meetings = (dev.stack.node.findChild('Api') as Api).functions.get('meetings')!;
      expect((functionProperties(template, dev.stack, meetings) as { Timeout: number }).Timeout * 1000).toBeGreaterThan(
        vendorBudgetMs({ zoom: 3 }),
      );
    });

    it("keeps the HTTP Lambdas under API Gateway's 29 s", () => {
      for (const fn of (dev.stack.node.findChild('Api') as Api).functions.values()) {
        expect(functionProperties(template, dev.stack, fn).Timeout as number, fn.node.path).toBeLessThan(29);
      }
    });
  });

  describe('alarms', () => {
    const topicId = () => logicalIdOf(dev.stack, (dev.stack.node.findChild('Monitoring') as Monitoring).topic);
    const alarms = () => resourcesOf(template, 'AWS::CloudWatch::Alarm');

    it('tells one encrypted, TLS-only SNS topic of every alarm', () => {
      expect(resourcesOf(template, 'AWS::SNS::Topic').map(([id]) => id)).toEqual([topicId()]);
      template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      const statements = policyStatements(template, 'AWS::SNS::TopicPolicy', {
        property: 'Topics',
        logicalId: topicId(),
      });
      expect(statements).toContainEqual(expect.objectContaining(denyWithoutTls));
      expect(alarms().length).toBeGreaterThan(0);
      for (const [id, alarm] of alarms())
        expect(referencedIds(alarm.Properties!.AlarmActions), id).toEqual([topicId()]);
      template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId() } });
    });

    it("alarms on every function's errors and throttles", () => {
      for (const fn of ourFunctions(dev.stack)) {
        for (const metric of ['Errors', 'Throttles']) {
          const found = alarms().filter(
            ([, alarm]) =>
              alarm.Properties!.Namespace === 'AWS/Lambda' &&
              alarm.Properties!.MetricName === metric &&
              referencedIds(alarm.Properties!.Dimensions).includes(logicalIdOf(dev.stack, fn.fn)),
          );
          expect(found, `${fn.node.path} ${metric}`).toHaveLength(1);
          expect(found[0]![1].Properties).toMatchObject({ Threshold: 1, Statistic: 'Sum' });
        }
      }
    });

    it("alarms on the API's 5xx answers", () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/ApiGateway',
        MetricName: '5XXError',
        Statistic: 'Sum',
        Threshold: 1,
        Dimensions: Match.arrayWith([Match.objectLike({ Name: 'ApiName' }), Match.objectLike({ Name: 'Stage' })]),
      });
    });

    it(
      'mails nobody without an address, and the address given with -c alarmEmail',
      () => {
        template.resourceCountIs('AWS::SNS::Subscription', 0);
        const mailed = synth({ alarmEmail: 'ops@example.com' });
        const topic = logicalIdOf(mailed.stack, (mailed.stack.node.findChild('Monitoring') as Monitoring).topic);
        mailed.template.hasResourceProperties('AWS::SNS::Subscription', {
          Protocol: 'email',
          Endpoint: 'ops@example.com',
          TopicArn: { Ref: topic },
        });
        expect(() => synth({ alarmEmail: 'not-an-address' })).toThrow('alarmEmail');
      },
      synthTimeout,
    );
  });

  describe('background work from the real tables', () => {
    it('makes one queue with a dead-letter queue per entry of shared/queues.ts', () => {
      expectWorkers(template, queues, dev.stack);
      // and a dead-letter queue per stream consumer
      expect(resourcesOf(template, 'AWS::SQS::Queue')).toHaveLength(
        queueEntries().length * 2 + streamConsumerEntries().length,
      );
    });

    it("maps the table's stream to each consumer of shared/streams.ts, the dashboard's publishing on the live channel", () => {
      expectStreams(template, streamConsumers, dev.stack);
      const stats = (dev.stack.node.findChild('Background').node.findChild('Streams') as Streams).consumers.get(
        'stats',
      );
      expect(stats?.fn.service).toBe('dashboard');
      const env = environmentOf(template, logicalIdOf(dev.stack, stats!.fn.fn));
      expect(joined(env.LIVE_ENDPOINT)).toMatch(/^https:\/\/<LiveApi\w+>\.execute-api\..+\/dev$/);
      expect(env.TABLE_NAME).toBeDefined();
    });

    it("keeps each stack under CloudFormation's 500 resources", () => {
      const stacks = [dev.stack, ...dev.stack.node.findAll().filter((each) => NestedStack.isNestedStack(each))];
      for (const each of stacks as Stack[]) {
        const count = Object.keys(Template.fromStack(each).toJSON().Resources ?? {}).length;
        expect(count, each.node.path || 'top').toBeLessThan(500);
      }
    });

    it('makes one rule per entry of shared/schedules.ts', () => {
      expect(resourcesOf(template, 'AWS::Events::Rule')).toHaveLength(scheduleEntries(schedules).length);
    });
  });
});

/**
 * Every queue of the table: a DLQ after maxReceiveCount, SSE, TLS only, visibility >= 6x, partial failures, a maximum
 * concurrency, an alarm told to the alarm topic.
 */
const expectWorkers = (template: Template, table: Record<string, QueueSpec>, stack: Stack) => {
  const queuesById = Object.fromEntries(resourcesOf(template, 'AWS::SQS::Queue'));
  const functions = Object.fromEntries(resourcesOf(template, 'AWS::Lambda::Function'));
  const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping');
  const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
  const workers = stack.node.tryFindChild('Background')?.node.tryFindChild('Workers');

  for (const spec of queueEntries(table)) {
    const scope = workers?.node.findChild(spec.name);
    expect(scope, spec.name).toBeDefined();
    const queueId = logicalIdOf(stack, scope!.node.findChild('Queue'));
    const queue = queuesById[queueId]!.Properties!;
    const redrive = queue.RedrivePolicy as { deadLetterTargetArn: unknown; maxReceiveCount: number };
    expect(redrive.maxReceiveCount).toBe(spec.maxReceiveCount);
    const [dlqId] = referencedIds(redrive.deadLetterTargetArn);
    expect(queuesById[dlqId!]!.Properties!.SqsManagedSseEnabled).toBe(true);
    expect(queue.SqsManagedSseEnabled).toBe(true);

    for (const id of [queueId, dlqId!]) {
      const statements = policyStatements(template, 'AWS::SQS::QueuePolicy', { property: 'Queues', logicalId: id });
      expect(statements, `${spec.name} TLS only`).toContainEqual(expect.objectContaining(denyWithoutTls));
    }

    const [, mapping] = mappings.find(([, candidate]) =>
      referencedIds(candidate.Properties!.EventSourceArn).includes(queueId),
    )!;
    expect(mapping.Properties).toMatchObject({
      BatchSize: spec.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: spec.maxConcurrency ?? defaultMaxConcurrency },
    });
    const [workerId] = referencedIds(mapping.Properties!.FunctionName);
    const timeout = functions[workerId!]!.Properties!.Timeout as number;
    expect(timeout).toBe(spec.workerTimeoutSeconds);
    expect(queue.VisibilityTimeout).toBe(visibilityTimeoutSeconds(spec));
    expect(queue.VisibilityTimeout as number).toBeGreaterThanOrEqual(6 * timeout);
    expect(functions[workerId!]!.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });

    const alarm = alarms.find(([, candidate]) => referencedIds(candidate.Properties!.Dimensions).includes(dlqId!));
    expect(alarm?.[1].Properties, `${spec.name} alarm`).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const topic = (stack.node.findChild('Monitoring') as Monitoring).topic;
    expect(referencedIds(alarm?.[1].Properties?.AlarmActions), `${spec.name} alarm action`).toEqual([
      logicalIdOf(stack, topic),
    ]);
  }
};

/**
 * Every stream consumer of the table: a function mapped to the table's stream from its start with the consumer's
 * entity filter (new or old image), batch size, bisection, partial failures, retries and maximum record age; given-up
 * records' positions to an encrypted, TLS-only DLQ with an alarm, and an iterator-age alarm, both told to the topic;
 * the stream's reads granted on the table's stream only.
 */
const expectStreams = (template: Template, table: Record<string, StreamConsumerSpec>, stack: Stack) => {
  const queuesById = Object.fromEntries(resourcesOf(template, 'AWS::SQS::Queue'));
  const functions = Object.fromEntries(resourcesOf(template, 'AWS::Lambda::Function'));
  const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping');
  const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
  const streams = stack.node.findChild('Background').node.findChild('Streams') as Streams;
  const tableId = logicalIdOf(stack, (stack.node.findChild('Data') as Data).table);
  const topicId = logicalIdOf(stack, (stack.node.findChild('Monitoring') as Monitoring).topic);
  expect([...streams.consumers.keys()]).toEqual(Object.keys(table));

  for (const spec of streamConsumerEntries(table)) {
    const consumer = streams.consumers.get(spec.name)!;
    const fnId = logicalIdOf(stack, consumer.fn.fn);
    const found = mappings.filter(([, candidate]) => referencedIds(candidate.Properties!.FunctionName).includes(fnId));
    expect(found, spec.name).toHaveLength(1);
    const mapping = found[0]![1].Properties!;
    expect(mapping.EventSourceArn).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: spec.batchSize,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: spec.maxRetryAttempts,
      MaximumRecordAgeInSeconds: streamMaxRecordAge.toSeconds(),
    });
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual([
      { dynamodb: { NewImage: { entity: { S: [...spec.entities] } } } },
      { dynamodb: { OldImage: { entity: { S: [...spec.entities] } } } },
    ]);
    expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual(streamFilterPatterns(spec));

    const destination = (mapping.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination;
    const [dlqId] = referencedIds(destination);
    expect(dlqId).toBe(logicalIdOf(stack, consumer.deadLetters));
    expect(queuesById[dlqId!]!.Properties!.SqsManagedSseEnabled).toBe(true);
    const statements = policyStatements(template, 'AWS::SQS::QueuePolicy', { property: 'Queues', logicalId: dlqId! });
    expect(statements, `${spec.name} TLS only`).toContainEqual(expect.objectContaining(denyWithoutTls));

    const dlqAlarm = alarms.find(([, candidate]) => referencedIds(candidate.Properties!.Dimensions).includes(dlqId!));
    expect(dlqAlarm?.[1].Properties, `${spec.name} DLQ alarm`).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const ageAlarm = alarms.find(
      ([, candidate]) =>
        candidate.Properties!.MetricName === 'IteratorAge' &&
        referencedIds(candidate.Properties!.Dimensions).includes(fnId),
    );
    expect(ageAlarm?.[1].Properties, `${spec.name} iterator age alarm`).toMatchObject({
      Namespace: 'AWS/Lambda',
      Threshold: streamIteratorAgeAlarm.toMilliseconds(),
    });
    for (const alarm of [dlqAlarm, ageAlarm])
      expect(referencedIds(alarm?.[1].Properties?.AlarmActions)).toEqual([topicId]);

    expect(functions[fnId]!.Properties).toMatchObject({
      Timeout: spec.workerTimeoutSeconds,
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
    });
    const roleStatementsOf = roleStatements(template, stack, consumer.fn);
    const streamRead = roleStatementsOf.find((statement) => [statement.Action].flat().includes('dynamodb:GetRecords'));
    expect(streamRead?.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    const sends = roleStatementsOf.filter((statement) => [statement.Action].flat().includes('sqs:SendMessage'));
    // its DLQ, and the queues its domain's bindings send to (shared/bindings.ts), nothing else
    const workers = stack.node.findChild('Background').node.findChild('Workers') as Workers;
    const bound = (functionBindings(spec.domain, spec.handler).sends ?? []).map((name) =>
      logicalIdOf(stack, workers.workers.get(name)!.queue),
    );
    expect(sends.flatMap((statement) => referencedIds(statement.Resource)).sort()).toEqual([dlqId!, ...bound].sort());
  }
};

describe('a durable stage', () => {
  let template: Template;
  beforeAll(() => {
    template = synth({ stage: 'prod' }).template;
  }, synthTimeout);

  it('protects and retains the table', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      }),
    });
  });

  it('retains the user pool and the uploads bucket', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE', UserPoolTier: 'PLUS' }),
    });
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ VersioningConfiguration: { Status: 'Enabled' } }),
    });
  });
});

describe('federated sign-in', () => {
  let subject: TestApp;
  beforeAll(() => {
    subject = synth({
      googleClientId: 'google-client',
      microsoftClientId: 'microsoft-client',
      microsoftTenantId: 'tenant-1',
      gmailPubsubTopic: 'projects/p/topics/gmail',
      gmailPushServiceAccount: 'push@p.iam.gserviceaccount.com',
    });
  }, synthTimeout);

  it('tells the reply-check functions, and no other, where the providers push: the Gmail topic, its audience and service account, and the Outlook notification URL on this API', () => {
    const { template, stack } = subject;
    const joined = (value: unknown) => JSON.stringify(value);
    for (const fn of ourFunctions(stack)) {
      const env = environmentOf(template, logicalIdOf(stack, fn.fn));
      if (fn.service !== 'replies') {
        for (const name of ['GMAIL_PUBSUB_TOPIC', 'GMAIL_PUSH_AUDIENCE', 'OUTLOOK_NOTIFICATION_URL'])
          expect(env, fn.node.path).not.toHaveProperty(name);
        continue;
      }
      expect(env.GMAIL_PUBSUB_TOPIC, fn.node.path).toBe('projects/p/topics/gmail');
      expect(env.GMAIL_PUSH_SERVICE_ACCOUNT, fn.node.path).toBe('push@p.iam.gserviceaccount.com');
      expect(joined(env.GMAIL_PUSH_AUDIENCE), fn.node.path).toMatch(/ApiRestApi\w*.*\/dev\/api\/webhooks\/gmail/);
      expect(joined(env.OUTLOOK_NOTIFICATION_URL), fn.node.path).toMatch(
        /ApiRestApi\w*.*\/dev\/api\/webhooks\/outlook/,
      );
    }
  });

  it('adds Google and Microsoft (OIDC) with secrets from Secrets Manager, and a hosted-UI domain', () => {
    const { template } = subject;
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: 'google-client',
        client_secret: '{{resolve:secretsmanager:outreach/dev/google-client-secret:SecretString:::}}',
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Microsoft',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: 'microsoft-client',
        client_secret: '{{resolve:secretsmanager:outreach/dev/microsoft-client-secret:SecretString:::}}',
        oidc_issuer: 'https://login.microsoftonline.com/tenant-1/v2.0',
      }),
    });
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    const providerIds = resourcesOf(template, 'AWS::Cognito::UserPoolIdentityProvider').map(([id]) => id);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', ...providerIds.map((id) => ({ Ref: id }))],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email', 'profile']),
    });
    template.hasOutput('HostedUiDomain', {});
  });

  it("gives the functions that use mailboxes (mailboxes, sending, reply checks, invitations, an account's deletion), and no other, the OAuth client ids and their secrets by name", () => {
    const { template, stack } = subject;
    for (const fn of ourFunctions(stack)) {
      const env = environmentOf(template, logicalIdOf(stack, fn.fn));
      // an account's deletion also reads Stripe's key, reply checks OpenAI's (the vendor tests say which functions do)
      const secrets = vendorSecretsReadBy(template, stack, fn).filter(
        (name) => !name.startsWith('stripe-') && name !== 'openai-api-key',
      );
      if (!['mailboxes', 'drafts', 'replies', 'meetings', 'account'].includes(fn.service)) {
        expect(env, fn.node.path).not.toHaveProperty('GOOGLE_OAUTH_CLIENT_ID');
        expect(secrets, fn.node.path).not.toContain('google-client-secret');
        continue;
      }
      expect(env, fn.node.path).toMatchObject({
        GOOGLE_OAUTH_CLIENT_ID: 'google-client',
        GOOGLE_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/google-client-secret',
        MICROSOFT_OAUTH_CLIENT_ID: 'microsoft-client',
        MICROSOFT_TENANT: 'tenant-1',
        MICROSOFT_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/microsoft-client-secret',
      });
      expect(secrets, fn.node.path).toEqual(['google-client-secret', 'microsoft-client-secret']);
    }
  });

  it("marks a Microsoft address verified only when Microsoft says its domain's owner verified it (xms_edov)", () => {
    subject.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Microsoft',
      AttributeMapping: Match.objectLike({ email: 'email', email_verified: 'xms_edov' }),
    });
    // Google's own claim says whether Google verified the address
    subject.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      AttributeMapping: Match.objectLike({ email: 'email', email_verified: 'email_verified' }),
    });
  });

  it("keeps a Google sign-in's picture (SPEC §3 photoURL) on the user's claims", () => {
    subject.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      AttributeMapping: Match.objectLike({ picture: 'picture' }),
    });
  });

  it('tells the web which providers and which hosted-UI domain to use', () => {
    const auth = subject.stack.node.findChild('Auth') as Auth;
    const web = subject.stack.node.findChild('Web') as Web;
    expect(web.webConfig.identityProviders).toEqual(['Google', 'Microsoft']);
    expect(web.webConfig.oauthDomain).toBe(auth.hostedUiDomain);
    const csp = joined(securityHeadersOf(subject.template).ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toMatch(/https:\/\/outreach-dev-<AWS::AccountId>\.auth\./);
  });
});

describe('Zoom', () => {
  let subject: TestApp;
  beforeAll(() => {
    subject = synth({ zoomClientId: 'zoom-client' });
  }, synthTimeout);

  it("gives the meetings and account functions and the token-refresh job, and no other, Zoom's client id and its secret by name, and only the meetings API Lambda the webhook's secret", () => {
    const { template, stack } = subject;
    const meetingsHttp = (stack.node.findChild('Api') as Api).functions.get('meetings')!;
    const meetingsFunctions = ourFunctions(stack).filter((fn) => fn.service === 'meetings');
    expect(meetingsFunctions.map((fn) => fn.node.path).sort()).toEqual([
      'Test/Background/Workers/meeting-invitation/Worker',
      'Test/Http/Meetings',
    ]);
    for (const fn of ourFunctions(stack)) {
      const env = environmentOf(template, logicalIdOf(stack, fn.fn));
      const secrets = vendorSecretsReadBy(template, stack, fn);
      // an account's deletion revokes its Zoom grant (lambdas/account/service.ts), and the token-refresh job renews
      // it (lambdas/connections), with Zoom's client
      if (fn.service === 'account' || fn.node.path === 'Test/Background/Schedules/token-refresh/Job') {
        expect(env, fn.node.path).toMatchObject({
          ZOOM_OAUTH_CLIENT_ID: 'zoom-client',
          ZOOM_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/zoom-client-secret',
        });
        expect(env, fn.node.path).not.toHaveProperty('ZOOM_WEBHOOK_SECRET_SECRET');
        expect(
          secrets.filter((name) => name.startsWith('zoom-')),
          fn.node.path,
        ).toEqual(['zoom-client-secret']);
        continue;
      }
      if (fn.service !== 'meetings') {
        expect(env, fn.node.path).not.toHaveProperty('ZOOM_OAUTH_CLIENT_ID');
        expect(
          secrets.filter((name) => name.startsWith('zoom-')),
          fn.node.path,
        ).toEqual([]);
        continue;
      }
      expect(env, fn.node.path).toMatchObject({
        ZOOM_OAUTH_CLIENT_ID: 'zoom-client',
        ZOOM_OAUTH_CLIENT_SECRET_SECRET: 'outreach/dev/zoom-client-secret',
      });
      const webhook = fn === meetingsHttp;
      expect(env.ZOOM_WEBHOOK_SECRET_SECRET, fn.node.path).toEqual(
        webhook ? 'outreach/dev/zoom-webhook-secret' : undefined,
      );
      expect(secrets, fn.node.path).toEqual(
        webhook ? ['zoom-client-secret', 'zoom-webhook-secret'] : ['zoom-client-secret'],
      );
      // never the secrets themselves
      expect(env, fn.node.path).not.toHaveProperty('ZOOM_OAUTH_CLIENT_SECRET');
      expect(env, fn.node.path).not.toHaveProperty('ZOOM_WEBHOOK_SECRET');
    }
  });
});

describe('queue and schedule tables', () => {
  let subject: TestApp;
  beforeAll(() => {
    subject = synth(
      {},
      { queues: fixtureQueues, schedules: fixtureSchedules, streams: fixtureStreams, lambdasRoot: fixturesRoot },
    );
  }, synthTimeout);

  it('gives every queue a DLQ after maxReceiveCount, an alarm, SSE, visibility >= 6x and partial batch failures', () => {
    expectWorkers(subject.template, fixtureQueues, subject.stack);
  });

  it("maps the table's stream to every consumer of its table with its filter, batch size, retries and DLQ", () => {
    expectStreams(subject.template, fixtureStreams, subject.stack);
  });

  it('fires every job on its EventBridge rate', () => {
    const schedulesScope = subject.stack.node.findChild('Background').node.findChild('Schedules');
    for (const spec of scheduleEntries(fixtureSchedules)) {
      const job = schedulesScope.node.findChild(spec.name).node.findChild('Job') as AppFunction;
      subject.template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: `rate(${spec.everyMinutes} minutes)`,
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalIdOf(subject.stack, job.fn), 'Arn'] } })],
      });
      subject.template.hasResourceProperties('AWS::Lambda::Function', {
        Timeout: spec.timeoutSeconds,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
      });
    }
  });
});

describe('Stripe', () => {
  let subject: TestApp;
  beforeAll(() => {
    subject = synth({ stripePriceStarter: 'price_starter_live', stripePricePro: 'price_pro_live' });
  }, synthTimeout);

  it('gives the billing HTTP Lambda, and no other function, the price ids and the key and webhook secret by name; the account functions the key alone', () => {
    const { template, stack } = subject;
    const billingHttp = (stack.node.findChild('Api') as Api).functions.get('billing')!;
    const accountFunctions = ourFunctions(stack).filter((fn) => fn.service === 'account');
    expect(accountFunctions.map((fn) => fn.node.path).sort()).toEqual([
      'Test/Background/Workers/account-deletion/Worker',
      'Test/Http/Account',
    ]);
    for (const fn of ourFunctions(stack)) {
      const env = environmentOf(template, logicalIdOf(stack, fn.fn));
      // an account's deletion cancels its subscriptions at Stripe (lambdas/account/service.ts)
      if (fn.service === 'account') {
        expect(
          Object.keys(env).filter((name) => name.startsWith('STRIPE_')),
          fn.node.path,
        ).toEqual(['STRIPE_SECRET_KEY_SECRET']);
        expect(env.STRIPE_SECRET_KEY_SECRET, fn.node.path).toBe('outreach/dev/stripe-secret-key');
        expect(vendorSecretsReadBy(template, stack, fn), fn.node.path).toContain('stripe-secret-key');
        continue;
      }
      if (fn !== billingHttp) {
        expect(
          Object.keys(env).filter((name) => name.startsWith('STRIPE_')),
          fn.node.path,
        ).toEqual([]);
        continue;
      }
      expect(env).toMatchObject({
        STRIPE_PRICE_STARTER: 'price_starter_live',
        STRIPE_PRICE_PRO: 'price_pro_live',
        STRIPE_SECRET_KEY_SECRET: 'outreach/dev/stripe-secret-key',
        STRIPE_WEBHOOK_SECRET_SECRET: 'outreach/dev/stripe-webhook-secret',
      });
      // the key's name only, never a key; and no sandbox endpoint
      expect(env).not.toHaveProperty('STRIPE_SECRET_KEY');
      expect(env).not.toHaveProperty('STRIPE_API_HOST');
    }
    const job = stack.node
      .findChild('Background')
      .node.findChild('Schedules')
      .node.findChild('quota-periods')
      .node.findChild('Job') as AppFunction;
    expect(vendorSecretsReadBy(template, stack, job)).toEqual([]);
  });

  it("passes Stripe's webhook its raw body: a proxy integration, and no binary media types that would re-encode it", () => {
    const { template } = subject;
    const webhook = apiMethods(template).find(
      (method) => method.httpMethod === 'POST' && method.path === '/api/webhooks/stripe',
    );
    if (!webhook) throw new Error('no method POST /api/webhooks/stripe');
    expect((webhook.properties.Integration as { Type: string }).Type).toBe('AWS_PROXY');
    for (const [, api] of resourcesOf(template, 'AWS::ApiGateway::RestApi')) {
      expect(api.Properties?.BinaryMediaTypes ?? []).toEqual([]);
    }
  });

  it('refuses one price without the other', () => {
    expect(() => synth({ stripePriceStarter: 'price_starter_live' })).toThrow(/stripePricePro/);
  });
});
