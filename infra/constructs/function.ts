import { spawnSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ArnFormat,
  AssetHashType,
  CfnElement,
  Duration,
  type ILocalBundling,
  Names,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { FactName } from 'aws-cdk-lib/region-info';
import { Construct, type IConstruct } from 'constructs';
import { table as tableDefinition } from '../../lambdas/data/table.js';
import { userPrefix } from '../../lambdas/providers/storage/storage.js';
import type { Domain } from '../../shared/routes.js';
import { lambdasRoot, repoRoot, type StageConfig } from '../config.js';

/** `lambdas/<domain>/<file>.ts`, the entry of a domain's Lambda, worker or job. */
export const lambdaEntry = (domain: string, file: string, root: string = lambdasRoot) => `${root}/${domain}/${file}.ts`;

export type AppFunctionProps = {
  config: StageConfig;
  /** the domain; becomes the Powertools service name */
  service: string;
  /** absolute path of the entry file; it exports `handler` */
  entry: string;
  description: string;
  /** @default 10 seconds */
  timeout?: Duration;
  /** @default 1024 MB (Lambda allots CPU in proportion to memory: bundles load and run faster than at 128 MB) */
  memorySize?: number;
};

/** `describe` only says whether the table is there (the health check); `read` and `readWrite` touch items. */
export type TableAccess = 'describe' | 'read' | 'readWrite';
export type BucketAccess = 'read' | 'readWrite';

/** Every user's files, `users/<sub>/...` (DESIGN §3, lambdas/providers/storage/storage.ts): the only keys we grant. */
export const userObjects = `${userPrefix('*')}*`;

const tableRead = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const tableWrite = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * What a domain's Lambdas may touch (least privilege): shared/bindings.ts, bound per function by
 * infra/constructs/bindings.ts (a domain's grants serve its HTTP Lambda, workers and jobs; a vendor's key one function).
 */
export type DomainAccess = Record<Domain, (fn: AppFunction) => void>;

export { bundlingOptions } from './bundling.js';

/** The script that bundles one function in a child process (why: bundle-function.ts). */
const bundleScript = fileURLToPath(new URL('./bundle-function.ts', import.meta.url));

/**
 * Bundles `entry` the house way into `outdir` (`index.mjs` and its chunks; bundling.ts `bundlingOptions`), synchronously:
 * esbuild runs in a child process under tsx (a devDependency, as esbuild); throws with esbuild's messages when it fails.
 */
export const bundleFunction = (entry: string, outdir: string) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', bundleScript, entry, outdir], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`Bundling ${entry} failed:\n${result.stderr}${result.stdout}`);
  if (result.stderr) process.stderr.write(result.stderr);
};

/**
 * The house bundling for the CDK (`bundleFunction`). The entry is a field, not only a closure: the CDK reuses a staged asset for
 * another one whose source folder and serialized bundling options are the same, and two functions of one domain
 * folder (its HTTP Lambda and its trigger or worker) differ in nothing else, so without it both would ship the
 * first one's bundle.
 */
class HouseBundling implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string) {
    bundleFunction(this.entry, outputDir);
    return true;
  }
}

/**
 * The house Lambda (STYLE §4): Node 22 on arm64, a minified ESM bundle with source maps, its own log group with a
 * retention, X-Ray tracing, the environment the handler kit reads, and a role that starts empty: each function gets
 * only what it is bound to (`bindTable`, `bindBucket`, `bindBucketListing`, `bindSecret`, `bindDataKeys`).
 *
 * The AWS SDK v3 is bundled rather than taken from the runtime: the bundle then runs the exact SDK versions the tests
 * ran against, a runtime SDK update cannot change behaviour under us, and esbuild keeps only the clients imported.
 * Bundling runs esbuild on this machine (`bundleFunction`), never in Docker.
 */
export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** the domain it belongs to */
  readonly service: string;
  /** its entry's file name under `lambdas/<domain>/` without `.ts` (`http`, a worker's, a job's): shared/bindings.ts `only` */
  readonly handler: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config } = props;
    this.service = props.service;
    this.handler = basename(props.entry, '.ts');

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: config.durable ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_WEEK,
      removalPolicy: config.durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // Our own role instead of the default one, whose AWS managed AWSLambdaBasicExecutionRole may write to every log
    // group: this one may write to its own log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.service}: ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new lambda.Function(this, 'Function', {
      code: lambda.Code.fromAsset(dirname(props.entry), {
        // the asset is what esbuild wrote, whatever else sits beside the entry
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // required by the type, never pulled: local bundling bundles or throws, so Docker is not tried
          image: lambda.Runtime.NODEJS_22_X.bundlingImage,
          local: new HouseBundling(props.entry),
        },
      }),
      handler: 'index.handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        STAGE: config.stage,
        APP_VERSION: config.version,
        LOG_LEVEL: config.durable ? 'INFO' : 'DEBUG',
        POWERTOOLS_SERVICE_NAME: props.service,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    });

    // X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permissions: `*` is the only resource.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions',
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Pinned to nodejs22.x, the Node major the local stack and the tests run on (NOTES.md); upgraded together',
    });
  }

  addEnvironment(name: string, value: string) {
    this.fn.addEnvironment(name, value);
    return this;
  }

  /**
   * Item access to the one table and its indexes (no Scan, no table management), or with `describe` the table's
   * description only; and `TABLE_NAME`.
   */
  bindTable(table: dynamodb.ITable, access: TableAccess) {
    const indexArns = Object.keys(tableDefinition.indexes).map((index) => `${table.tableArn}/index/${index}`);
    this.role.addToPrincipalPolicy(
      access === 'describe'
        ? new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [table.tableArn] })
        : new iam.PolicyStatement({
            actions: access === 'readWrite' ? [...tableRead, ...tableWrite] : tableRead,
            resources: [table.tableArn, ...indexArns],
          }),
    );
    return this.addEnvironment('TABLE_NAME', table.tableName);
  }

  /**
   * Access to the users' objects of one bucket (`users/<sub>/...`, nothing else), and `BUCKET_NAME`. With `versions`,
   * also to their stored versions: a versioned bucket keeps a deleted object's versions until they are deleted one by
   * one (account deletion).
   */
  bindBucket(bucket: s3.IBucket, access: BucketAccess, { versions = false }: { versions?: boolean } = {}) {
    // a write may tag what it stores (`tagging` of an upload's POST, `Tagging` of a put): the lifecycle rules of the
    // uploads bucket select staged uploads and export documents by tag (infra/constructs/data.ts)
    const actions =
      access === 'readWrite'
        ? ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject']
        : ['s3:GetObject'];
    if (versions) actions.push(access === 'readWrite' ? 's3:DeleteObjectVersion' : 's3:GetObjectVersion');
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects(userObjects)] }),
    );
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagNameOf(this.role, bucketResource(bucket), 'Arn')}/${userObjects}]`,
      reason: "Object keys are created at run time under each user's prefix (users/<sub>/...); nothing else is granted",
    });
    return this.addEnvironment('BUCKET_NAME', bucket.bucketName);
  }

  /**
   * Listing of a bucket's keys under `prefix` only: `s3:ListBucket` (and with `versions` `s3:ListBucketVersions`) on
   * the bucket with an `s3:prefix` condition.
   */
  bindBucketListing(bucket: s3.IBucket, prefix: string, { versions = false }: { versions?: boolean } = {}) {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: versions ? ['s3:ListBucket', 's3:ListBucketVersions'] : ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
      }),
    );
    return this;
  }

  /**
   * Read access to one Secrets Manager secret, whose NAME (never its value) goes in `envName`. The function reads it
   * at run time through the AWS Parameters and Secrets Lambda Extension, added as a layer once
   * (lambdas/core/secrets.ts), so the value is in neither the template nor the function's configuration.
   */
  bindSecret(secret: secretsmanager.ISecret, envName: string) {
    secret.grantRead(this.role);
    if (!this.node.tryFindChild('SecretsExtension')) {
      const layerArn = Stack.of(this).regionalFact(
        FactName.paramsAndSecretsLambdaLayer(lambda.ParamsAndSecretsVersions.V1_0_103, this.fn.architecture.name),
      );
      this.fn.addLayers(lambda.LayerVersion.fromLayerVersionArn(this, 'SecretsExtension', layerArn));
    }
    return this.addEnvironment(envName, secret.secretName);
  }

  /**
   * Envelope encryption with one KMS key (DESIGN §6, lambdas/providers/crypto/kms.ts): new data keys and their
   * unwrapping, only under an encryption context whose `purpose` is one of `purposes`; nothing else of the key (no
   * Encrypt of data, no key management). The key's ARN goes in `envName`.
   */
  bindDataKeys(key: kms.IKey, envName: string, purposes: readonly string[]) {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: [key.keyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': [...purposes] } },
      }),
    );
    return this.addEnvironment(envName, key.keyArn);
  }

  /**
   * Amazon SES v2 `SendEmail` as `sender` only (DESIGN §9 'Notification e-mails'): on the sender's address identity or
   * its domain's (whichever the stage verified), and only with that From address.
   */
  bindEmailSending(sender: string) {
    const stack = Stack.of(this);
    const identity = (name: string) =>
      stack.formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: name,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
    const domain = sender.split('@').at(-1) ?? sender;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [identity(sender), identity(domain)],
        conditions: { StringEquals: { 'ses:FromAddress': sender } },
      }),
    );
    return this;
  }

  /**
   * A timeout other than the constructor's, for a function whose construction is not ours to parametrise (the API
   * makes one per domain) that waits on an outside service. An HTTP Lambda stays under API Gateway's 29 s.
   */
  withTimeout(timeout: Duration) {
    (this.fn.node.defaultChild as lambda.CfnFunction).timeout = timeout.toSeconds();
    return this;
  }
}

/**
 * How cdk-nag names an attribute of `target` (its `Ref`, or its `Arn`) in a policy made in `from`'s stack: the
 * resource's logical id in the same stack, or the parameter a nested stack receives it through (CDK names it
 * `reference-to-<the target's unique id><attribute>`; infra/stack.ts nests the workers and jobs).
 */
export const nagNameOf = (from: IConstruct, target: CfnElement, attribute: 'Ref' | 'Arn') => {
  if (Stack.of(from) === target.stack) {
    const logicalId = target.stack.getLogicalId(target);
    return attribute === 'Ref' ? `<${logicalId}>` : `<${logicalId}.Arn>`;
  }
  return `<referenceto${Names.nodeUniqueId(target.node)}${attribute}>`;
};

/**
 * How cdk-nag writes the partition and region of `scope`'s stack in an ARN: the values once the stack names its region
 * (infra/stage.ts), the pseudo parameters in an environment-agnostic stack.
 */
export const nagEnvOf = (scope: IConstruct) => {
  const stack = Stack.of(scope);
  return {
    partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
  };
};

/** The bucket's CloudFormation resource, which cdk-nag's findings name. */
const bucketResource = (bucket: s3.IBucket) => {
  const cfn = bucket.node.defaultChild;
  if (!(cfn instanceof CfnElement)) throw new Error('bindBucket needs a bucket defined in this app');
  return cfn;
};
