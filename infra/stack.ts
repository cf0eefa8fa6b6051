import { CfnOutput, Duration, Lazy, NestedStack, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { sealedPurposes } from '../lambdas/data/connection-purposes.js';
import { queueUrlEnvName, type QueueSpec } from '../shared/queues.js';
import type { ScheduleSpec } from '../shared/schedules.js';
import type { StreamConsumerSpec } from '../shared/streams.js';
import { messages } from '../shared/messages.js';
import { appName, type StageConfig } from './config.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { Firewall } from './constructs/firewall.js';
import { type BindingResources, bindingsOf, domainAccess } from './constructs/bindings.js';
import { AppFunction, type DomainAccess, lambdaEntry } from './constructs/function.js';
import { Live } from './constructs/live.js';
import { Monitoring } from './constructs/monitoring.js';
import { Schedules } from './constructs/schedules.js';
import { Streams } from './constructs/streams.js';
import { Web } from './constructs/web.js';
import { Workers } from './constructs/workers.js';
import { apiRateLimits } from './rate-limits.js';

export type AppStackProps = StackProps & {
  config: StageConfig;
  /** @default shared/queues.ts */
  queues?: Record<string, QueueSpec>;
  /** @default shared/schedules.ts */
  schedules?: Record<string, ScheduleSpec>;
  /** the table stream's consumers @default shared/streams.ts */
  streams?: Record<string, StreamConsumerSpec>;
  /** where workers and jobs live (@default lambdas/); tests point it at fixtures */
  lambdasRoot?: string;
  /** @default web/dist */
  webDist?: string;
  /** the web distribution's WAF web ACL (scope CLOUDFRONT, made in us-east-1: infra/edge-stack.ts) */
  webAclArn: string;
};

/**
 * The whole product in one stack per stage, one construct per concern (STYLE §4): data, auth, API, workers,
 * schedules, web, monitoring.
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config } = props;

    // The web origin exists once the distribution does, but the API (CORS), the upload bucket (CORS) and the OAuth
    // client (callback) must trust it earlier: a Lazy value closes the loop at synth time. CloudFormation sees no
    // cycle, since the distribution depends on none of them.
    const webOrigin = Lazy.string({ produce: () => web.origin });

    const data = new Data(this, 'Data', { config, webOrigin });
    // created by hand per stage, like the Google and Microsoft client secrets; without it only AI calls fail (502)
    const openAiKey = secretsmanager.Secret.fromSecretNameV2(this, 'OpenAiApiKey', config.openai.secretName);
    // created by hand per stage like the OpenAI key; without it only e-mail lookups fail (status 'error', retried)
    const verificationKey = secretsmanager.Secret.fromSecretNameV2(
      this,
      'VerificationApiKey',
      `${appName}/${config.stage}/quickemailverification-api-key`,
    );
    // the research port's web-search model (Perplexity), created by hand per stage like the OpenAI key;
    // without it e-mails are written without recent facts about the contact
    const researchKey = secretsmanager.Secret.fromSecretNameV2(
      this,
      'ResearchApiKey',
      `${appName}/${config.stage}/perplexity-api-key`,
    );
    // People Data Labs (DESIGN §5), created by hand per stage like the others; without it adding by URL fails (502)
    const enrichmentKey = secretsmanager.Secret.fromSecretNameV2(
      this,
      'EnrichmentApiKey',
      `${appName}/${config.stage}/peopledatalabs-api-key`,
    );
    // Stripe: the API key and the webhook endpoint's signing secret, created by hand per stage and read by
    // name at run time by the billing HTTP Lambda only; without them only billing fails (503, 500 on the webhook)
    const stripeKey = secretsmanager.Secret.fromSecretNameV2(this, 'StripeSecretKey', config.stripe.secretKeyName);
    const stripeWebhookSecret = secretsmanager.Secret.fromSecretNameV2(
      this,
      'StripeWebhookSecret',
      config.stripe.webhookSecretName,
    );
    // signs the contact list's page cursors (lambdas/core/cursor.ts): generated at deploy, read by nobody else
    const cursorKey = new secretsmanager.Secret(this, 'CursorSigningKey', {
      secretName: `${appName}/${config.stage}/cursor-signing-key`,
      description: 'HMAC key of the contact list page cursors',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(cursorKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A new key only sends lists back to their first page; it guards no data, so no rotation Lambda for it',
    });
    // signs the unsubscribe links of notification e-mails (lambdas/notifications/unsubscribe.ts): generated at deploy,
    // read by the notifications functions only
    const notificationKey = new secretsmanager.Secret(this, 'NotificationSigningKey', {
      secretName: `${appName}/${config.stage}/notification-signing-key`,
      description: 'HMAC key of the unsubscribe links of notification e-mails',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(notificationKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: "Rotating it would break every sent e-mail's unsubscribe link (RFC 8058 links do not expire)",
    });
    // keys the fingerprints of deleted accounts' addresses (lambdas/providers/crypto/keyed-hash.ts), kept 12 months so
    // signing up again continues the slot period: generated at deploy, read by the profiles and account functions only
    const addressHashKey = new secretsmanager.Secret(this, 'AddressHashKey', {
      secretName: `${appName}/${config.stage}/address-hash-key`,
      description: "HMAC key of the fingerprints of deleted accounts' addresses",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(addressHashKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating it would make every kept fingerprint unmatchable; they expire within 12 months anyway',
    });
    // the mailboxes' OAuth clients are the federated sign-in's own (config.google / config.microsoft), their secrets
    // created by hand per stage and read by name at run time; without them connecting that provider fails
    const googleClientSecret =
      config.google && secretsmanager.Secret.fromSecretNameV2(this, 'GoogleClientSecret', config.google.secretName);
    const microsoftClientSecret =
      config.microsoft &&
      secretsmanager.Secret.fromSecretNameV2(this, 'MicrosoftClientSecret', config.microsoft.secretName);
    // Zoom: the OAuth app's client secret and the secret token its event notifications are signed with,
    // created by hand per stage and read by name at run time; without them connecting Zoom fails
    const zoomClientSecret =
      config.zoom && secretsmanager.Secret.fromSecretNameV2(this, 'ZoomClientSecret', config.zoom.secretName);
    const zoomWebhookSecret =
      config.zoom && secretsmanager.Secret.fromSecretNameV2(this, 'ZoomWebhookSecret', config.zoom.webhookSecretName);
    // calls that wait on an outside service or work through a whole account, under API Gateway's 29 s; a function
    // that calls a vendor runs longer than the worst case of its calls (lambdas/providers/vendor-limits.ts)
    const slowRouteTimeout = Duration.seconds(28);

    // Where the providers push (DESIGN §8). The webhooks' URLs are built from the API's id and stage name,
    // not from its deployment stage, so a function does not depend on the deployment that depends on it; lazily, as
    // the API binds its functions before it exists.
    const webhook = (path: string) =>
      Lazy.string({
        produce: () =>
          `https://${api.restApi.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${config.stage}${path}`,
      });
    // What each domain's functions are bound to is shared/bindings.ts; here, what each name is in this stage. A secret
    // or setting the stage does not configure is left out (only what needs it fails: connecting that provider).
    const resources: BindingResources = {
      table: data.table,
      uploads: data.uploads,
      // the purposes each domain may seal and open (DESIGN §6): mail tokens and sign-in verifiers, Zoom's likewise;
      // the token-refresh job renews every provider's connections (lambdas/connections), and signs no one in
      sealing: {
        key: data.secretsKey,
        purposes: {
          mailboxes: [sealedPurposes.mailboxTokens, sealedPurposes.verifier],
          'mailboxes/token-refresh': [sealedPurposes.mailboxTokens, sealedPurposes.zoomTokens],
          drafts: [sealedPurposes.mailboxTokens],
          replies: [sealedPurposes.mailboxTokens],
          meetings: [sealedPurposes.mailboxTokens, sealedPurposes.zoomTokens, sealedPurposes.verifier],
          account: [sealedPurposes.mailboxTokens, sealedPurposes.zoomTokens],
        },
      },
      notificationSender: config.notificationSender,
      // `auth` is made below, before the API binds the account functions
      userPool: () => auth.userPool,
      secrets: {
        ADDRESS_HASH_KEY: addressHashKey,
        CURSOR_SIGNING_KEY: cursorKey,
        ENRICHMENT_API_KEY: enrichmentKey,
        GOOGLE_OAUTH_CLIENT_SECRET: googleClientSecret,
        MICROSOFT_OAUTH_CLIENT_SECRET: microsoftClientSecret,
        NOTIFICATION_SIGNING_KEY: notificationKey,
        OPENAI_API_KEY: openAiKey,
        PERPLEXITY_API_KEY: researchKey,
        STRIPE_SECRET_KEY: stripeKey,
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        VERIFICATION_API_KEY: verificationKey,
        ZOOM_OAUTH_CLIENT_SECRET: zoomClientSecret,
        ZOOM_WEBHOOK_SECRET: zoomWebhookSecret,
      },
      settings: {
        GMAIL_PUBSUB_TOPIC: () => config.gmailPush?.topic,
        GMAIL_PUSH_AUDIENCE: () => config.gmailPush && webhook('/api/webhooks/gmail'),
        GMAIL_PUSH_SERVICE_ACCOUNT: () => config.gmailPush?.serviceAccount,
        GOOGLE_OAUTH_CLIENT_ID: () => config.google?.clientId,
        MICROSOFT_OAUTH_CLIENT_ID: () => config.microsoft?.clientId,
        MICROSOFT_TENANT: () => config.microsoft?.tenant,
        NOTIFICATION_SENDER: () => config.notificationSender,
        NOTIFICATION_UNSUBSCRIBE_URL: () => webhook('/api/notification-emails/unsubscribe'),
        OPENAI_MODEL: () => config.openai.model,
        OUTLOOK_NOTIFICATION_URL: () => webhook('/api/webhooks/outlook'),
        STRIPE_PRICE_PRO: () => config.stripe.prices?.pro,
        STRIPE_PRICE_STARTER: () => config.stripe.prices?.starter,
        USER_POOL_ID: () => auth.userPool.userPoolId,
        ZOOM_OAUTH_CLIENT_ID: () => config.zoom?.clientId,
      },
    };
    const bindings = domainAccess(resources);
    // What each domain's Lambdas may touch; the timeouts of those that wait on outside services are set below
    const access: DomainAccess = {
      ...bindings,
      // an account's deletion works through the whole account and what it released outside
      account: (fn) => bindings.account(fn).withTimeout(slowRouteTimeout),
    };

    const postConfirmation = new AppFunction(this, 'PostConfirmation', {
      config,
      service: 'profiles',
      entry: lambdaEntry('profiles', 'post-confirmation'),
      description: 'Cognito PostConfirmation trigger: creates the profile of a confirmed account',
    });
    access.profiles(postConfirmation);
    const auth = new Auth(this, 'Auth', { config, webOrigin, postConfirmation: postConfirmation.fn });

    // The API's functions (one per domain, with their roles, logs and alarms) live in a nested stack: CloudFormation
    // takes at most 500 resources per stack, and the API's resources and methods (one per path segment and route, and
    // a CORS preflight per path) alone use over 300 of the top stack's. What they use of the top stack comes in as
    // parameters, their ARNs go back as outputs; CDK wires both.
    const httpFunctions = new NestedStack(this, 'Http', {
      description: `${appName} ${config.stage}: the HTTP API's functions, one per domain`,
    });
    const api = new Api(this, 'Api', {
      config,
      userPool: auth.userPool,
      webOrigin,
      access,
      functionScope: httpFunctions,
    });
    // per-address limits in front of the stage's shared throttle (infra/rate-limits.ts), and AWS's lists of known bad
    // addresses and exploit inputs. Not the common rule set: its 8 KB body limit refuses drafts and templates (up to
    // 100,000 characters) and vendors' events, and its XSS and RFI body rules match the HTML and links of e-mails.
    const firewall = new Firewall(this, 'ApiFirewall', {
      config,
      scope: 'REGIONAL',
      name: 'api',
      rateLimits: apiRateLimits,
      managedRuleGroups: ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet'],
      stagePath: config.stage,
      tooManyRequests: {
        contentType: 'APPLICATION_JSON',
        content: JSON.stringify({ success: false, error: messages.status[429], code: 'rate_limited' }),
      },
    });
    firewall.protect(api.restApi.deploymentStage);
    // a blocked webhook is an event a vendor may not send again (Graph drops notifications it cannot deliver)
    const webhooksBlocked = new cloudwatch.Alarm(firewall, 'WebhooksBlockedAlarm', {
      alarmDescription: `${appName} ${config.stage} API: the WAF answered 429 to a provider's webhook`,
      metric: firewall.metricBlocked('Webhooks'),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    // The queues with their workers and the scheduled jobs live in a nested stack: CloudFormation takes at most 500
    // resources per stack, and the API alone (a resource and methods per route, a function per domain) uses most of
    // the top stack's. What they use of the top stack (the table, keys, secrets, the live channel, the alarm topic)
    // goes in as the nested stack's parameters, and what the top stack uses of them (queue URLs and ARNs for the
    // producers' grants) comes back as its outputs; CDK wires both.
    const background = new NestedStack(this, 'Background', {
      description: `${appName} ${config.stage}: queues with their workers, scheduled jobs, and the table stream's consumers`,
    });
    const workers = new Workers(background, 'Workers', {
      config,
      access,
      queues: props.queues,
      lambdasRoot: props.lambdasRoot,
    });
    new Schedules(background, 'Schedules', {
      config,
      access,
      schedules: props.schedules,
      lambdasRoot: props.lambdasRoot,
    });
    // the table stream's consumers, each mapped to the stream with its entity filter and its DLQ
    const streams = new Streams(background, 'Streams', {
      config,
      access,
      table: data.table,
      consumers: props.streams,
      lambdasRoot: props.lambdasRoot,
    });
    // producers (DESIGN §4): every function of a domain that sends to a queue (shared/bindings.ts `sends`: a queue's own
    // domain re-queues what must wait, e.g. a send the sending guard holds back; a send starts reply checks) may send
    // to it and finds it by its URL
    for (const producer of this.node.findAll()) {
      if (!(producer instanceof AppFunction)) continue;
      for (const name of bindingsOf(producer)?.sends ?? []) {
        const worker = workers.workers.get(name);
        if (!worker) continue;
        worker.queue.grantSendMessages(producer.fn);
        producer.addEnvironment(queueUrlEnvName(name), worker.queue.queueUrl);
      }
    }

    // calls that wait on outside services (a vendor's key is bound to the one function that calls it: shared/bindings.ts)
    // the contacts HTTP Lambda enriches a contact added by URL or previewed (People Data Labs)
    api.functions.get('contacts')?.withTimeout(slowRouteTimeout);
    // a research call and a completion per e-mail (lambdas/providers/vendor-limits.ts); the worker keeps its queue's
    api.functions.get('ai')?.withTimeout(slowRouteTimeout);
    // a sign-in's callback exchanges the code and asks who the mailbox is: two provider calls
    api.functions.get('mailboxes')?.withTimeout(slowRouteTimeout);
    // check-replies reads the user's mailboxes inline: token renewals and incremental reads (vendorLimits.mailApi)
    api.functions.get('replies')?.withTimeout(slowRouteTimeout);
    // Zoom's code exchange, users/me and the revocation of a replaced grant; a booking's renewal and new meeting
    api.functions.get('meetings')?.withTimeout(slowRouteTimeout);
    // Checkout, the Portal and Stripe's webhook (two Stripe calls at most per request,
    // lambdas/providers/vendor-limits.ts). The webhook's raw body reaches it unchanged: a proxy integration, and no
    // binary media types that would re-encode it.
    api.functions.get('billing')?.withTimeout(slowRouteTimeout);

    // the live channel (DESIGN §8): every function of a publishing domain (HTTP, workers, jobs) may post to it; the
    // account domain closes a deleted user's connections
    const live = new Live(this, 'Live', {
      config,
      table: data.table,
      userPool: auth.userPool,
      client: auth.client,
    });
    for (const construct of this.node.findAll()) {
      if (construct instanceof AppFunction && bindingsOf(construct)?.live) live.grantPublish(construct);
    }

    const web = new Web(this, 'Web', {
      config,
      logs: data.logs,
      connectSources: [api.origin, live.origin, ...auth.origins, data.uploadsOrigin],
      distDir: props.webDist,
      webAclArn: props.webAclArn,
      webConfig: {
        stage: config.stage,
        apiUrl: api.url,
        liveUrl: live.url,
        region: this.region,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
        ...(auth.hostedUiDomain && { oauthDomain: auth.hostedUiDomain }),
        identityProviders: auth.identityProviders,
        // The sandbox runs only on a developer's machine: in AWS every outside service is its real adapter.
        providers: {},
        ...(config.redditPixelId && { redditPixelId: config.redditPixelId }),
      },
    });

    // every function of ours, whichever construct made it: errors and throttles; the API's 5xx; the DLQs' alarms
    const monitoring = new Monitoring(this, 'Monitoring', {
      config,
      functions: this.node.findAll().filter((construct): construct is AppFunction => construct instanceof AppFunction),
      apiStage: api.restApi.deploymentStage,
      alarms: [
        webhooksBlocked,
        ...[...workers.workers.values()].map((worker) => worker.alarm),
        ...[...streams.consumers.values()].flatMap((consumer) => consumer.alarms),
      ],
    });

    new CfnOutput(this, 'WebUrl', { value: web.origin, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', { value: api.url, description: 'The REST API (routes of shared/routes.ts)' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    if (auth.hostedUiDomain) new CfnOutput(this, 'HostedUiDomain', { value: auth.hostedUiDomain });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: monitoring.topic.topicArn,
      description: 'Where every alarm is told (subscribe more addresses here; -c alarmEmail= adds one at deploy)',
    });
  }
}
