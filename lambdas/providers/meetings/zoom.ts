import * as z from 'zod/mini';
import { clientSecretReader, requireClientId } from '../mail/settings.js';
import { isRetryableStatus, type RetryPolicy, retryingFetch } from '../retry.js';
import { lambdaExtensionSecret } from '../../core/secrets.js';
import { vendorLimits } from '../vendor-limits.js';
import {
  type ZoomApi,
  type ZoomAuth,
  ZoomFailure,
  type ZoomMeetingInput,
  type ZoomProvider,
  type ZoomTokens,
} from './port.js';
import { readZoomSettings, type ZoomSettings } from './settings.js';
import { lazySchema } from '../../../shared/lazy-schema.js';

/**
 * The token endpoint's answer (code and refresh grants).
 * @link https://developers.zoom.us/docs/integrations/oauth/#step-2-request-access-token
 */
const tokenSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    access_token: z.string().check(z.minLength(1)),
    refresh_token: z.string().check(z.minLength(1)),
    expires_in: z.optional(z.number().check(z.positive())),
    scope: z.optional(z.string()),
  }),
);

/** What the token endpoint refuses with: `{reason: 'Invalid authorization code', error: 'invalid_grant'}`. */
const tokenErrorSchema = /* @__PURE__ */ lazySchema(() => z.object({ error: z.string().check(z.maxLength(200)) }));

/**
 * The REST API's errors: `{code, message}` (124 invalid access token, 3001 meeting not found, 4711 missing scope).
 * @link https://developers.zoom.us/docs/api/rest/error-definitions/
 */
const apiErrorSchema = /* @__PURE__ */ lazySchema(() => z.object({ code: z.number() }));

/** @link https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId} */
const userSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    account_id: z.string().check(z.minLength(1)),
    email: z.string().check(z.minLength(3)),
    timezone: z.nullish(z.string()),
  }),
);

/** @link https://developers.zoom.us/docs/api/meetings/#tag/meetings/POST/users/{userId}/meetings */
const createdMeetingSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.union([z.int(), z.string().check(z.regex(/^\d+$/))]),
    join_url: z.url(),
  }),
);

/** Zoom's own codes for a refused token and a missing scope, whatever status they come with. */
const zoomCodes = { invalidToken: 124, meetingNotFound: 3001, missingScope: 4711 } as const;

/** A token answer without a lifetime: Zoom's access tokens live an hour. */
const defaultLifetimeSeconds = 3600;

/** The words of a failure: status and Zoom's error word or code, never its text (it may quote the request). */
const describe = (status: number | undefined, word: string | number | undefined) =>
  [status ?? 'no answer', word].filter((part) => part !== undefined).join(' ');

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

/**
 * A refusal of the token endpoint (RFC 6749 §5.2): `invalid_grant` is the grant's own word (a code used, expired or
 * not of this verifier; a refresh token used already, Zoom rotates them, or revoked). No answer, 429, 5xx:
 * `unavailable`. Anything else (`invalid_client`, `invalid_request`, a redirect mismatch) is our request refused.
 */
export const tokenFailure = (status: number | undefined, error: string | undefined, endpoint = 'token endpoint') => {
  const words = describe(status, error);
  if (error === 'invalid_grant') return new ZoomFailure('invalid_grant', `Zoom refused the grant (${words})`);
  if (status === undefined || isRetryableStatus(status)) {
    return new ZoomFailure('unavailable', `Zoom's ${endpoint} is unavailable (${words})`);
  }
  return new ZoomFailure('invalid_request', `Zoom's ${endpoint} refused the request (${words})`);
};

/**
 * A refusal of the REST API: 401 (code 124) the access token is refused; 403 or code 4711 a scope is missing; 404 or
 * code 3001 the meeting is gone; no answer, 429, 5xx: try later; any other 4xx is our request refused.
 */
export const apiFailure = (status: number | undefined, code: number | undefined) => {
  const words = describe(status, code);
  if (status === 401 || code === zoomCodes.invalidToken) {
    return new ZoomFailure('unauthorized', `Zoom refused the access token (${words})`);
  }
  if (status === 403 || code === zoomCodes.missingScope) {
    return new ZoomFailure('permission_denied', `Zoom's grant lacks a scope (${words})`);
  }
  if (status === 404 || code === zoomCodes.meetingNotFound) {
    return new ZoomFailure('not_found', `Zoom no longer has it (${words})`);
  }
  if (status === undefined || isRetryableStatus(status)) {
    return new ZoomFailure('unavailable', `Zoom is unavailable (${words})`);
  }
  return new ZoomFailure('invalid_request', `Zoom refused the request (${words})`);
};

/** Zoom's start time: UTC to the second (`yyyy-MM-ddTHH:mm:ssZ`). */
const zoomTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

/** A meeting as Zoom takes it: a scheduled meeting (type 2) at a time, shown in the meeting's zone. */
const meetingBody = (input: ZoomMeetingInput) => ({
  topic: input.topic.slice(0, 200),
  type: 2,
  start_time: zoomTime(input.startTime),
  duration: input.durationMinutes,
  timezone: input.timeZone,
  ...(input.agenda ? { agenda: input.agenda.slice(0, 2000) } : {}),
});

/** The fetches of one Zoom app: every call under `policy`, each attempt cut at its time limit. */
export type ZoomFetches = {
  /** GETs, PATCHes, DELETEs and the revocation: tried again on no answer, 429, 5xx */
  retried: (input: string, init?: RequestInit) => Promise<Response>;
  /**
   * POSTs made once: a meeting (a second attempt after a timeout could make two), and the token grants (Zoom rotates
   * refresh tokens: a refresh whose answer was lost already used the token, and a second attempt would be refused as
   * `invalid_grant`, expiring a connection that is fine; the caller tries again later with what it holds)
   */
  once: (input: string, init?: RequestInit) => Promise<Response>;
};

export const zoomFetches = (policy: RetryPolicy = vendorLimits.zoom, doFetch: typeof fetch = fetch): ZoomFetches => ({
  retried: retryingFetch(policy, { fetch: doFetch }),
  once: retryingFetch({ ...policy, retries: 0 }, { fetch: doFetch }),
});

/**
 * The meetings port over Zoom's HTTP API with fetch (DESIGN §5; there is no maintained Zoom SDK for Node): OAuth 2
 * authorization code with PKCE (S256) for a confidential client (HTTP Basic at the token endpoint), `users/me`, and
 * scheduled meetings. Tokens never reach a log or an error message: failures say the status and Zoom's error word.
 */
export const zoomProvider = (
  settings: ZoomSettings,
  options: { readSecret?: (name: string) => () => Promise<string>; fetches?: ZoomFetches } = {},
): ZoomProvider => {
  const readSecret = options.readSecret ?? lambdaExtensionSecret;
  const fetches = options.fetches ?? zoomFetches();
  const clientSecret = clientSecretReader(settings, 'ZOOM_OAUTH_CLIENT_SECRET', readSecret);
  const clientId = () => requireClientId(settings, 'ZOOM_OAUTH_CLIENT_ID', 'Zoom');
  const basic = async () => `Basic ${Buffer.from(`${clientId()}:${await clientSecret()}`, 'utf8').toString('base64')}`;

  /** A grant at the token endpoint: new tokens, or the ZoomFailure of its refusal. */
  const grant = async (parameters: Record<string, string>): Promise<ZoomTokens> => {
    const authorization = await basic();
    const now = Date.now();
    let response: Response;
    try {
      response = await fetches.once(`${settings.oauthBaseUrl}/oauth/token`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(parameters).toString(),
      });
    } catch {
      throw tokenFailure(undefined, undefined);
    }
    const body = await readJson(response);
    if (!response.ok) throw tokenFailure(response.status, tokenErrorSchema.safeParse(body).data?.error);
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new ZoomFailure('unavailable', 'Zoom answered tokens of an unexpected shape');
    const { access_token, refresh_token, expires_in, scope } = parsed.data;
    return {
      accessToken: access_token,
      refreshToken: refresh_token,
      expiresAt: new Date(now + (expires_in ?? defaultLifetimeSeconds) * 1000),
      ...(scope ? { scope } : {}),
    };
  };

  /** A REST call with the user's access token: the answer when it succeeded, else its ZoomFailure. */
  const call = async (
    accessToken: string,
    path: string,
    init: { method: string; body?: unknown },
    send: ZoomFetches['retried'],
  ) => {
    let response: Response;
    try {
      response = await send(`${settings.apiBaseUrl}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch {
      throw apiFailure(undefined, undefined);
    }
    if (response.ok) return response;
    throw apiFailure(response.status, apiErrorSchema.safeParse(await readJson(response)).data?.code);
  };

  const auth: ZoomAuth = {
    authorizeUrl: ({ state, redirectUri, codeChallenge }) => {
      const url = new URL(`${settings.oauthBaseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId(),
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },

    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      grant({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }),

    refresh: (refreshToken) => grant({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /**
     * Ends the app's authorization for the user (every token of the grant). A token Zoom no longer knows is a grant
     * already gone: done.
     * @link https://developers.zoom.us/docs/integrations/oauth/#revoking-an-access-token
     */
    revoke: async (token) => {
      const authorization = await basic();
      let response: Response;
      try {
        response = await fetches.retried(`${settings.oauthBaseUrl}/oauth/revoke?${new URLSearchParams({ token })}`, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        });
      } catch {
        throw tokenFailure(undefined, undefined, 'revocation endpoint');
      }
      const body = await readJson(response);
      if (response.ok) return;
      const error = tokenErrorSchema.safeParse(body).data?.error;
      if (error === 'invalid_grant' || error === 'invalid_token') return;
      throw tokenFailure(response.status, error, 'revocation endpoint');
    },
  };

  const api: ZoomApi = {
    me: async (accessToken) => {
      const response = await call(accessToken, '/users/me', { method: 'GET' }, fetches.retried);
      const parsed = userSchema.safeParse(await readJson(response));
      if (!parsed.success) throw new ZoomFailure('unavailable', 'Zoom answered a user of an unexpected shape');
      return {
        id: parsed.data.id,
        accountId: parsed.data.account_id,
        email: parsed.data.email.trim().toLowerCase(),
        timeZone: parsed.data.timezone || null,
      };
    },

    createMeeting: async (accessToken, input) => {
      const response = await call(
        accessToken,
        '/users/me/meetings',
        { method: 'POST', body: meetingBody(input) },
        fetches.once,
      );
      const parsed = createdMeetingSchema.safeParse(await readJson(response));
      if (!parsed.success) throw new ZoomFailure('unavailable', 'Zoom answered a meeting of an unexpected shape');
      return { id: String(parsed.data.id), joinUrl: parsed.data.join_url };
    },

    updateMeeting: async (accessToken, meetingId, input) => {
      const response = await call(
        accessToken,
        `/meetings/${encodeURIComponent(meetingId)}`,
        { method: 'PATCH', body: meetingBody(input) },
        fetches.retried,
      );
      await response.body?.cancel().catch(() => {});
    },

    deleteMeeting: async (accessToken, meetingId) => {
      try {
        const response = await call(
          accessToken,
          `/meetings/${encodeURIComponent(meetingId)}`,
          { method: 'DELETE' },
          fetches.retried,
        );
        await response.body?.cancel().catch(() => {});
      } catch (error) {
        if (error instanceof ZoomFailure && error.kind === 'not_found') return;
        throw error;
      }
    },
  };

  return {
    auth,
    api,
    webhookSecret: async () => {
      if (settings.webhookSecret) return settings.webhookSecret;
      if (settings.webhookSecretName) return readSecret(settings.webhookSecretName)();
      return null;
    },
  };
};

/**
 * Zoom from the Lambda's environment (settings.ts names the variables), built once per Lambda and passed in (STYLE
 * §10). Nothing is read until a call needs it; without a client id a sign-in fails then, naming the variable.
 */
export const createZoomProvider = (
  env: NodeJS.ProcessEnv = process.env,
  readSecret: (name: string) => () => Promise<string> = lambdaExtensionSecret,
): ZoomProvider => zoomProvider(readZoomSettings(env), { readSecret });
