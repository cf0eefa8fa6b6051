import * as z from 'zod/mini';
import { lazySchema } from '../../shared/lazy-schema.js';

/** Where push is verified and delivered (the CDK stack sets them in AWS, infra/local/lambda-env.ts locally). */
export type ReplySettings = {
  /** Gmail `users.watch` publishes to this Pub/Sub topic; undefined: Gmail mailboxes are read by the schedule alone */
  gmailTopic: string | undefined;
  /** the push subscription's OIDC audience (the webhook's URL) */
  gmailPushAudience: string | undefined;
  /** the `email` claim of the push's OIDC token: the push subscription's service account */
  gmailPushServiceAccount: string | undefined;
  /** Google's signing keys */
  googleJwksUrl: string;
  /** Graph change and lifecycle notifications go here; undefined: Outlook mailboxes are read by the schedule alone */
  outlookNotificationUrl: string | undefined;
};

const optional = /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(z.trim(), z.minLength(1))));

/** zod/mini, as every settings schema read at cold start (lambdas/providers/mail/settings.ts). */
const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    GMAIL_PUBSUB_TOPIC: z.optional(z.string().check(z.trim(), z.regex(/^projects\/[^/]+\/topics\/[^/]+$/))),
    GMAIL_PUSH_AUDIENCE: optional,
    GMAIL_PUSH_SERVICE_ACCOUNT: z.optional(z.email()),
    /** @default https://www.googleapis.com/oauth2/v3/certs */
    GOOGLE_OIDC_JWKS_URL: z._default(z.url(), 'https://www.googleapis.com/oauth2/v3/certs'),
    OUTLOOK_NOTIFICATION_URL: z.optional(z.url()),
  }),
);

/** The replies domain's settings from the Lambda's environment; a malformed value fails here, naming the variable. */
export const readReplySettings = (env: NodeJS.ProcessEnv = process.env): ReplySettings => {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Reply-check settings are invalid: ${names}`);
  }
  const settings = parsed.data;
  return {
    gmailTopic: settings.GMAIL_PUBSUB_TOPIC,
    gmailPushAudience: settings.GMAIL_PUSH_AUDIENCE,
    gmailPushServiceAccount: settings.GMAIL_PUSH_SERVICE_ACCOUNT,
    googleJwksUrl: settings.GOOGLE_OIDC_JWKS_URL,
    outlookNotificationUrl: settings.OUTLOOK_NOTIFICATION_URL,
  };
};
