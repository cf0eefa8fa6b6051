import { keyFileEnvName } from '../../lambdas/providers/crypto/data-keys.js';
import type { SecretName, SettingName } from '../../shared/bindings.js';
import { queues, queueUrlEnvName } from '../../shared/queues.js';
import { localCredentials, localNames } from './ports.js';
import { sandboxNotificationSender } from './sandbox/ses.js';
import { sandboxPriceIds } from './sandbox/stripe-store.js';
import { localQueueUrl } from './sqs-api.js';

/** Gmail push locally: the topic a watch names and the service account of the sandbox's push tokens. */
export const localGmailPush = {
  topic: 'projects/outreach-local/topics/gmail-push',
  serviceAccount: 'gmail-push@outreach-local.iam.gserviceaccount.com',
} as const;

/** The app's mail webhooks on the local gateway: where the sandbox pushes (Gmail) and subscriptions point (Graph). */
export const localMailWebhooks = (apiUrl: string) => ({
  gmail: `${apiUrl}/api/webhooks/gmail`,
  outlook: `${apiUrl}/api/webhooks/outlook`,
});

/**
 * Zoom locally: the sandbox's app registration and the secret token it signs event notifications with
 * (infra/local/sandbox/zoom.ts); the app's Zoom webhook on the local gateway is where the sandbox posts its events.
 */
export const localZoom = {
  clientId: 'sandbox-zoom-client',
  clientSecret: 'sandbox-zoom-client-secret',
  webhookSecret: 'sandbox-zoom-webhook-secret',
  webhook: (apiUrl: string) => `${apiUrl}/api/webhooks/zoom`,
} as const;

/**
 * Stripe locally: the sandbox account's test key, the signing secret of its webhook endpoint (the app's
 * `/api/webhooks/stripe` on the local gateway, which stack.ts tells the sandbox) and its two prices
 * (infra/local/sandbox/stripe.ts).
 */
export const localStripe = {
  secretKey: 'sk_test_sandbox',
  webhookSecret: 'whsec_sandbox_local',
  prices: sandboxPriceIds,
  webhook: (apiUrl: string) => `${apiUrl}/api/webhooks/stripe`,
} as const;

type LambdaEnvironmentOptions = {
  tableName?: string;
  bucket?: string;
  webOrigin?: string;
  dynamodbEndpoint?: string;
  s3Endpoint?: string;
  /** the local gateway, which also speaks the SQS subset the queue port needs */
  sqsEndpoint?: string;
  /** cognito-local (the emulator itself; the shim is only for browsers) */
  cognitoEndpoint?: string;
  userPoolId?: string;
  /** the sandbox server (infra/local/sandbox/): the outside services' SDKs are pointed at it */
  sandboxEndpoint?: string;
  /** the gateway's URL as outside services reach it (the mail webhooks) */
  apiUrl?: string;
  /** the local master key of token encryption (`<localDir>/token.key`, made by `ensureKeyFile`); in AWS a KMS key */
  tokenKeyFile?: string;
  logLevel?: string;
};

/**
 * The local value of each secret and setting shared/bindings.ts binds (typed by it: a new name does not compile here
 * until it has one). Locally every Lambda runs in one process with one environment, so it holds what any domain
 * needs. A secret's value itself is given, never its `_SECRET` name: no Secrets Manager here. Undefined leaves the
 * Lambdas' default: the real vendor's (without the sandbox nothing outside is called), or a default the sandbox
 * takes as it is.
 */
export const localBindings = (
  options: Pick<LambdaEnvironmentOptions, 'sandboxEndpoint' | 'apiUrl' | 'userPoolId'>,
): { secrets: Record<SecretName, string | undefined>; settings: Record<SettingName, string | undefined> } => {
  const sandbox = options.sandboxEndpoint !== undefined;
  const webhooks = options.apiUrl ? localMailWebhooks(options.apiUrl) : undefined;
  const inSandbox = (value: string) => (sandbox ? value : undefined);
  return {
    secrets: {
      // keys the fingerprints of deleted accounts' addresses (lambdas/providers/crypto/keyed-hash.ts)
      ADDRESS_HASH_KEY: 'local-address-hash-key-not-secret',
      // signs the contact list's page cursors (lambdas/core/cursor.ts)
      CURSOR_SIGNING_KEY: 'local-cursor-signing-key-not-secret',
      // the sandbox wants an X-Api-Key header, as People Data Labs does, and accepts any
      ENRICHMENT_API_KEY: inSandbox('sandbox-enrichment-key'),
      // mailbox sign-in (lambdas/providers/mail/settings.ts): the sandbox knows no app registrations; it takes any
      // client id and wants the same secret from a client id every time (infra/local/sandbox/oauth-grants.ts)
      GOOGLE_OAUTH_CLIENT_SECRET: inSandbox('sandbox-google-client-secret'),
      MICROSOFT_OAUTH_CLIENT_SECRET: inSandbox('sandbox-microsoft-client-secret'),
      // signs the unsubscribe links of notification e-mails (lambdas/notifications/unsubscribe.ts)
      NOTIFICATION_SIGNING_KEY: 'local-notification-signing-key-not-secret',
      // the sandbox wants a bearer token, as OpenAI and Perplexity do, and accepts any
      OPENAI_API_KEY: inSandbox('sandbox-openai-key'),
      PERPLEXITY_API_KEY: inSandbox('sandbox-perplexity-key'),
      STRIPE_SECRET_KEY: inSandbox(localStripe.secretKey),
      STRIPE_WEBHOOK_SECRET: inSandbox(localStripe.webhookSecret),
      // e-mail verification (QuickEmailVerification's API subset); the sandbox wants a key, as the vendor does
      VERIFICATION_API_KEY: inSandbox('sandbox-verification-key'),
      // the sandbox takes any Zoom client id and wants the same secret from it every time, and signs its events with
      // the webhook secret (stack.ts tells it)
      ZOOM_OAUTH_CLIENT_SECRET: inSandbox(localZoom.clientSecret),
      ZOOM_WEBHOOK_SECRET: inSandbox(localZoom.webhookSecret),
    },
    settings: {
      GMAIL_PUBSUB_TOPIC: inSandbox(localGmailPush.topic),
      GMAIL_PUSH_AUDIENCE: webhooks?.gmail,
      GMAIL_PUSH_SERVICE_ACCOUNT: inSandbox(localGmailPush.serviceAccount),
      GOOGLE_OAUTH_CLIENT_ID: inSandbox('sandbox-google-client'),
      MICROSOFT_OAUTH_CLIENT_ID: inSandbox('sandbox-microsoft-client'),
      // `common`, the adapter's default, which the sandbox takes
      MICROSOFT_TENANT: undefined,
      // notification e-mails leave from the sandbox SES's one verified identity (infra/local/sandbox/ses.ts)
      NOTIFICATION_SENDER: inSandbox(sandboxNotificationSender),
      NOTIFICATION_UNSUBSCRIBE_URL: options.apiUrl && `${options.apiUrl}/api/notification-emails/unsubscribe`,
      // the adapter's default model; the sandbox answers any
      OPENAI_MODEL: undefined,
      OUTLOOK_NOTIFICATION_URL: webhooks?.outlook,
      STRIPE_PRICE_PRO: inSandbox(localStripe.prices.pro),
      STRIPE_PRICE_STARTER: inSandbox(localStripe.prices.starter),
      USER_POOL_ID: options.userPoolId,
      ZOOM_OAUTH_CLIENT_ID: inSandbox(localZoom.clientId),
    },
  };
};

/**
 * The environment the Lambdas read (lambdas/core/config.ts and the AWS SDK's own `AWS_ENDPOINT_URL_<SERVICE>`), as the
 * CDK stack sets it in AWS (shared/bindings.ts: `localBindings`), with endpoints pointing at the emulators. Handlers
 * run in the local stack's process, so this is applied to `process.env` before any handler module is imported.
 */
export const lambdaEnvironment = (options: LambdaEnvironmentOptions): Record<string, string> => {
  const env: Record<string, string> = {
    STAGE: 'local',
    TABLE_NAME: options.tableName ?? localNames.table,
    AWS_REGION: localNames.region,
    AWS_DEFAULT_REGION: localNames.region,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'WARN',
  };
  const { secrets, settings } = localBindings(options);
  for (const [name, value] of [...Object.entries(secrets), ...Object.entries(settings)]) {
    if (value !== undefined) env[name] = value;
  }
  if (options.bucket) env.BUCKET_NAME = options.bucket;
  if (options.webOrigin) env.CORS_ORIGIN = options.webOrigin;
  if (options.dynamodbEndpoint) env.AWS_ENDPOINT_URL_DYNAMODB = options.dynamodbEndpoint;
  if (options.s3Endpoint) {
    env.AWS_ENDPOINT_URL_S3 = options.s3Endpoint;
    // s3rver serves buckets by path, not by virtual host
    env.S3_FORCE_PATH_STYLE = 'true';
  }
  if (options.sqsEndpoint) {
    env.AWS_ENDPOINT_URL_SQS = options.sqsEndpoint;
    // producers find their queues as in AWS, by the URL the stack sets
    for (const name of Object.keys(queues)) env[queueUrlEnvName(name)] = localQueueUrl(options.sqsEndpoint, name);
  }
  if (options.cognitoEndpoint) env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = options.cognitoEndpoint;
  if (options.tokenKeyFile) env[keyFileEnvName] = options.tokenKeyFile;
  if (options.sandboxEndpoint) {
    // the outside services' endpoints, the sandbox's (in AWS each adapter's default: the vendor's own)
    env.OPENAI_BASE_URL = `${options.sandboxEndpoint}/openai/v1`;
    // the research port's web-search model (Perplexity's API subset)
    env.PERPLEXITY_BASE_URL = `${options.sandboxEndpoint}/perplexity`;
    env.VERIFICATION_BASE_URL = `${options.sandboxEndpoint}/quickemailverification/v1`;
    env.ENRICHMENT_BASE_URL = `${options.sandboxEndpoint}/pdl`;
    env.GOOGLE_OAUTH_BASE_URL = `${options.sandboxEndpoint}/google`;
    env.GMAIL_API_BASE_URL = `${options.sandboxEndpoint}/`;
    env.MICROSOFT_AUTHORITY_BASE_URL = `${options.sandboxEndpoint}/microsoft`;
    env.MICROSOFT_GRAPH_BASE_URL = `${options.sandboxEndpoint}/microsoft/graph/`;
    // reply push: the sandbox signs Gmail's push tokens with its own key, served as Google's JWKS
    env.GOOGLE_OIDC_JWKS_URL = `${options.sandboxEndpoint}/google/oauth2/v3/certs`;
    // meetings: Zoom's OAuth and API (lambdas/providers/meetings/zoom.ts)
    env.ZOOM_OAUTH_BASE_URL = `${options.sandboxEndpoint}/zoom`;
    env.ZOOM_API_BASE_URL = `${options.sandboxEndpoint}/zoom/v2`;
    // notification e-mails: the SES v2 SDK (its paths /v2/email/... on the sandbox's root)
    env.AWS_ENDPOINT_URL_SESV2 = options.sandboxEndpoint;
    // billing: the stripe SDK pointed at the sandbox by its host/port/protocol options (paths stay /v1/...)
    const stripeApi = new URL(options.sandboxEndpoint);
    env.STRIPE_API_HOST = stripeApi.hostname;
    env.STRIPE_API_PORT = stripeApi.port;
    env.STRIPE_API_PROTOCOL = stripeApi.protocol.replace(':', '');
  }
  return env;
};

/** Sets the variables on `process.env`; returns a function that restores what was there before. */
export const applyEnvironment = (env: Record<string, string>) => {
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
};
