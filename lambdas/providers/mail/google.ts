import type { gmail_v1 } from '@googleapis/gmail';
import type { OAuth2Client, OAuth2ClientOptions } from 'google-auth-library';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import type { RetryPolicy } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { apiFailure, expiresAt, tokenEndpointFailure } from './failures.js';
import { MailAuthFailure, type MailAuth, type MailTokens } from './port.js';
import { googleScopes } from './scopes.js';
import { clientSecretReader, type GoogleMailSettings, mailAuthPolicy, requireClientId } from './settings.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** Google's OAuth client and the Gmail API: imported on the first sign-in, so no Lambda pays for them at cold start. */
const loadAuth = () => import('google-auth-library');
const loadGmail = () => import('@googleapis/gmail');

/** Where the OAuth client points: Google's own endpoints, or the same paths under a base URL (the sandbox). */
const endpointsOf = (settings: GoogleMailSettings): OAuth2ClientOptions['endpoints'] =>
  settings.oauthBaseUrl
    ? {
        oauth2AuthBaseUrl: `${settings.oauthBaseUrl}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${settings.oauthBaseUrl}/token`,
        oauth2RevokeUrl: `${settings.oauthBaseUrl}/revoke`,
      }
    : undefined;

/** Gaxios's time limit and retries under `policy`: network failures, 429 and 5xx are tried again. */
const transporterOptions = (policy: RetryPolicy): OAuth2ClientOptions['transporterOptions'] => ({
  timeout: policy.attemptTimeoutMs,
  retryConfig: {
    retry: policy.retries,
    noResponseRetries: policy.retries,
    retryDelay: policy.baseDelayMs,
    maxRetryDelay: policy.maxDelayMs,
    statusCodesToRetry: [
      [429, 429],
      [500, 599],
    ],
  },
});

/**
 * What a failed gaxios request carries: the answer's status and body, if there was an answer.
 * @link https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code
 */
const gaxiosErrorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    response: z.object({ status: z.number(), data: z.unknown() }),
  }),
);
const oauthErrorSchema = /* @__PURE__ */ lazySchema(() => z.object({ error: z.string() }));
/** @link https://cloud.google.com/apis/design/errors#http_mapping */
const apiErrorSchema = /* @__PURE__ */ lazySchema(() => z.object({ error: z.object({ status: z.string() }) }));

const answerOf = (error: unknown) => gaxiosErrorSchema.safeParse(error).data?.response;

const tokenFailure = (error: unknown) => {
  const answer = answerOf(error);
  return tokenEndpointFailure('Google', answer?.status, oauthErrorSchema.safeParse(answer?.data).data?.error);
};

/**
 * The token endpoint's answer as the OAuth client hands it back (`expires_in` turned into `expiry_date`).
 * @link https://developers.google.com/identity/protocols/oauth2/web-server#httprest_3
 */
const credentialsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    access_token: z.string().check(z.minLength(1)),
    refresh_token: z.nullish(z.string().check(z.minLength(1))),
    expiry_date: z.nullish(z.number()),
    scope: z.optional(z.string()),
  }),
);

const tokensOf = (credentials: unknown): MailTokens => {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) throw new MailAuthFailure('unavailable', 'Google answered tokens of an unexpected shape');
  const { access_token, refresh_token, expiry_date, scope } = parsed.data;
  return {
    accessToken: access_token,
    refreshToken: refresh_token ?? null,
    expiresAt: expiry_date ? new Date(expiry_date) : expiresAt(undefined),
    ...(scope ? { scope } : {}),
  };
};

/**
 * `users.getProfile`: the mailbox's own address.
 * @link https://developers.google.com/workspace/gmail/api/reference/rest/v1/users/getProfile
 */
const profileSchema = /* @__PURE__ */ lazySchema(() => z.object({ emailAddress: z.string().check(z.minLength(3)) }));

/** Exposes the client's refresh with a given refresh token, without keeping it as the shared client's credentials. */
type RefreshingClient = OAuth2Client & { refreshWith: (refreshToken: string) => Promise<unknown> };

/**
 * The Google OAuth client of a Lambda, built once on first use (STYLE §10): the client secret is read then.
 * The shared client never holds a user's tokens (requests of several users share it): refresh passes the refresh
 * token per call, and Gmail calls get a credentials holder of their own.
 */
export const createGoogleOAuthClient = (
  settings: GoogleMailSettings,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
  policy: RetryPolicy = mailAuthPolicy,
) =>
  new LazyClient<RefreshingClient>(async () => {
    const clientId = requireClientId(settings, 'GOOGLE_OAUTH_CLIENT_ID', 'Gmail');
    const [{ OAuth2Client }, clientSecret] = await Promise.all([
      loadAuth(),
      clientSecretReader(settings, 'GOOGLE_OAUTH_CLIENT_SECRET', readSecret)(),
    ]);
    class Refreshing extends OAuth2Client {
      refreshWith(refreshToken: string) {
        return this.refreshToken(refreshToken);
      }
    }
    return new Refreshing({
      clientId,
      clientSecret,
      endpoints: endpointsOf(settings),
      transporterOptions: transporterOptions(policy),
    });
  });

/** The Gmail API client of a Lambda (its root URL), built on first use; each call gives its own access token. */
export const createGmailClient = (settings: GoogleMailSettings) =>
  new LazyClient<gmail_v1.Gmail>(async () =>
    (await loadGmail()).gmail({
      version: 'v1',
      ...(settings.gmailBaseUrl ? { rootUrl: settings.gmailBaseUrl } : {}),
    }),
  );

/**
 * The mail sign-in port for Gmail (DESIGN §5) over googleapis' OAuth2 client: authorization code with PKCE (S256),
 * offline access (a refresh token) and a consent prompt (so a reconnect gets a refresh token again), the address by
 * Gmail's `users.getProfile`. Tokens never reach a log or an error message: failures say status and OAuth error code.
 */
export const googleMailAuth = (
  settings: GoogleMailSettings,
  oauth: LazyClient<RefreshingClient> = createGoogleOAuthClient(settings),
  gmail: LazyClient<gmail_v1.Gmail> = createGmailClient(settings),
  policy: RetryPolicy = mailAuthPolicy,
): MailAuth => ({
  provider: 'gmail',
  scopes: googleScopes,

  start: async ({ state, redirectUri, loginHint }) => {
    const [{ CodeChallengeMethod }, client] = await Promise.all([loadAuth(), oauth.get()]);
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    if (!codeChallenge) throw new Error('The Google OAuth client made no PKCE code challenge');
    const authUrl = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [...googleScopes],
      state,
      redirect_uri: redirectUri,
      code_challenge: codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
    return { authUrl, codeVerifier };
  },

  exchangeCode: async ({ code, redirectUri, codeVerifier }) => {
    const client = await oauth.get();
    try {
      const { tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri });
      return tokensOf(tokens);
    } catch (error) {
      if (error instanceof MailAuthFailure) throw error;
      throw tokenFailure(error);
    }
  },

  refresh: async (refreshToken) => {
    const client = await oauth.get();
    try {
      const { tokens } = (await client.refreshWith(refreshToken)) as { tokens: unknown };
      return tokensOf(tokens);
    } catch (error) {
      if (error instanceof MailAuthFailure) throw error;
      throw tokenFailure(error);
    }
  },

  mailboxAddress: async (accessToken) => {
    const [{ OAuth2Client }, api] = await Promise.all([loadAuth(), gmail.get()]);
    // this user's token only: a holder of one access token and no refresh token (a 401 is not retried by refreshing)
    const auth = new OAuth2Client({ transporterOptions: transporterOptions(policy) });
    auth.setCredentials({ access_token: accessToken });
    let data: unknown;
    try {
      ({ data } = await api.users.getProfile({ userId: 'me', auth }));
    } catch (error) {
      const answer = answerOf(error);
      throw apiFailure('Gmail', answer?.status, apiErrorSchema.safeParse(answer?.data).data?.error.status);
    }
    const parsed = profileSchema.safeParse(data);
    if (!parsed.success) throw new MailAuthFailure('unavailable', 'Gmail answered a profile of an unexpected shape');
    return parsed.data.emailAddress.toLowerCase();
  },

  /**
   * Revoking either token of a grant ends the whole grant at Google. A token Google no longer knows (`invalid_token`,
   * already revoked or expired) is a grant already gone: done.
   * @link https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke
   */
  revoke: async (token) => {
    const client = await oauth.get();
    try {
      await client.revokeToken(token);
    } catch (error) {
      const answer = answerOf(error);
      const code = oauthErrorSchema.safeParse(answer?.data).data?.error;
      if (answer?.status === 400 && code === 'invalid_token') return;
      throw tokenEndpointFailure('Google', answer?.status, code, 'revocation endpoint');
    }
  },
});
