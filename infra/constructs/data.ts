import { Aws, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { exportTags } from '../../lambdas/account/export-files.js';
import { stagingTags } from '../../lambdas/documents/upload-key.js';
import { table as tableDefinition } from '../../lambdas/data/table.js';
import { appName, type StageConfig } from '../config.js';

export type DataProps = {
  config: StageConfig;
  /** the web origin, allowed to POST uploads straight to the bucket (DESIGN §6 "Uploads") */
  webOrigin: string;
};

const string = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * What the product keeps: the one table (DESIGN §3), the uploads bucket, the KMS key that encrypts mailbox and Zoom
 * tokens (DESIGN §6), and the bucket that receives the access logs of the other buckets and of CloudFront.
 * Outside `dev` all of it survives a stack deletion and the table refuses to be deleted.
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly uploads: s3.Bucket;
  /** `https://<bucket>.s3.<region>.amazonaws.com`, where the browser POSTs uploads (for the CSP) */
  readonly uploadsOrigin: string;
  readonly secretsKey: kms.Key;
  readonly logs: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { durable, stage } = props.config;
    const removalPolicy = durable ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: string(tableDefinition.partitionKey),
      sortKey: string(tableDefinition.sortKey),
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      // the stream consumers of shared/streams.ts read every change with the item before and after it
      stream: dynamodb.StreamViewType[tableDefinition.streamViewType],
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: durable,
      removalPolicy,
    });
    for (const [indexName, index] of Object.entries(tableDefinition.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.logs = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes with an ACL grant, so the bucket must accept ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(durable ? 365 : 30) }],
      removalPolicy,
      autoDeleteObjects: !durable,
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would log the log writes',
    });

    // A fixed name so the CSP can name the upload origin without making the distribution depend on this bucket
    // (whose CORS rule depends on the distribution).
    const uploadsName = `${appName}-${stage}-uploads-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    this.uploads = new s3.Bucket(this, 'Uploads', {
      bucketName: uploadsName,
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'uploads/',
      cors: [
        {
          // the browser POSTs the presigned form straight to S3 (DESIGN §6 "Uploads")
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: [props.webOrigin],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          // account export documents (lambdas/account/export-files.ts): their link lasts minutes, the copy a day
          tagFilters: exportTags,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          // uploads not processed (lambdas/documents/upload-key.ts): processing copies them out without the tag, so
          // what stays tagged is what nobody processed within a day
          tagFilters: stagingTags,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy,
      autoDeleteObjects: !durable,
    });
    this.uploadsOrigin = `https://${uploadsName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

    this.secretsKey = new kms.Key(this, 'SecretsKey', {
      description: `${appName} ${stage}: encrypts OAuth tokens of mailboxes and Zoom at rest`,
      alias: `${appName}/${stage}/secrets`,
      enableKeyRotation: true,
      pendingWindow: Duration.days(durable ? 30 : 7),
      removalPolicy,
    });
  }
}
