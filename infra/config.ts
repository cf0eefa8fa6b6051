import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import { redditPixelIdPattern } from '../shared/tracking.js';

/** Product name: prefixes stack, resource and secret names. */
export const appName = 'outreach';

/** The repository root, whatever the working directory (cdk, vitest, tsx). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where `lambdas/<domain>/<file>.ts` live; tests point workers and schedules at fixtures instead. */
export const lambdasRoot = `${repoRoot}lambdas`;

/** The web build (`npm run build:web`). */
export const webDist = `${repoRoot}web/dist`;

export type FederatedProvider = 'Google' | 'Microsoft';

/** Everything an environment differs in, read once from context (`-c stage=prod -c googleClientId=...`). */
export type StageConfig = {
  stage: string;
  /** `dev` is disposable (destroyed with its stack); every other stage keeps its data and refuses deletion. */
  durable: boolean;
  /** the version the health route reports (`-c version=`, @default package.json version) */
  version: string;
  google?: { clientId: string; secretName: string };
  microsoft?: { clientId: string; secretName: string; tenant: string };
  /**
   * Zoom: the OAuth app's client id (`-c zoomClientId=`), and the Secrets Manager secrets (by name, read at
   * run time) of its client secret and of the secret token Zoom signs its event notifications with. Without it,
   * connecting Zoom fails and meetings are booked without a link.
   */
  zoom?: { clientId: string; secretName: string; webhookSecretName: string };
  /** the AI port (DESIGN §5): the model, and the Secrets Manager secret whose text is the OpenAI API key */
  openai: { model: string; secretName: string };
  /**
   * Plans with Stripe: the Secrets Manager secrets (by name, read at run time) of the API key and of the
   * webhook endpoint's signing secret, and the price ids of the paid plans (`-c stripePriceStarter=price_...
   * -c stripePricePro=price_...`, both or neither; without them Checkout cannot start).
   */
  stripe: { secretKeyName: string; webhookSecretName: string; prices?: { starter: string; pro: string } };
  /** hosted-UI domain prefix, used when a federated provider is configured */
  authDomainPrefix?: string;
  /** where the alarm topic mails its notifications (`-c alarmEmail=`); without it the topic has no subscriber */
  alarmEmail?: string;
  /**
   * Gmail push: the Pub/Sub topic Gmail's `users.watch` publishes to (`-c gmailPubsubTopic=projects/p/topics/t`)
   * and the service account its push subscription signs OIDC tokens as (`-c gmailPushServiceAccount=`). The push
   * subscription's endpoint is the API's `/api/webhooks/gmail` and its audience that URL. Without them, replies of
   * Gmail mailboxes are found by the reply-check schedule alone.
   */
  gmailPush?: { topic: string; serviceAccount: string };
  /**
   * The Reddit pixel's advertiser id (`-c redditPixelId=t2_...`): the web loads the pixel and sends it page visits and
   * named events (SPEC §2 'tracking'). Without it no Reddit script is loaded or allowed by the CSP.
   */
  redditPixelId?: string;
  /**
   * The address notification e-mails and reminders leave from (`-c notificationSender=notify@example.com`): an Amazon
   * SES identity verified in the stage's region (the address, or its domain). Without it no notification e-mail is
   * sent (the in-app notifications and reminders still are).
   */
  notificationSender?: string;
};

const stagePattern = /^[a-z][a-z0-9-]{0,19}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const packageVersion = (): string => {
  const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
};

/**
 * Reads the stage and its optional settings from CDK context. Client ids are not secret; client secrets are read by
 * name from Secrets Manager at deploy time (@default `outreach/<stage>/google-client-secret`, `.../microsoft-...`);
 * Zoom's client secret and webhook secret token at run time (@default `outreach/<stage>/zoom-client-secret`,
 * `.../zoom-webhook-secret`).
 * The OpenAI key is read by name at run time (@default `outreach/<stage>/openai-api-key`). Alarms mail `alarmEmail`
 * when it is given.
 */
export const readStageConfig = (node: Node): StageConfig => {
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const stage = text('stage') ?? 'dev';
  if (!stagePattern.test(stage)) {
    throw new Error(`Stage "${stage}": use 1-20 lower-case letters, digits and dashes, starting with a letter`);
  }
  const alarmEmail = text('alarmEmail');
  if (alarmEmail && !emailPattern.test(alarmEmail)) {
    throw new Error(`alarmEmail "${alarmEmail}": give one e-mail address, e.g. -c alarmEmail=ops@example.com`);
  }
  const googleClientId = text('googleClientId');
  const microsoftClientId = text('microsoftClientId');
  const zoomClientId = text('zoomClientId');
  const stripePriceStarter = text('stripePriceStarter');
  const stripePricePro = text('stripePricePro');
  if (!stripePriceStarter !== !stripePricePro) {
    throw new Error(
      'Stripe prices: give both -c stripePriceStarter=price_... and -c stripePricePro=price_..., or neither',
    );
  }
  const redditPixelId = text('redditPixelId');
  if (redditPixelId && !redditPixelIdPattern.test(redditPixelId)) {
    throw new Error(
      `redditPixelId "${redditPixelId}": give the pixel id Reddit's Events Manager shows, e.g. t2_abc123`,
    );
  }
  const notificationSender = text('notificationSender');
  if (notificationSender && !emailPattern.test(notificationSender)) {
    throw new Error(
      `notificationSender "${notificationSender}": give the SES-verified address, e.g. -c notificationSender=notify@example.com`,
    );
  }
  const gmailPubsubTopic = text('gmailPubsubTopic');
  const gmailPushServiceAccount = text('gmailPushServiceAccount');
  return {
    stage,
    durable: stage !== 'dev',
    version: text('version') ?? packageVersion(),
    openai: {
      model: text('openAiModel') ?? 'gpt-4o-mini',
      secretName: text('openAiSecretName') ?? `${appName}/${stage}/openai-api-key`,
    },
    ...(googleClientId && {
      google: {
        clientId: googleClientId,
        secretName: text('googleClientSecretName') ?? `${appName}/${stage}/google-client-secret`,
      },
    }),
    ...(microsoftClientId && {
      microsoft: {
        clientId: microsoftClientId,
        secretName: text('microsoftClientSecretName') ?? `${appName}/${stage}/microsoft-client-secret`,
        tenant: text('microsoftTenantId') ?? 'common',
      },
    }),
    ...(zoomClientId && {
      zoom: {
        clientId: zoomClientId,
        secretName: text('zoomClientSecretName') ?? `${appName}/${stage}/zoom-client-secret`,
        webhookSecretName: text('zoomWebhookSecretName') ?? `${appName}/${stage}/zoom-webhook-secret`,
      },
    }),
    stripe: {
      secretKeyName: text('stripeSecretKeyName') ?? `${appName}/${stage}/stripe-secret-key`,
      webhookSecretName: text('stripeWebhookSecretName') ?? `${appName}/${stage}/stripe-webhook-secret`,
      ...(stripePriceStarter && stripePricePro && { prices: { starter: stripePriceStarter, pro: stripePricePro } }),
    },
    ...(text('authDomainPrefix') && { authDomainPrefix: text('authDomainPrefix') }),
    ...(alarmEmail && { alarmEmail }),
    ...(redditPixelId && { redditPixelId }),
    ...(notificationSender && { notificationSender }),
    ...(gmailPubsubTopic &&
      gmailPushServiceAccount && {
        gmailPush: { topic: gmailPubsubTopic, serviceAccount: gmailPushServiceAccount },
      }),
  };
};
