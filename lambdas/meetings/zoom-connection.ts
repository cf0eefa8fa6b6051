import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import type { meetingsRoutes } from '../../shared/routes/meetings.js';
import {
  type ZoomConnection,
  type zoomAuthorizeQuery,
  type zoomExchangeBody,
  type zoomInitBody,
  zoomMessages,
} from '../../shared/schemas/meetings.js';
import { RawReply } from '../core/envelope.js';
import { badRequest, HttpError, notFound } from '../core/errors.js';
import type { DomainHandlers } from '../core/http.js';
import type { DataClient } from '../data/client.js';
import { putOAuthState, readOAuthState, stateDigest, takeOAuthState } from '../data/oauth-state.js';
import {
  deleteZoomConnection,
  getZoomConnection,
  putZoomConnection,
  usersOfZoomUser,
  type ZoomConnectionItem,
} from '../data/zoom-connection.js';
import {
  openZoomTokens,
  publishConnectionChanged,
  renewMarginMs,
  renewZoomConnection,
  sealZoomTokens,
  type ZoomAccess,
  zoomAccessOf,
} from '../connections/index.js';
import { sealedPurposes } from '../data/connection-purposes.js';
import { open, seal } from '../providers/crypto/envelope.js';
import type { DataKeyPort } from '../providers/crypto/port.js';
import type { LivePort } from '../providers/live/port.js';
import { ZoomFailure, type ZoomProvider, type ZoomTokens, type ZoomUser } from '../providers/meetings/port.js';
import { lazySchema } from '../../shared/lazy-schema.js';

/**
 * The Zoom connection: SPEC §2 'Zoom popover', §3 'Zoom connection', §4 'Zoom states', §7 'Zoom', §8 'Zoom'.
 * One connection per user; its tokens sealed (DESIGN §6) and renewed before they expire, safely under Zoom's rotating
 * refresh tokens; Zoom's deauthorization event (signed) removes it.
 */

/** What the Zoom connection needs of the meetings domain's dependencies (lambdas/meetings/deps.ts `MeetingsDeps`). */
export type ZoomDeps = {
  db: DataClient;
  keys: DataKeyPort;
  zoom: ZoomProvider;
  live: LivePort;
  now: () => Date;
  newId: () => string;
  /** the web app's origin (`CORS_ORIGIN`): the only place Zoom may send a browser back to; `*`: localhost pages */
  webOrigin: string;
  logger: Pick<Logger, 'warn' | 'info'>;
};

export const zoomRules = {
  /** DESIGN §8: a sign-in's state is refused once older than this, whatever the TTL did */
  stateLifetimeMs: 10 * 60_000,
  /** SPEC §4 (silent refresh): an access token with less left is renewed before it is handed out */
  renewMarginMs,
  /** a webhook's `x-zm-request-timestamp` further than this from our clock is a replay: refused */
  webhookToleranceMs: 5 * 60_000,
  /** the users one deauthorization event removes the connection of (a Zoom user is rarely linked to more than one) */
  linkedUsersPerEvent: 25,
} as const;

/** A 5xx whose text is the user's to read (Zoom is down, not us). */
class ZoomUnavailable extends HttpError {
  override readonly expose = true;
}

const unavailable = (cause: unknown) =>
  new ZoomUnavailable(503, zoomMessages.unavailable, { code: 'zoom_unavailable', cause });
const badSignature = () => new HttpError(401, zoomMessages.badSignature, { code: 'bad_signature' });

/** A Zoom sign-in's verifier, sealed under its state (whose item names the user who started it). */
const verifierContext = (digest: string) => ({
  purpose: sealedPurposes.verifier,
  provider: 'zoom',
  state: digest,
});

const openTokens = openZoomTokens;

/** Tells the user's open tabs the Zoom connection changed (best effort: pages poll too). */
const publishChanged = (deps: ZoomDeps, uid: string, id: string) => publishConnectionChanged(deps, 'zoom', uid, id);

/** GET /zoom/connection's answer (SPEC §7): connected, or expired with why (SPEC §4 'Zoom states'). */
export const toZoomConnection = (item: ZoomConnectionItem): ZoomConnection => ({
  connected: item.refreshError === null,
  id: item.id,
  email: item.email,
  provider: 'zoom',
  expiresAt: item.expiresAt,
  refreshError: item.refreshError,
  message: item.refreshError === null ? zoomMessages.connected : zoomMessages.expired,
});

// ---- access tokens (the meetings domain's Zoom calls), renewals ----

export { renewZoomConnection, type ZoomAccess };

/**
 * A Zoom access token of the user for the meetings domain's calls: renewed first when it expires within 5 minutes,
 * or whatever its expiry with `forceRefresh` (Zoom refused a token that looked fresh). `none` without a connection,
 * `expired` once its grant is gone (the refusal publishes connection.changed). Zoom down while renewing throws its
 * ZoomFailure (`unavailable`): nothing changed.
 */
export const zoomAccess = async (
  deps: ZoomDeps,
  uid: string,
  options: { forceRefresh?: boolean } = {},
): Promise<ZoomAccess> => {
  const item = await getZoomConnection(deps.db, uid);
  if (!item || item.refreshError !== null) return zoomAccessOf(deps, item);
  const due = new Date(item.expiresAt).getTime() - deps.now().getTime() < zoomRules.renewMarginMs;
  if (!due && !options.forceRefresh) return zoomAccessOf(deps, item);
  return renewZoomConnection(deps, item);
};

// ---- the routes ----

/**
 * The page Zoom may send the browser back to: a page of the web app (its origin; where any is configured, `*` in local
 * development, a localhost one), without credentials in it. Null when refused.
 */
export const appPage = (webOrigin: string, redirect: string): URL | null => {
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  if (webOrigin === '*') return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? url : null;
  return url.origin === new URL(webOrigin).origin ? url : null;
};

const unknownRedirect = () => new HttpError(400, zoomMessages.unknownRedirect, { code: 'unknown_redirect' });
const invalidState = () => new HttpError(400, zoomMessages.invalidState, { code: 'invalid_state' });
const challengeOf = (codeVerifier: string) => createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
/** A sign-in's state is refused once older than 10 minutes, whatever the TTL did. */
const isFresh = (deps: ZoomDeps, pending: { createdAt: string }) => {
  const age = deps.now().getTime() - new Date(pending.createdAt).getTime();
  return age >= 0 && age <= zoomRules.stateLifetimeMs;
};

/**
 * POST /zoom/oauth/init (DESIGN §9): a new state (256 bits) kept 10 minutes for the caller (hash-keyed, single-use)
 * with a PKCE verifier, sealed, and the page Zoom sends the browser back to (its origin and path); answers Zoom's
 * consent URL and the state.
 */
export const startZoomSignIn = async (deps: ZoomDeps, uid: string, body: z.infer<typeof zoomInitBody>) => {
  const page = appPage(deps.webOrigin, body.redirect);
  if (!page) throw unknownRedirect();
  const redirectUri = `${page.origin}${page.pathname}`;
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  // first, so an unconfigured Zoom app (no client id) fails before anything is stored
  const authUrl = deps.zoom.auth.authorizeUrl({ state, redirectUri, codeChallenge: challengeOf(codeVerifier) });
  const now = deps.now();
  await putOAuthState(
    deps.db,
    state,
    {
      uid,
      provider: 'zoom',
      origin: page.origin,
      redirectUri,
      verifier: await seal(deps.keys, verifierContext(stateDigest(state)), codeVerifier),
      createdAt: now.toISOString(),
    },
    new Date(now.getTime() + zoomRules.stateLifetimeMs),
  );
  return { authUrl, state };
};

/**
 * GET /zoom/oauth/authorize (SPEC §7, browser navigation): on to Zoom's consent (302) for a sign-in that
 * POST /zoom/oauth/init started and nobody finished, back to the page it named; any other state is refused (400),
 * and nothing is stored: a sign-in started without a session could be finished by anyone.
 */
export const continueZoomSignIn = async (deps: ZoomDeps, query: z.infer<typeof zoomAuthorizeQuery>) => {
  if (!appPage(deps.webOrigin, query.redirect)) throw unknownRedirect();
  const digest = stateDigest(query.state);
  const pending = await readOAuthState(deps.db, digest);
  if (pending?.provider !== 'zoom' || !pending.uid || !isFresh(deps, pending)) throw invalidState();
  const codeVerifier = await open(deps.keys, verifierContext(digest), pending.verifier);
  if (typeof codeVerifier !== 'string') throw new Error('A Zoom sign-in state holds no verifier');
  const location = deps.zoom.auth.authorizeUrl({
    state: query.state,
    redirectUri: pending.redirectUri,
    codeChallenge: challengeOf(codeVerifier),
  });
  return new RawReply({
    statusCode: 302,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    body: '',
  });
};

/** A failed code exchange or users/me (SPEC §8 'Zoom'): the code refused, Zoom down, anything else refused. */
const exchangeFailure = (error: unknown): never => {
  if (!(error instanceof ZoomFailure)) throw error;
  if (error.kind === 'invalid_grant')
    throw new HttpError(400, zoomMessages.codeRefused, { code: 'invalid_grant', cause: error });
  if (error.kind === 'unavailable') throw unavailable(error);
  throw new HttpError(400, zoomMessages.exchangeFailed, { code: 'exchange_failed', cause: error });
};

/** Best effort: a grant we will not keep is ended at Zoom; the caller's answer never depends on it. */
const revokeQuietly = async (deps: ZoomDeps, token: string, why: string) => {
  try {
    await deps.zoom.auth.revoke(token);
  } catch (error) {
    deps.logger.warn('a Zoom grant was not revoked', {
      why,
      reason: error instanceof ZoomFailure ? error.kind : error instanceof Error ? error.name : 'unknown',
    });
  }
};

/** Keeps the connection Zoom vouched for as the user's, in place of the one they had. */
const keepConnection = async (deps: ZoomDeps, uid: string, user: ZoomUser, tokens: ZoomTokens) => {
  const id = deps.newId();
  const now = deps.now().toISOString();
  const sealed = await sealZoomTokens(
    deps,
    { uid, id },
    { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
  );
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const previous = await getZoomConnection(deps.db, uid);
    const item: ZoomConnectionItem = {
      uid,
      id,
      email: user.email,
      zoomUserId: user.id,
      accountId: user.accountId,
      expiresAt: tokens.expiresAt.toISOString(),
      refreshError: null,
      connectedAt: now,
      updatedAt: now,
      version: 0,
      tokens: sealed,
    };
    if (await putZoomConnection(deps.db, item, previous)) {
      return { item: { ...item, version: previous ? previous.version + 1 : 0 }, previous };
    }
  }
  throw new Error(`The Zoom connection of ${uid} changed under three attempts to replace it`);
};

/**
 * POST /zoom/oauth/exchange: the state is taken (once: a second exchange finds none, the 400 whose text says the code
 * was already used, which the web ignores), refused when older than 10 minutes, not Zoom's or started by another user
 * than the caller (DESIGN §9: another user's code and state never connect their Zoom account to the caller's); the
 * code is exchanged
 * with its verifier, Zoom names the account, and the connection is kept (replacing the user's older one, whose grant
 * is ended at Zoom when it was another Zoom account's).
 */
export const exchangeZoomCode = async (
  deps: ZoomDeps,
  uid: string,
  body: z.infer<typeof zoomExchangeBody>,
): Promise<ZoomConnection> => {
  const digest = stateDigest(body.state);
  // read before it is taken, so another user's exchange cannot spend the owner's sign-in
  const found = await readOAuthState(deps.db, digest);
  if (found && (found.provider !== 'zoom' || found.uid !== uid)) throw invalidState();
  const pending = found && (await takeOAuthState(deps.db, digest));
  // unknown and taken cannot be told apart (taking deletes it): either way this code was (or will never be) exchanged
  if (!pending) throw new HttpError(400, zoomMessages.codeUsed, { code: 'code_used' });
  if (pending.provider !== 'zoom' || pending.uid !== uid || !isFresh(deps, pending)) throw invalidState();
  const codeVerifier = await open(deps.keys, verifierContext(digest), pending.verifier);
  if (typeof codeVerifier !== 'string') throw new Error('A Zoom sign-in state holds no verifier');
  let tokens: ZoomTokens;
  try {
    tokens = await deps.zoom.auth.exchangeCode({ code: body.code, redirectUri: pending.redirectUri, codeVerifier });
  } catch (error) {
    return exchangeFailure(error);
  }
  let user: ZoomUser;
  try {
    user = await deps.zoom.api.me(tokens.accessToken);
  } catch (error) {
    await revokeQuietly(deps, tokens.accessToken, 'the account could not be read');
    return exchangeFailure(error);
  }
  const { item, previous } = await keepConnection(deps, uid, user, tokens);
  if (previous && previous.zoomUserId !== user.id && previous.refreshError === null) {
    // revoking a grant ends the app's authorization of that Zoom user: never when it is the one just connected
    const old = await openTokens(deps, previous).catch(() => null);
    if (old) await revokeQuietly(deps, old.accessToken, 'replaced by another Zoom account');
  }
  await publishChanged(deps, uid, item.id);
  return toZoomConnection(item);
};

/** GET /zoom/connection: 404 when the user has none (SPEC §4: disconnected). */
export const zoomConnectionOf = async (deps: ZoomDeps, uid: string): Promise<ZoomConnection> => {
  const item = await getZoomConnection(deps.db, uid);
  if (!item) throw notFound(zoomMessages.notConnected);
  return toZoomConnection(item);
};

/**
 * POST /zoom/disconnect: the grant is ended at Zoom (best effort, with an access token renewed first when it is
 * about to expire), then the connection and its Zoom user's link are deleted. Done also when there was none.
 */
export const disconnectZoom = async (deps: ZoomDeps, uid: string) => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const item = await getZoomConnection(deps.db, uid);
    if (!item) return { disconnected: true as const };
    if (attempt === 0 && item.refreshError === null) {
      const access = await zoomAccess(deps, uid).catch(() => null);
      if (access?.status === 'connected') await revokeQuietly(deps, access.accessToken, 'disconnected by the user');
    }
    // on the condition that it is still of this Zoom user: one connected meanwhile is read again and goes too
    if (await deleteZoomConnection(deps.db, uid, item.zoomUserId)) {
      await publishChanged(deps, uid, item.id);
      return { disconnected: true as const };
    }
  }
  throw new Error(`The Zoom connection of ${uid} changed under three attempts to delete it`);
};

// ---- Zoom's event notifications ----

/** @link https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events */
const eventSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ event: z.string().check(z.maxLength(200)), payload: z.unknown() }),
);
const urlValidationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ plainToken: z.string().check(z.minLength(1), z.maxLength(512)) }),
);
/** @link https://developers.zoom.us/docs/api/rest/reference/user/events/#/paths/app_deauthorized */
const deauthorizationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    user_id: z.string().check(z.minLength(1), z.maxLength(200)),
    deauthorization_time: z.optional(z.string().check(z.maxLength(64))),
  }),
);

const header = (event: APIGatewayProxyEvent, name: string) => {
  const headers = event.headers ?? {};
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
};

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/**
 * Whether a notification is Zoom's: `x-zm-signature` is `v0=` + hex HMAC-SHA256 under the secret token of
 * `v0:{x-zm-request-timestamp}:{raw body}`, compared in constant time, and the timestamp (seconds, or milliseconds)
 * within 5 minutes of our clock (an old one replayed is refused).
 */
export const verifyZoomSignature = (
  secret: string,
  input: { signature: string | undefined; timestamp: string | undefined; rawBody: string; now: Date },
) => {
  const { signature, timestamp } = input;
  if (!signature || !timestamp || !/^\d{1,16}$/.test(timestamp)) return false;
  const stamp = Number(timestamp);
  const ms = stamp < 1e11 ? stamp * 1000 : stamp;
  if (Math.abs(input.now.getTime() - ms) > zoomRules.webhookToleranceMs) return false;
  const expected = Buffer.from(`v0=${hmacHex(secret, `v0:${timestamp}:${input.rawBody}`)}`, 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const jsonReply = (body: unknown) =>
  new RawReply({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    body: JSON.stringify(body),
  });

/**
 * `app_deauthorized`: the user removed our app in Zoom. Every connection of ours to that Zoom user goes (found by its
 * links, at most `linkedUsersPerEvent`); a link whose user has since connected another Zoom account leaves that one,
 * and so does a connection made after the removal (`deauthorizedAt`): a new grant, which a retry of the event that
 * Zoom sends minutes later must not end.
 */
const removeDeauthorized = async (deps: ZoomDeps, zoomUserId: string, deauthorizedAt: number) => {
  const uids = await usersOfZoomUser(deps.db, zoomUserId, zoomRules.linkedUsersPerEvent);
  let removed = 0;
  for (const uid of uids) {
    const item = await getZoomConnection(deps.db, uid);
    if (item?.zoomUserId !== zoomUserId || Date.parse(item.connectedAt) > deauthorizedAt) continue;
    if (await deleteZoomConnection(deps.db, uid, zoomUserId)) {
      removed += 1;
      await publishChanged(deps, uid, item.id);
    }
  }
  return removed;
};

/**
 * POST /api/webhooks/zoom: Zoom's event notifications. Nothing is read before the signature and timestamp verify
 * (401 otherwise, nothing changed). `endpoint.url_validation` answers Zoom's challenge; `app_deauthorized` removes
 * the Zoom user's connections; other events are acknowledged and ignored.
 */
export const zoomWebhook = async (deps: ZoomDeps, event: APIGatewayProxyEvent) => {
  const secret = await deps.zoom.webhookSecret();
  const rawBody = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  const verified =
    secret !== null &&
    verifyZoomSignature(secret, {
      signature: header(event, 'x-zm-signature'),
      timestamp: header(event, 'x-zm-request-timestamp'),
      rawBody,
      now: deps.now(),
    });
  if (!verified) throw badSignature();
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(rawBody);
  } catch {
    parsedBody = undefined;
  }
  const notification = eventSchema.safeParse(parsedBody);
  if (!notification.success) throw badRequest();
  if (notification.data.event === 'endpoint.url_validation') {
    const challenge = urlValidationSchema.safeParse(notification.data.payload);
    if (!challenge.success) throw badRequest();
    const { plainToken } = challenge.data;
    return jsonReply({ plainToken, encryptedToken: hmacHex(secret, plainToken) });
  }
  if (notification.data.event === 'app_deauthorized') {
    const payload = deauthorizationSchema.safeParse(notification.data.payload);
    if (!payload.success) throw badRequest();
    // without a time (or an unreadable one), every connection to the Zoom user goes, as the removal came now
    const at = Date.parse(payload.data.deauthorization_time ?? '');
    const removed = await removeDeauthorized(deps, payload.data.user_id, Number.isNaN(at) ? Infinity : at);
    deps.logger.info('Zoom deauthorized our app for a user', { removed });
    return jsonReply({ received: true });
  }
  return jsonReply({ received: true, ignored: true });
};

type ZoomRouteKey =
  | 'POST /zoom/oauth/init'
  | 'GET /zoom/oauth/authorize'
  | 'POST /zoom/oauth/exchange'
  | 'GET /zoom/connection'
  | 'POST /zoom/disconnect'
  | 'POST /api/webhooks/zoom';

/** The handlers of the Zoom routes, for the meetings Lambda (lambdas/meetings/http.ts) to spread in. */
export const zoomRouteHandlers = (deps: ZoomDeps): Pick<DomainHandlers<typeof meetingsRoutes>, ZoomRouteKey> => ({
  'POST /zoom/oauth/init': ({ userId, body }) => startZoomSignIn(deps, userId, body),
  'GET /zoom/oauth/authorize': ({ query }) => continueZoomSignIn(deps, query),
  'POST /zoom/oauth/exchange': ({ userId, body }) => exchangeZoomCode(deps, userId, body),
  'GET /zoom/connection': ({ userId }) => zoomConnectionOf(deps, userId),
  'POST /zoom/disconnect': ({ userId }) => disconnectZoom(deps, userId),
  'POST /api/webhooks/zoom': ({ event }) => zoomWebhook(deps, event),
});
