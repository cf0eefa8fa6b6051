import { CfnOutput, Duration, Lazy, NestedStack, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { meetingsSealedPurposes } from '../lambdas/meetings/sealed-purposes.js';
import { sealedPurposes } from '../lambdas/mailboxes/sealed-purposes.js';
import { kmsKeyEnvName } from '../lambdas/providers/crypto/data-keys.js';
import { addressHashKeySecretEnvName } from '../lambdas/providers/crypto/keyed-hash.js';
import { queueEntries, queues as sharedQueues, queueUrlEnvName, type QueueSpec } from '../shared/queues.js';
import type { Domain } from '../shared/routes.js';
import type { ScheduleSpec } from '../shared/schedules.js';
import type { StreamConsumerSpec } from '../shared/streams.js';
import { messages } from '../shared/messages.js';
import { appName, type StageConfig } from './config.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { Firewall } from './constructs/firewall.js';
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

    // The user's mailboxes (their HTTP Lambda and token-refresh job, and the domains that send
    // and read mail): the table, data keys of the KMS key that seals their tokens and sign-in verifiers (DESIGN §6),
    // the Google and Microsoft OAuth clients (ids as settings, secrets by name)
    const mailboxAccess = (fn: AppFunction, purposes: readonly string[] = Object.values(sealedPurposes)) => {
      fn.bindTable(data.table, 'readWrite').bindDataKeys(data.secretsKey, kmsKeyEnvName, [...purposes]);
      if (config.google && googleClientSecret) {
        fn.addEnvironment('GOOGLE_OAUTH_CLIENT_ID', config.google.clientId).bindSecret(
          googleClientSecret,
          'GOOGLE_OAUTH_CLIENT_SECRET_SECRET',
        );
      }
      if (config.microsoft && microsoftClientSecret) {
        fn.addEnvironment('MICROSOFT_OAUTH_CLIENT_ID', config.microsoft.clientId)
          .addEnvironment('MICROSOFT_TENANT', config.microsoft.tenant)
          .bindSecret(microsoftClientSecret, 'MICROSOFT_OAUTH_CLIENT_SECRET_SECRET');
      }
      return fn;
    };

    // What each domain's Lambdas may touch; a new domain is a compile error here until it says. A vendor's key is
    // not a domain's: it is bound below to the one function that calls that vendor.
    const access: DomainAccess = {
      // the health check only asks whether the table is there
      health: (fn) => fn.bindTable(data.table, 'describe'),
      // reads documents only to sign their short-lived links in profile answers; recognises a deleted account's
      // address signing up again (the address hash key)
      profiles: (fn) =>
        fn
          .bindTable(data.table, 'readWrite')
          .bindBucket(data.uploads, 'read')
          .bindSecret(addressHashKey, addressHashKeySecretEnvName),
      documents: (fn) => {
        fn.bindTable(data.table, 'readWrite');
        fn.bindBucket(data.uploads, 'readWrite');
      },
      // SPEC §7 normalisation and AI-written e-mails (HTTP and the ai-generation worker): the table, the OpenAI and
      // research keys by their secrets' names (DESIGN §7), read at run time; the HTTP function's timeout is set below
      ai: (fn) =>
        fn
          .bindTable(data.table, 'readWrite')
          .bindSecret(openAiKey, 'OPENAI_API_KEY_SECRET')
          .bindSecret(researchKey, 'PERPLEXITY_API_KEY_SECRET')
          .addEnvironment('OPENAI_MODEL', config.openai.model),
      // the email-lookup queue's send grant and URL, and the vendors' keys, are given below to the functions that use
      // them, once those exist
      contacts: (fn) => fn.bindTable(data.table, 'readWrite'),
      // Drafts and the Outreach list (the user's contacts and their drafts)
      // Sending opens the mailbox's sealed tokens (renewing them when due) and reads the résumé to attach
      drafts: (fn) => mailboxAccess(fn, [sealedPurposes.tokens]).bindBucket(data.uploads, 'read'),
      // The user's templates, and the contact and profile a template is filled in from
      templates: (fn) => fn.bindTable(data.table, 'readWrite'),
      // The user's mailboxes (HTTP and the token-refresh job): the table, data keys of the KMS key that seals
      // their tokens and sign-in verifiers (DESIGN §6), the Google and Microsoft OAuth clients (ids as settings,
      // secrets by name)
      mailboxes: (fn) => mailboxAccess(fn),
      // Conversations, their e-mails, notifications (the table only: mail is read by the replies domain)
      conversations: (fn) => fn.bindTable(data.table, 'readWrite'),
      // Reply checks read the user's mailboxes (their sealed tokens, renewed when due) and the webhooks
      replies: (fn) => mailboxAccess(fn, [sealedPurposes.tokens]),
      // The pipeline's stages over the user's contacts
      pipeline: (fn) => fn.bindTable(data.table, 'readWrite'),
      // Meetings and the Zoom connection (its sealed tokens and sign-in verifiers, Zoom's client id as a
      // setting and its secret by name), and invitations sent from the user's mailbox (its sealed tokens, renewed when
      // due)
      meetings: (fn) => {
        mailboxAccess(fn, [sealedPurposes.tokens, meetingsSealedPurposes.zoomTokens, meetingsSealedPurposes.verifier]);
        if (config.zoom && zoomClientSecret) {
          fn.addEnvironment('ZOOM_OAUTH_CLIENT_ID', config.zoom.clientId).bindSecret(
            zoomClientSecret,
            'ZOOM_OAUTH_CLIENT_SECRET_SECRET',
          );
        }
        return fn;
      },
      // Plans with Stripe (the user's subscription, quota and profile; Stripe's key and webhook secret are
      // bound below to the billing functions only)
      billing: (fn) => fn.bindTable(data.table, 'readWrite'),
      // The dashboard's counters and pending tasks, the activity log, and the stats aggregator fed by the
      // table's stream (the table only)
      dashboard: (fn) => fn.bindTable(data.table, 'readWrite'),
      // DESIGN §6 "Your data": every item under the user's key, every file (and every stored version of it) under
      // `users/<sub>/`, the Cognito user
      account: (fn) => {
        // the table, and what a deletion releases outside the user's partition (lambdas/account/service.ts
        // `releaseOutside`): the mailboxes' grants, revoked with their sealed tokens and the Google and Microsoft clients
        mailboxAccess(fn, [sealedPurposes.tokens, meetingsSealedPurposes.zoomTokens])
          .bindBucket(data.uploads, 'readWrite', { versions: true })
          .bindBucketListing(data.uploads, 'users/', { versions: true })
          .withTimeout(slowRouteTimeout);
        // `auth` is made below, before the API calls these to build its functions
        auth.userPool.grant(fn.role, 'cognito-idp:AdminDeleteUser');
        fn.addEnvironment('USER_POOL_ID', auth.userPool.userPoolId);
        // the Zoom grant, revoked with the connection's sealed tokens (renewed first when due) and Zoom's client; the
        // Stripe subscriptions, cancelled with Stripe's key (by name)
        fn.bindSecret(stripeKey, 'STRIPE_SECRET_KEY_SECRET');
        if (config.zoom && zoomClientSecret) {
          fn.addEnvironment('ZOOM_OAUTH_CLIENT_ID', config.zoom.clientId).bindSecret(
            zoomClientSecret,
            'ZOOM_OAUTH_CLIENT_SECRET_SECRET',
          );
        }
        // the deleted address's fingerprint, kept 12 months (lambdas/profiles/returning.ts)
        fn.bindSecret(addressHashKey, addressHashKeySecretEnvName);
      },
    };

    const postConfirmation = new AppFunction(this, 'PostConfirmation', {
      config,
      service: 'profiles',
      entry: lambdaEntry('profiles', 'post-confirmation'),
      description: 'Cognito PostConfirmation trigger: creates the profile of a confirmed account',
    });
    access.profiles(postConfirmation);
    const auth = new Auth(this, 'Auth', { config, webOrigin, postConfirmation: postConfirmation.fn });

    const api = new Api(this, 'Api', { config, userPool: auth.userPool, webOrigin, access });
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
    const schedules = new Schedules(background, 'Schedules', {
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
    // producers (DESIGN §4): the HTTP Lambda, the jobs and the workers of a queue's domain may send to it and find it
    // by its URL (a worker re-queues what must wait, e.g. a send the sending guard holds back), and the domains named
    // here: a mailbox's first send starts its reply checks (lambdas/mailboxes/reply-checks.ts `markMailboxActive`)
    const otherProducers: Partial<Record<string, readonly string[]>> = { 'reply-check': ['drafts'] };
    for (const spec of queueEntries(props.queues ?? sharedQueues)) {
      const worker = workers.workers.get(spec.name);
      if (!worker) continue;
      const producerDomains = new Set([spec.domain, ...(otherProducers[spec.name] ?? [])]);
      const producers = [
        ...[...producerDomains].map((domain) => api.functions.get(domain as Domain)),
        ...[...schedules.jobs.values()].map((job) => job.fn).filter((fn) => producerDomains.has(fn.service)),
        ...[...workers.workers.values()].map((each) => each.fn).filter((fn) => producerDomains.has(fn.service)),
      ];
      for (const producer of producers) {
        if (!producer) continue;
        worker.queue.grantSendMessages(producer.fn);
        producer.addEnvironment(queueUrlEnvName(spec.name), worker.queue.queueUrl);
      }
    }

    // Each vendor's key is read by the one function that calls it: the contacts HTTP Lambda enriches a
    // contact added by URL or previewed (People Data Labs), the e-mail lookup worker verifies (QuickEmailVerification).
    api.functions.get('contacts')?.bindSecret(enrichmentKey, 'ENRICHMENT_API_KEY_SECRET').withTimeout(slowRouteTimeout);
    // a research call and a completion per e-mail (lambdas/providers/vendor-limits.ts); the worker keeps its queue's
    api.functions.get('ai')?.withTimeout(slowRouteTimeout);
    // a sign-in's callback exchanges the code and asks who the mailbox is: two provider calls
    api.functions.get('mailboxes')?.withTimeout(slowRouteTimeout);
    // check-replies reads the user's mailboxes inline: token renewals and incremental reads (vendorLimits.mailApi)
    api.functions.get('replies')?.withTimeout(slowRouteTimeout);
    // Zoom's code exchange, users/me and the revocation of a replaced grant; a booking's renewal and new meeting
    api.functions.get('meetings')?.withTimeout(slowRouteTimeout);
    // Zoom's event notifications arrive at the meetings HTTP Lambda only, which checks their signature
    if (zoomWebhookSecret) api.functions.get('meetings')?.bindSecret(zoomWebhookSecret, 'ZOOM_WEBHOOK_SECRET_SECRET');
    workers.workers.get('email-lookup')?.fn.bindSecret(verificationKey, 'VERIFICATION_API_KEY_SECRET');

    // page cursors are sealed by the HTTP Lambdas of paged lists only, contacts and drafts (the Outreach list): a
    // tampered cursor is a 400
    api.functions.get('contacts')?.bindSecret(cursorKey, 'CURSOR_SIGNING_KEY_SECRET');
    api.functions.get('drafts')?.bindSecret(cursorKey, 'CURSOR_SIGNING_KEY_SECRET');

    // Checkout, the Portal and Stripe's webhook are the billing HTTP Lambda's (two Stripe calls at most per
    // request, lambdas/providers/vendor-limits.ts); the quota-periods job never calls Stripe. The webhook's raw body
    // reaches it unchanged: a proxy integration, and no binary media types that would re-encode it.
    const billingHttp = api.functions.get('billing');
    billingHttp
      ?.bindSecret(stripeKey, 'STRIPE_SECRET_KEY_SECRET')
      .bindSecret(stripeWebhookSecret, 'STRIPE_WEBHOOK_SECRET_SECRET')
      .withTimeout(slowRouteTimeout);
    if (config.stripe.prices) {
      billingHttp
        ?.addEnvironment('STRIPE_PRICE_STARTER', config.stripe.prices.starter)
        .addEnvironment('STRIPE_PRICE_PRO', config.stripe.prices.pro);
    }

    // Where the providers push (DESIGN §8). The webhooks' URLs are built from the API's id and stage name,
    // not from its deployment stage, so a function does not depend on the deployment that depends on it.
    const apiBase = `https://${api.restApi.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${config.stage}`;
    for (const fn of this.node.findAll()) {
      if (!(fn instanceof AppFunction) || fn.service !== 'replies') continue;
      fn.addEnvironment('OUTLOOK_NOTIFICATION_URL', `${apiBase}/api/webhooks/outlook`);
      if (config.gmailPush) {
        fn.addEnvironment('GMAIL_PUBSUB_TOPIC', config.gmailPush.topic)
          .addEnvironment('GMAIL_PUSH_AUDIENCE', `${apiBase}/api/webhooks/gmail`)
          .addEnvironment('GMAIL_PUSH_SERVICE_ACCOUNT', config.gmailPush.serviceAccount);
      }
    }

    // the live channel (DESIGN §8): every function of a publishing domain (HTTP, workers, jobs) may post to it; the
    // account domain closes a deleted user's connections
    const live = new Live(this, 'Live', {
      config,
      table: data.table,
      userPool: auth.userPool,
      client: auth.client,
    });
    const publishers = new Set([
      'ai',
      'drafts',
      'mailboxes',
      'conversations',
      'replies',
      'pipeline',
      'meetings',
      'contacts',
      'dashboard',
      'account',
    ]);
    for (const construct of this.node.findAll()) {
      if (construct instanceof AppFunction && publishers.has(construct.service)) live.grantPublish(construct);
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
