import type { Client, Middleware } from '@microsoft/microsoft-graph-client';
import type { AuthorizationServer, TokenEndpointRequestOptions, TokenEndpointResponse } from 'oauth4webapi';
import * as z from 'zod/mini';
import { LazyClient } from '../lazy-client.js';
import { type RetryPolicy, retryingFetch } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { apiFailure, expiresAt, tokenEndpointFailure } from './failures.js';
import { MailAuthFailure, type MailAuth, type MailTokens } from './port.js';
import { microsoftScopes, microsoftScopesBeforeDrafts } from './scopes.js';
import {
  clientSecretReader,
  isLocalHttp,
  type MicrosoftMailSettings,
  mailAuthPolicy,
  requireClientId,
} from './settings.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/** The OAuth library and Graph's client: imported on the first sign-in, so no Lambda pays for them at cold start. */
const loadOAuth = () => import('oauth4webapi');
const loadGraph = () => import('@microsoft/microsoft-graph-client');

/** `https://graph.microsoft.com/Mail.Read` and `Mail.Read` are one scope; names compare in any case. */
const scopeName = (scope: string) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '').toLowerCase();

/**
 * The scopes a renewal asks for: ours that the grant gave, as Microsoft refuses a refresh asking for more than was
 * consented to (the grant of a mailbox connected earlier renews as it is; it is asked to reconnect only when a send
 * first needs `Mail.ReadWrite`). Unknown grants are those of before `Mail.ReadWrite`.
 * @link https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#refresh-the-access-token
 */
export const refreshScopes = (granted: readonly string[] | undefined): readonly string[] => {
  if (!granted) return microsoftScopesBeforeDrafts;
  const given = new Set(granted.map(scopeName));
  return microsoftScopes.filter((scope) => scope === 'offline_access' || given.has(scopeName(scope)));
};

/**
 * The Microsoft identity platform (v2) endpoints of a tenant, given by hand: discovery would cost a request per cold
 * start, and for `common` its issuer is a template (`{tenantid}`) that cannot be checked anyway.
 * @link https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
 */
export const microsoftAuthorizationServer = (settings: MicrosoftMailSettings): AuthorizationServer => {
  const authority = `${settings.authorityBaseUrl}/${encodeURIComponent(settings.tenant)}`;
  return {
    issuer: `${authority}/v2.0`,
    authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
    token_endpoint: `${authority}/oauth2/v2.0/token`,
    code_challenge_methods_supported: ['S256'],
  };
};

/**
 * The one middleware of our Graph client: the request goes out with its own `Authorization` header under the retry
 * policy. Graph's default chain is not used: its authentication step strips the header from any URL that is not an
 * https Graph host (so the local sandbox would never see a token), and its retry step waits as long as a Retry-After
 * asks (minutes), beyond the Lambda's time budget.
 */
const fetchMiddleware = (policy: RetryPolicy): Middleware => {
  const send = retryingFetch(policy);
  return {
    execute: async (context) => {
      const url = typeof context.request === 'string' ? context.request : context.request.url;
      context.response = await send(url, context.options as RequestInit);
    },
  };
};

/** Graph's client of a Lambda (its base URL), built on first use; each call gives its own access token. */
export const createGraphClient = (settings: MicrosoftMailSettings, policy: RetryPolicy = mailAuthPolicy) =>
  new LazyClient<Client>(async () =>
    (await loadGraph()).Client.initWithMiddleware({
      baseUrl: settings.graphBaseUrl,
      defaultVersion: 'v1.0',
      middleware: fetchMiddleware(policy),
    }),
  );

/**
 * `GET /me`: `mail` is the mailbox's address; personal accounts may have none and sign in with it as their
 * `userPrincipalName`.
 * @link https://learn.microsoft.com/en-us/graph/api/user-get
 */
const meSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mail: z.nullish(z.string().check(z.minLength(3))),
    userPrincipalName: z.nullish(z.string().check(z.minLength(3))),
  }),
);

/** What a failed Graph request carries. */
const graphErrorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ statusCode: z.number(), code: z.nullish(z.string()) }),
);

/** What a token endpoint refusal carries (oauth4webapi's ResponseBodyError). */
const responseBodyErrorSchema = /* @__PURE__ */ lazySchema(() => z.object({ status: z.number(), error: z.string() }));
/** oauth4webapi's other failures carry a code (`OAUTH_...`) that says what without quoting the answer. */
const operationErrorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ code: z.string().check(z.startsWith('OAUTH_')) }),
);

const tokensOf = (answer: TokenEndpointResponse, now: number): MailTokens => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token ?? null,
  expiresAt: expiresAt(answer.expires_in, now),
  ...(answer.scope ? { scope: answer.scope } : {}),
});

/**
 * A token endpoint call failed: the provider's OAuth error, or no answer. Other failures (an answer of the wrong
 * shape) are reported without oauth4webapi's message details, which may hold the answer's body and so a token.
 */
const tokenFailure = (error: unknown) => {
  const refused = responseBodyErrorSchema.safeParse(error);
  if (refused.success) return tokenEndpointFailure('Microsoft', refused.data.status, refused.data.error);
  if (error instanceof TypeError || (error instanceof Error && /abort|timeout/i.test(error.name))) {
    return tokenEndpointFailure('Microsoft', undefined, undefined);
  }
  const code = operationErrorSchema.safeParse(error).data?.code;
  if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') {
    return new Error('The Microsoft authority must be https (plain http only towards localhost, the sandbox)');
  }
  return new MailAuthFailure('unavailable', `Microsoft answered tokens of an unexpected shape (${code ?? 'unknown'})`);
};

/**
 * The mail sign-in port for Outlook (DESIGN §5): the Microsoft identity platform's authorization code flow with PKCE
 * (S256) for a confidential client (its secret posted to the token endpoint) through oauth4webapi, and the address
 * by Graph's `/me`. Tokens never reach a log or an error message: failures say status and OAuth error code.
 * Plain http is allowed only towards localhost (the sandbox); oauth4webapi refuses it otherwise.
 */
export const microsoftMailAuth = (
  settings: MicrosoftMailSettings,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
  graph: LazyClient<Client> = createGraphClient(settings),
  policy: RetryPolicy = mailAuthPolicy,
): MailAuth => {
  const server = microsoftAuthorizationServer(settings);
  const clientSecret = clientSecretReader(settings, 'MICROSOFT_OAUTH_CLIENT_SECRET', readSecret);
  const client = () => ({ client_id: requireClientId(settings, 'MICROSOFT_OAUTH_CLIENT_ID', 'Outlook') });

  /**
   * The token endpoint: the client's secret, the scopes (required with a refresh token on the v2 endpoint), the retry
   * policy, and http only for the local sandbox.
   */
  const tokenRequest = async (scopes: readonly string[] = microsoftScopes) => {
    const oauth = await loadOAuth();
    const options: TokenEndpointRequestOptions = {
      additionalParameters: { scope: scopes.join(' ') },
      [oauth.customFetch]: retryingFetch(policy),
      // deprecated in favour of a custom fetch, but the one switch that lets the sandbox's http endpoint through
      ...(isLocalHttp(server.token_endpoint!) ? { [oauth.allowInsecureRequests]: true } : {}),
    };
    return { oauth, options, auth: oauth.ClientSecretPost(await clientSecret()) };
  };

  return {
    provider: 'outlook',
    scopes: microsoftScopes,

    start: async ({ state, redirectUri, loginHint }) => {
      const { client_id } = client();
      const oauth = await loadOAuth();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const url = new URL(server.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id,
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: microsoftScopes.join(' '),
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'consent',
        ...(loginHint ? { login_hint: loginHint } : {}),
      }).toString();
      return { authUrl: url.href, codeVerifier };
    },

    exchangeCode: async ({ code, redirectUri, codeVerifier }) => {
      const oauthClient = client();
      const { oauth, options, auth } = await tokenRequest();
      const now = Date.now();
      try {
        // the state was checked by the caller (single use, bound to the user): only the code is left to pass on
        const callback = oauth.validateAuthResponse(
          server,
          oauthClient,
          new URLSearchParams({ code }),
          oauth.skipStateCheck,
        );
        const response = await oauth.authorizationCodeGrantRequest(
          server,
          oauthClient,
          auth,
          callback,
          redirectUri,
          codeVerifier,
          options,
        );
        return tokensOf(await oauth.processAuthorizationCodeResponse(server, oauthClient, response), now);
      } catch (error) {
        throw tokenFailure(error);
      }
    },

    refresh: async (refreshToken, granted) => {
      const oauthClient = client();
      const { oauth, options, auth } = await tokenRequest(refreshScopes(granted));
      const now = Date.now();
      try {
        const response = await oauth.refreshTokenGrantRequest(server, oauthClient, auth, refreshToken, options);
        return tokensOf(await oauth.processRefreshTokenResponse(server, oauthClient, response), now);
      } catch (error) {
        throw tokenFailure(error);
      }
    },

    mailboxAddress: async (accessToken) => {
      const api = await graph.get();
      let me: unknown;
      try {
        me = await api
          .api('/me')
          .header('Authorization', `Bearer ${accessToken}`)
          .select(['mail', 'userPrincipalName'])
          .get();
      } catch (error) {
        const failed = graphErrorSchema.safeParse(error);
        const status = failed.success && failed.data.statusCode > 0 ? failed.data.statusCode : undefined;
        throw apiFailure('Microsoft Graph', status, failed.data?.code ?? undefined);
      }
      const parsed = meSchema.safeParse(me);
      const address = parsed.data?.mail ?? parsed.data?.userPrincipalName;
      if (!address) throw new MailAuthFailure('unavailable', 'Microsoft Graph answered no address for the mailbox');
      return address.toLowerCase();
    },

    /**
     * Nothing to call: the Microsoft identity platform has no endpoint that revokes one app's refresh token (it offers
     * no RFC 7009 revocation; Graph's `revokeSignInSessions` ends every session of the user in every app and needs an
     * administrator's permission). The grant ends on our side when the caller deletes the tokens it holds; the user
     * removes the app's consent in their account's app permissions.
     * @link https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens#token-revocation
     */
    revoke: async () => {},
  };
};
