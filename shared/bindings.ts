import type { queues } from './queues.js';
import type { Domain } from './routes.js';

/**
 * What each domain's Lambdas are bound to: grants, settings and secrets, by NAME only (a value is never here: shared/
 * reaches the browser's bundle only through what the web imports, and it imports none of this). Read by the CDK stack
 * (infra/stack.ts: grants, and the environment in AWS) and by the local stack (infra/local/lambda-env.ts: the
 * environment on this machine), and by each domain's config reader (lambdas/core/config.ts `domainConfig`);
 * infra/bindings.test.ts and infra/local/lambda-env.test.ts fail when either side drifts from it.
 */

/**
 * A secret: in AWS `<NAME>_SECRET` holds the NAME of the Secrets Manager secret (read at run time through the Lambda
 * extension, lambdas/core/secrets.ts); locally `<NAME>` holds the value itself (the sandbox's, or a fixed local key).
 */
export const secretNames = [
  'ADDRESS_HASH_KEY',
  'CURSOR_SIGNING_KEY',
  'ENRICHMENT_API_KEY',
  'GOOGLE_OAUTH_CLIENT_SECRET',
  'MICROSOFT_OAUTH_CLIENT_SECRET',
  'NOTIFICATION_SIGNING_KEY',
  'OPENAI_API_KEY',
  'PERPLEXITY_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'VERIFICATION_API_KEY',
  'ZOOM_OAUTH_CLIENT_SECRET',
  'ZOOM_WEBHOOK_SECRET',
] as const;
export type SecretName = (typeof secretNames)[number];

/** A plain setting, the same variable in AWS and locally (its value from the stage's config, or the local stack's). */
export const settingNames = [
  'GMAIL_PUBSUB_TOPIC',
  'GMAIL_PUSH_AUDIENCE',
  'GMAIL_PUSH_SERVICE_ACCOUNT',
  'GOOGLE_OAUTH_CLIENT_ID',
  'MICROSOFT_OAUTH_CLIENT_ID',
  'MICROSOFT_TENANT',
  'NOTIFICATION_SENDER',
  'NOTIFICATION_UNSUBSCRIBE_URL',
  'OPENAI_MODEL',
  'OUTLOOK_NOTIFICATION_URL',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_STARTER',
  'USER_POOL_ID',
  'ZOOM_OAUTH_CLIENT_ID',
] as const;
export type SettingName = (typeof settingNames)[number];

export type QueueName = keyof typeof queues;

export type Bindings = {
  /** the table (`TABLE_NAME`): `describe` says only whether it is there (the health check) */
  table?: 'describe' | 'readWrite';
  /**
   * the uploads bucket (`BUCKET_NAME`), users' objects only; `readWriteAll` also deletes their stored versions and
   * lists their keys (an account's deletion)
   */
  uploads?: 'read' | 'readWrite' | 'readWriteAll';
  /** data keys of the token key, for the domain's sealed purposes (`TOKEN_KMS_KEY_ID` in AWS, `TOKEN_KEY_FILE` locally) */
  sealing?: true;
  /** deletes users of the user pool (`USER_POOL_ID` among its settings) */
  deletesUsers?: true;
  /** posts to the live channel (`LIVE_ENDPOINT`) */
  live?: true;
  /** sends e-mail through Amazon SES v2 as the stage's notification sender identity (`NOTIFICATION_SENDER`) */
  notificationMail?: true;
  /** the queues it sends to (`QUEUE_URL_<NAME>`) */
  sends?: readonly QueueName[];
  settings?: readonly SettingName[];
  secrets?: readonly SecretName[];
};

/**
 * A domain's bindings: what every one of its functions gets, and what only one function gets (`only`, by its handler's
 * file name under `lambdas/<domain>/`: `http` for the HTTP Lambda, a worker's, a job's, a stream consumer's).
 */
export type DomainBindings = Bindings & { only?: Readonly<Record<string, Bindings>> };

/** The Google and Microsoft OAuth clients (the mailboxes' sign-in and token renewal): ids as settings, secrets by name. */
const mailClients = {
  settings: ['GOOGLE_OAUTH_CLIENT_ID', 'MICROSOFT_OAUTH_CLIENT_ID', 'MICROSOFT_TENANT'],
  secrets: ['GOOGLE_OAUTH_CLIENT_SECRET', 'MICROSOFT_OAUTH_CLIENT_SECRET'],
} as const;

/** The user's mailboxes, opened to send or read mail: their sealed tokens, renewed when due with the OAuth clients. */
const mailboxes = { table: 'readWrite', sealing: true, live: true, ...mailClients } as const;

export const bindings = {
  // the health check only asks whether the table is there
  health: { table: 'describe' },
  // documents are read only to sign their short-lived links in profile answers; a deleted account's address signing up
  // again is recognised by its keyed fingerprint
  profiles: { table: 'readWrite', uploads: 'read', secrets: ['ADDRESS_HASH_KEY'] },
  documents: { table: 'readWrite', uploads: 'readWrite' },
  // SPEC §7 normalisation and AI-written e-mails (HTTP and the ai-generation worker): the OpenAI and research keys
  ai: {
    table: 'readWrite',
    live: true,
    sends: ['ai-generation'],
    settings: ['OPENAI_MODEL'],
    secrets: ['OPENAI_API_KEY', 'PERPLEXITY_API_KEY'],
  },
  // a vendor's key is read by the one function that calls it: enrichment on adding by URL (HTTP), verification in the
  // lookup worker; page cursors are sealed by the HTTP Lambdas of paged lists only
  contacts: {
    table: 'readWrite',
    live: true,
    sends: ['email-lookup'],
    only: {
      http: { secrets: ['ENRICHMENT_API_KEY', 'CURSOR_SIGNING_KEY'] },
      'email-lookup-worker': { secrets: ['VERIFICATION_API_KEY'] },
    },
  },
  // sending opens the mailbox's sealed tokens and attaches the résumé; a mailbox's first send starts its reply checks
  // (lambdas/mailboxes/reply-checks.ts)
  drafts: {
    ...mailboxes,
    uploads: 'read',
    sends: ['send', 'reply-check'],
    only: { http: { secrets: ['CURSOR_SIGNING_KEY'] } },
  },
  templates: { table: 'readWrite' },
  // HTTP: sign-in verifiers and tokens, sealed; the token-refresh job renews every provider's connections
  // (lambdas/connections), Zoom's too, with Zoom's client
  mailboxes: {
    ...mailboxes,
    only: {
      'token-refresh': { settings: ['ZOOM_OAUTH_CLIENT_ID'], secrets: ['ZOOM_OAUTH_CLIENT_SECRET'] },
    },
  },
  // conversations, their e-mails, notifications (mail is read by the replies domain)
  conversations: { table: 'readWrite', live: true },
  // reply checks read the user's mailboxes, and where the providers push (the webhooks' URLs and Gmail's topic)
  // and label what came in (reply triage through the AI port: the OpenAI key)
  replies: {
    ...mailboxes,
    sends: ['reply-check'],
    settings: [
      ...mailClients.settings,
      'OUTLOOK_NOTIFICATION_URL',
      'GMAIL_PUBSUB_TOPIC',
      'GMAIL_PUSH_AUDIENCE',
      'GMAIL_PUSH_SERVICE_ACCOUNT',
      'OPENAI_MODEL',
    ],
    secrets: [...mailClients.secrets, 'OPENAI_API_KEY'],
  },
  pipeline: { table: 'readWrite', live: true },
  // the Zoom connection, and invitations sent from the user's mailbox (whose first send starts its reply checks);
  // Zoom's event notifications arrive at the HTTP Lambda only, which checks their signature
  meetings: {
    ...mailboxes,
    sends: ['meeting-invitation', 'reply-check'],
    settings: [...mailClients.settings, 'ZOOM_OAUTH_CLIENT_ID'],
    secrets: [...mailClients.secrets, 'ZOOM_OAUTH_CLIENT_SECRET'],
    only: { http: { secrets: ['ZOOM_WEBHOOK_SECRET'] } },
  },
  // Checkout, the Portal and Stripe's webhook are the HTTP Lambda's; the quota-periods job never calls Stripe
  billing: {
    table: 'readWrite',
    only: {
      http: {
        settings: ['STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'],
        secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      },
    },
  },
  // the dashboard's counters and tasks, the activity log, the stream's stats aggregator
  dashboard: { table: 'readWrite', live: true },
  // DESIGN §6 "Your data": every item and file of the user, the Cognito user, and what a deletion releases outside:
  // the mailboxes' and Zoom's grants (revoked), Stripe's subscriptions (cancelled), the address's fingerprint (kept)
  account: {
    ...mailboxes,
    uploads: 'readWriteAll',
    deletesUsers: true,
    sends: ['account-deletion'],
    settings: [...mailClients.settings, 'USER_POOL_ID', 'ZOOM_OAUTH_CLIENT_ID'],
    secrets: [...mailClients.secrets, 'STRIPE_SECRET_KEY', 'ZOOM_OAUTH_CLIENT_SECRET', 'ADDRESS_HASH_KEY'],
  },
  // notification e-mails and reminders (DESIGN §9): the digest and reminder items, SES as the stage's sender, the
  // in-app reminder on the live channel; unsubscribe links are signed (and checked) with their own key, and point at
  // the public unsubscribe route
  notifications: {
    table: 'readWrite',
    live: true,
    notificationMail: true,
    sends: ['notification-email'],
    settings: ['NOTIFICATION_SENDER', 'NOTIFICATION_UNSUBSCRIBE_URL'],
    secrets: ['NOTIFICATION_SIGNING_KEY'],
  },
  // sequences (DESIGN §9): their steps' drafts written by the stream consumer as the e-mail before goes (by AI from
  // the thread, with the OpenAI and research keys, or from a template), stopped and paused by what comes back; the
  // HTTP Lambda only asks for a step (an enrolment's `stepFrom`), so it holds no vendor key
  sequences: {
    table: 'readWrite',
    live: true,
    only: {
      'sequences-stream': { settings: ['OPENAI_MODEL'], secrets: ['OPENAI_API_KEY', 'PERPLEXITY_API_KEY'] },
    },
  },
} as const satisfies Record<Domain, DomainBindings>;

/** What one function of a domain is bound to: the domain's bindings with its own (`only`) added. */
export const functionBindings = (domain: Domain, handler: string): Bindings => {
  const { only, ...all }: DomainBindings = bindings[domain];
  const own = only?.[handler] ?? {};
  return {
    ...all,
    ...own,
    sends: [...(all.sends ?? []), ...(own.sends ?? [])],
    settings: [...(all.settings ?? []), ...(own.settings ?? [])],
    secrets: [...(all.secrets ?? []), ...(own.secrets ?? [])],
  };
};

/** The variable a secret's binding sets in AWS: the Secrets Manager secret's name, never its value. */
export const secretNameVariable = (secret: SecretName) => `${secret}_SECRET` as const;

/** Every secret and setting any function of `domain` may read (its typed config reader's names). */
type OnlyOf<D extends Domain> = (typeof bindings)[D] extends { only: infer O } ? O[keyof O] : never;
type NamesIn<B, K extends 'secrets' | 'settings'> = B extends { [key in K]: readonly (infer N)[] } ? N : never;
export type DomainSecret<D extends Domain> = Extract<NamesIn<(typeof bindings)[D] | OnlyOf<D>, 'secrets'>, SecretName>;
export type DomainSetting<D extends Domain> = Extract<
  NamesIn<(typeof bindings)[D] | OnlyOf<D>, 'settings'>,
  SettingName
>;
