import * as z from 'zod/mini';
import { type RetryPolicy, retryingFetch } from '../retry.js';
import { vendorLimits } from '../vendor-limits.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/**
 * One OAuth client (an app registration at Google or Microsoft): its id is configuration; its secret is a Secrets
 * Manager secret whose NAME is given in AWS (read at run time through the Lambda extension), or the secret itself
 * locally, where the sandbox takes any value (infra/local/lambda-env.ts).
 */
export type OAuthClientSettings = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  clientSecretName: string | undefined;
};

export type GoogleMailSettings = OAuthClientSettings & {
  /** where authorize, token and revoke live (`/o/oauth2/v2/auth`, `/token`, `/revoke`); undefined: Google's own */
  oauthBaseUrl: string | undefined;
  /** the Gmail API's root URL, an origin (googleapis keeps only the origin); undefined: https://gmail.googleapis.com/ */
  gmailBaseUrl: string | undefined;
};

export type MicrosoftMailSettings = OAuthClientSettings & {
  /** `common` (work, school and personal accounts), `organizations`, `consumers` or a tenant id */
  tenant: string;
  authorityBaseUrl: string;
  graphBaseUrl: string;
};

const optional = /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.trim(), z.minLength(1))));
const url = /* @__PURE__ */ lazySchema(() => z.optional(z.url()));

/**
 * The variables the mail adapters read (the CDK stack sets them in AWS; infra/local/lambda-env.ts locally). zod/mini,
 * as every schema of the Lambdas (lambdas/core/config.ts).
 */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    GOOGLE_OAUTH_CLIENT_ID: optional,
    GOOGLE_OAUTH_CLIENT_SECRET: optional,
    GOOGLE_OAUTH_CLIENT_SECRET_SECRET: optional,
    /** @default Google's endpoints (accounts.google.com for authorize, oauth2.googleapis.com for token and revoke) */
    GOOGLE_OAUTH_BASE_URL: url,
    /** @default https://gmail.googleapis.com/ */
    GMAIL_API_BASE_URL: url,
    MICROSOFT_OAUTH_CLIENT_ID: optional,
    MICROSOFT_OAUTH_CLIENT_SECRET: optional,
    MICROSOFT_OAUTH_CLIENT_SECRET_SECRET: optional,
    /** @default common */
    MICROSOFT_TENANT: z._default(z.string().check(z.trim(), z.regex(/^[\w.-]+$/)), 'common'),
    /** @default https://login.microsoftonline.com */
    MICROSOFT_AUTHORITY_BASE_URL: z._default(z.url(), 'https://login.microsoftonline.com'),
    /** @default https://graph.microsoft.com/ */
    MICROSOFT_GRAPH_BASE_URL: z._default(z.url(), 'https://graph.microsoft.com/'),
  }),
);

export type MailSettings = { google: GoogleMailSettings; microsoft: MicrosoftMailSettings };

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/** The mail adapters' settings from the Lambda's environment; a malformed value fails here, naming the variable. */
export const readMailSettings = (env: NodeJS.ProcessEnv = process.env): MailSettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Mail sign-in settings are invalid: ${names}`);
  }
  const settings = parsed.data;
  return {
    google: {
      clientId: settings.GOOGLE_OAUTH_CLIENT_ID,
      clientSecret: settings.GOOGLE_OAUTH_CLIENT_SECRET,
      clientSecretName: settings.GOOGLE_OAUTH_CLIENT_SECRET_SECRET,
      oauthBaseUrl: settings.GOOGLE_OAUTH_BASE_URL && withoutTrailingSlash(settings.GOOGLE_OAUTH_BASE_URL),
      gmailBaseUrl: settings.GMAIL_API_BASE_URL,
    },
    microsoft: {
      clientId: settings.MICROSOFT_OAUTH_CLIENT_ID,
      clientSecret: settings.MICROSOFT_OAUTH_CLIENT_SECRET,
      clientSecretName: settings.MICROSOFT_OAUTH_CLIENT_SECRET_SECRET,
      tenant: settings.MICROSOFT_TENANT,
      authorityBaseUrl: withoutTrailingSlash(settings.MICROSOFT_AUTHORITY_BASE_URL),
      graphBaseUrl: settings.MICROSOFT_GRAPH_BASE_URL,
    },
  };
};

/**
 * The client id, or a clear failure naming the variable: a provider that is not configured fails when a sign-in
 * needs it, not when the Lambda starts (the other provider keeps working).
 */
export const requireClientId = (settings: OAuthClientSettings, variable: string, provider: string) => {
  if (!settings.clientId) throw new Error(`${provider} sign-in is not configured: set ${variable}`);
  return settings.clientId;
};

/**
 * The client secret when a request needs it: given, or read from Secrets Manager by name (the extension caches it).
 */
export const clientSecretReader =
  (settings: OAuthClientSettings, variable: string, readSecret: (name: string) => () => Promise<string>) =>
  (): Promise<string> => {
    if (settings.clientSecret) return Promise.resolve(settings.clientSecret);
    if (settings.clientSecretName) return readSecret(settings.clientSecretName)();
    return Promise.reject(new Error(`No OAuth client secret: set ${variable}_SECRET (a secret's name) or ${variable}`));
  };

/** Whether a configured endpoint is the local sandbox: the only place plain http is allowed. */
export const isLocalHttp = (value: string) => {
  const parsed = new URL(value);
  return parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
};

/** Each call to a sign-in endpoint or to the mailbox's profile (lambdas/providers/vendor-limits.ts `mailAuth`). */
export const mailAuthPolicy: RetryPolicy = vendorLimits.mailAuth;

/** Each Gmail API or Graph mail call: sends and reads (lambdas/providers/vendor-limits.ts `mailApi`). */
export const mailApiPolicy: RetryPolicy = vendorLimits.mailApi;

/**
 * `fetch` for the mailbox APIs under `policy`: reads, renewals and deletes are tried again (retry.ts
 * `retryingFetch`: timeouts, 429 with a short Retry-After, 5xx); a POST (a send, a new subscription or watch) is
 * made once, as a second attempt after a timeout could send the e-mail twice: the send worker retries it only after
 * asking the mailbox (`findSent`).
 */
export const mailApiFetch = (policy: RetryPolicy = mailApiPolicy) => {
  const reads = retryingFetch(policy);
  const once = retryingFetch({ ...policy, retries: 0 });
  return (input: string | URL, init: RequestInit = {}) =>
    (init.method ?? 'GET').toUpperCase() === 'POST' ? once(input, init) : reads(input, init);
};
