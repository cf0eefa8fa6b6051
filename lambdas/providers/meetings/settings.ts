import * as z from 'zod/mini';
import { isLocalHttp, type OAuthClientSettings } from '../mail/settings.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/**
 * The Zoom app (an OAuth app of Zoom's Marketplace): its client id is configuration; its client secret and its webhook
 * secret token are Secrets Manager secrets whose NAMES are given in AWS (read at run time through the Lambda
 * extension), or the values themselves locally, where the sandbox plays Zoom (infra/local/lambda-env.ts).
 */
export type ZoomSettings = OAuthClientSettings & {
  /** where `/oauth/authorize`, `/oauth/token` and `/oauth/revoke` live, without a trailing slash */
  oauthBaseUrl: string;
  /** the REST API's root (`.../v2`), without a trailing slash */
  apiBaseUrl: string;
  webhookSecret: string | undefined;
  webhookSecretName: string | undefined;
};

const optional = /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.trim(), z.minLength(1))));

/**
 * The variables the Zoom adapter reads (the CDK stack sets them in AWS; infra/local/lambda-env.ts locally); zod/mini as
 * every schema of the Lambdas (lambdas/core/config.ts).
 */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ZOOM_OAUTH_CLIENT_ID: optional,
    ZOOM_OAUTH_CLIENT_SECRET: optional,
    ZOOM_OAUTH_CLIENT_SECRET_SECRET: optional,
    /** @default https://zoom.us */
    ZOOM_OAUTH_BASE_URL: z._default(z.url(), 'https://zoom.us'),
    /** @default https://api.zoom.us/v2 */
    ZOOM_API_BASE_URL: z._default(z.url(), 'https://api.zoom.us/v2'),
    ZOOM_WEBHOOK_SECRET: optional,
    ZOOM_WEBHOOK_SECRET_SECRET: optional,
  }),
);

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/** Tokens and the client secret travel to these: https, or plain http towards this machine only (the sandbox). */
const secure = (value: string) => new URL(value).protocol === 'https:' || isLocalHttp(value);

/** The Zoom adapter's settings from the Lambda's environment; a malformed value fails here, naming the variable. */
export const readZoomSettings = (env: NodeJS.ProcessEnv = process.env): ZoomSettings => {
  const parsed = settingsSchema.safeParse(env);
  const insecure = (['ZOOM_OAUTH_BASE_URL', 'ZOOM_API_BASE_URL'] as const).filter(
    (name) => parsed.success && !secure(parsed.data[name]),
  );
  if (!parsed.success || insecure.length > 0) {
    const names = parsed.success ? insecure : parsed.error.issues.map((issue) => issue.path.join('.'));
    throw new Error(`Zoom settings are invalid: ${names.join(', ')}`);
  }
  const settings = parsed.data;
  return {
    clientId: settings.ZOOM_OAUTH_CLIENT_ID,
    clientSecret: settings.ZOOM_OAUTH_CLIENT_SECRET,
    clientSecretName: settings.ZOOM_OAUTH_CLIENT_SECRET_SECRET,
    oauthBaseUrl: withoutTrailingSlash(settings.ZOOM_OAUTH_BASE_URL),
    apiBaseUrl: withoutTrailingSlash(settings.ZOOM_API_BASE_URL),
    webhookSecret: settings.ZOOM_WEBHOOK_SECRET,
    webhookSecretName: settings.ZOOM_WEBHOOK_SECRET_SECRET,
  };
};
