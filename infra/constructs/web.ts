import { existsSync, readFileSync } from 'node:fs';
import {
  Annotations,
  type CfnElement,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../../shared/web-config.js';
import { appName, webDist, type StageConfig } from '../config.js';
import { nagEnvOf } from './function.js';

export type WebProps = {
  config: StageConfig;
  /** receives CloudFront's and the bucket's access logs */
  logs: s3.IBucket;
  /** origins the web calls besides its own: the API, Cognito, the uploads bucket (CSP `connect-src`) */
  connectSources: string[];
  /** written to `/config.json` (shared/web-config.ts) */
  webConfig: WebConfig;
  /** @default web/dist */
  distDir?: string;
  /** the distribution's WAF web ACL (scope CLOUDFRONT, in us-east-1) */
  webAclArn: string;
};

/**
 * The Reddit pixel's origins (SPEC §2 'tracking'): its script, the pixel's settings and its event endpoint (its
 * events go as images, which `img-src https:` allows). Allowed only on a stage whose `config.json` names a pixel.
 */
export const redditPixelSources = {
  script: ['https://www.redditstatic.com'],
  connect: ['https://alb.reddit.com', 'https://pixel-config.reddit.com'],
} as const;

/**
 * A strict CSP: only this origin's scripts (and the named ones), the named origins for calls, https images (profile
 * pictures). Styles allow 'unsafe-inline' because antd injects its CSS-in-JS at run time.
 */
export const contentSecurityPolicy = (connectSources: readonly string[], scriptSources: readonly string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectSources.join(' ')}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');

/**
 * CloudFront Function (viewer request) routing the single-page app: a path whose last segment has no dot is a page of
 * the app and gets `index.html`; any other names a file of the bucket and is served as it is (`robots.txt`,
 * `sitemap.xml`, `config.json`, `assets/...`), so a crawler never reads the app's page for the site's robots rules.
 */
export const spaRoutingCode = `function handler(event) {
  var request = event.request;
  if (!/\\.[^/]*$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * Web hosting: a private bucket behind CloudFront with origin access control, `index.html` at the root and for every
 * client-side route (a CloudFront Function, `spaRoutingCode`), files served as files, security headers on every answer, and the deploy of `web/dist` plus the
 * `config.json` the web reads before anything else (DESIGN §1 "Paths").
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<id>.cloudfront.net` */
  readonly origin: string;
  /** what `/config.json` says */
  readonly webConfig: WebConfig;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const distDir = props.distDir ?? webDist;
    this.webConfig = props.webConfig;

    // Only build output lives here, rebuilt on every deploy: it goes with the stack in every stage.
    this.bucket = new s3.Bucket(this, 'Bucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: props.logs,
      serverAccessLogsPrefix: 'web/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      comment: `${appName} ${props.config.stage}: security headers of the web`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: props.webConfig.redditPixelId
            ? contentSecurityPolicy([...props.connectSources, ...redditPixelSources.connect], redditPixelSources.script)
            : contentSecurityPolicy(props.connectSources),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        xssProtection: { protection: false, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      comment: `${appName} ${props.config.stage}: app routes get index.html, files are served as files`,
      code: cloudfront.FunctionCode.fromInline(spaRoutingCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    // A missing file is a 404 with the app's page, which sends the visitor home; S3 answers 403 through OAC (no
    // ListBucket) for a key it does not have.
    const notFound = (httpStatus: number): cloudfront.ErrorResponse => ({
      httpStatus,
      responseHttpStatus: 404,
      responsePagePath: '/index.html',
      ttl: Duration.seconds(0),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${appName} ${props.config.stage} web`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      errorResponses: [notFound(403), notFound(404)],
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: the product serves users in any country',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason: 'No custom domain yet: the default *.cloudfront.net certificate cannot pin a minimum TLS version',
    });
    this.origin = `https://${this.distribution.distributionDomainName}`;

    this.deploy(distDir, props.webConfig);
  }

  /**
   * Hashed assets first (cached for a year), then `index.html`, the other root files and `config.json` (revalidated on
   * every load), then an invalidation. Old assets are kept (no prune) so open tabs can still load their chunks.
   */
  private deploy(distDir: string, webConfig: WebConfig) {
    const logGroup = new logs.LogGroup(this, 'DeployLogs', {
      retention: logs.RetentionDays.ONE_WEEK,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const built = existsSync(`${distDir}/index.html`);
    if (!built) {
      Annotations.of(this).addWarningV2(
        `${appName}:web-not-built`,
        `${distDir}/index.html not found: run \`npm run build:web\` before deploying; only config.json would be deployed`,
      );
    }

    if (built) this.checkCrawlerFiles(distDir);

    const hashed =
      built && existsSync(`${distDir}/assets`)
        ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
            sources: [s3deploy.Source.asset(`${distDir}/assets`)],
            destinationBucket: this.bucket,
            destinationKeyPrefix: 'assets/',
            prune: false,
            cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
            memoryLimit: 512,
            logGroup,
          })
        : undefined;

    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: [
        ...(built ? [s3deploy.Source.asset(distDir, { exclude: ['assets', 'assets/**', 'config.json'] })] : []),
        s3deploy.Source.jsonData('config.json', webConfig),
      ],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      memoryLimit: 512,
      logGroup,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (hashed) entry.node.addDependency(hashed);

    this.acknowledgeDeploymentHandler();
  }

  /**
   * The build's `robots.txt` and `sitemap.xml` (web/vite/crawlerFiles.ts) name the origin of `SITE_ORIGIN` at build
   * time; a build without it names the local web, which a deployed site must not tell crawlers.
   */
  private checkCrawlerFiles(distDir: string) {
    const robots = existsSync(`${distDir}/robots.txt`) ? readFileSync(`${distDir}/robots.txt`, 'utf8') : null;
    const sitemap = /^Sitemap: (\S+)$/m.exec(robots ?? '')?.[1];
    if (!robots || !existsSync(`${distDir}/sitemap.xml`)) {
      Annotations.of(this).addWarningV2(
        `${appName}:web-no-crawler-files`,
        `${distDir} has no robots.txt or sitemap.xml: rebuild with \`npm run build:web\``,
      );
    } else if (!sitemap?.startsWith('https://')) {
      Annotations.of(this).addWarningV2(
        `${appName}:web-crawler-origin`,
        `robots.txt points crawlers to ${sitemap ?? 'no sitemap'}: build with SITE_ORIGIN=https://<your domain> npm run build:web`,
      );
    }
  }

  /**
   * BucketDeployment's handler is one aws-cdk-lib Lambda per stack; its runtime, role and grants are not ours to
   * change, so its findings are acknowledged one by one (a new grant would still be reported).
   */
  private acknowledgeDeploymentHandler() {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const provided = 'aws-cdk-lib BucketDeployment handler';
    const acknowledge = (id: string, reason: string) =>
      Validations.of(handler).acknowledge({ id: `AwsSolutions-${id}`, reason: `${provided}: ${reason}` });

    acknowledge('L1', 'its Python runtime is chosen by aws-cdk-lib');
    acknowledge(
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'aws-cdk-lib gives its role the basic execution policy to write its logs',
    );
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      acknowledge(
        `IAM5[Action::${action}]`,
        'aws-cdk-lib grants it reads of the asset bucket, writes of the web bucket',
      );
    }
    const qualifier =
      stack.synthesizer instanceof DefaultStackSynthesizer
        ? (stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER)
        : DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const { partition, region } = nagEnvOf(stack);
    acknowledge(
      `IAM5[Resource::arn:${partition}:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-${region}/*]`,
      'it reads the zipped web build from the CDK asset bucket, whose object keys are content hashes',
    );
    const bucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnElement);
    acknowledge(`IAM5[Resource::<${bucketId}.Arn>/*]`, 'it writes the web build into the web bucket (any key)');
    acknowledge(
      'IAM5[Resource::*]',
      'CloudFront CreateInvalidation/GetInvalidation have no resource-level permissions',
    );
  }
}
