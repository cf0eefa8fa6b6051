import { randomBytes } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import { monotonicFactory } from 'ulid';
import type * as z from 'zod/mini';
import {
  type Connection,
  type ConnectionState,
  type CreateConnectionBody,
  type MailProvider,
  mailboxMessages,
  type exchangeGoogleCodeBody,
  type oauthCallbackSchema,
  type oauthInitBody,
  type RefreshError,
} from '../../shared/schemas/mailboxes.js';
import { badRequest, HttpError, notFound } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import {
  createMailbox,
  deleteMailbox,
  effectiveDefault,
  listMailboxes,
  type MailboxItem,
  replaceDeletedDefault,
  replaceMailbox,
  setDefaultIfNone,
  setDefaultMailbox,
  toConnection,
  toConnections,
} from '../data/mailbox.js';
import { deleteGraphSubscription, deleteMailSync, getMailSync, mailboxesOfAddress } from '../data/mail-sync.js';
import { pendingOAuthDigest, putOAuthState, stateDigest, takeOAuthState } from '../data/oauth-state.js';
import {
  expireMailboxItem,
  isGrantGone,
  MailboxGone,
  type MailRenewal,
  openMailboxTokens,
  publishConnectionChanged,
  renewMailConnection,
  renewMarginMs,
  scopesOf,
  sealMailboxTokens,
} from '../connections/index.js';
import { sealedPurposes } from '../data/connection-purposes.js';
import { open, seal } from '../providers/crypto/envelope.js';
import type { DataKeyPort } from '../providers/crypto/port.js';
import type { LivePort } from '../providers/live/port.js';
import {
  type MailApi,
  MailApiFailure,
  type MailAuth,
  MailAuthFailure,
  type MailTokens,
} from '../providers/mail/port.js';

export type MailboxesDeps = {
  db: DataClient;
  /** the data keys tokens and PKCE verifiers are sealed with (DESIGN §6) */
  keys: DataKeyPort;
  mail: Record<MailProvider, MailAuth>;
  /** the mail APIs, to end a disconnected mailbox's push (Gmail `users.stop`, Graph's subscription deleted) */
  mailApis: Record<MailProvider, Pick<MailApi, 'unwatch'>>;
  live: LivePort;
  now: () => Date;
  newId: () => string;
  /** the web app's origin (`CORS_ORIGIN`); `*` accepts localhost origins only */
  webOrigin: string;
  logger?: Pick<Logger, 'warn' | 'info'>;
};

const ulid = monotonicFactory();
export const newMailboxId = () => ulid();

export const mailboxRules = {
  /** DESIGN §8: a sign-in's state is refused once older than this, whatever the TTL did */
  stateLifetimeMs: 10 * 60_000,
  /** SPEC §4 (token cache, silent refresh): an access token with less left is renewed before it is handed out */
  renewMarginMs,
  /** SPEC §5: a missing expiry is an hour from now */
  defaultLifetimeMs: 60 * 60_000,
} as const;

/** A 5xx whose message is the user's to read (the provider is down, not us). */
class ProviderError extends HttpError {
  override readonly expose = true;
}

const mailboxNotFound = () => notFound(mailboxMessages.notFound);
const noDefault = () => notFound(mailboxMessages.noDefault);
const invalidRequest = (cause?: unknown) =>
  new HttpError(400, mailboxMessages.invalidRequest, { code: 'invalid_request', cause });

/**
 * A provider failure that is not about the grant: down, slow or rate-limited (`unavailable`) is a 503, our request
 * refused (a misconfigured client) a 502; neither marks the mailbox expired. Anything else is ours (500).
 */
const providerFailed = (error: unknown): never => {
  if (error instanceof MailAuthFailure) {
    const status = error.kind === 'unavailable' ? 503 : 502;
    throw new ProviderError(status, mailboxMessages.providerUnavailable, {
      code: status === 503 ? 'provider_unavailable' : 'provider_failed',
      cause: error,
    });
  }
  throw error;
};

/** tokens routes of an expired mailbox (401 with its own code: the session is fine, the mailbox's grant is not) */
const grantGone = (connection: Connection) =>
  new HttpError(401, mailboxMessages.reauthorize, { code: 'invalid_grant', details: { connection } });

type TokenPair = { accessToken: string; refreshToken: string | null };

const verifierContext = (uid: string, digest: string) => ({
  purpose: sealedPurposes.verifier,
  uid,
  state: digest,
});

const openTokens = openMailboxTokens;

/** Tells the user's open tabs a mailbox changed (best effort: pages poll too); never the answer's concern. */
const publishChanged = (deps: MailboxesDeps, uid: string, id: string) =>
  publishConnectionChanged(deps, 'mailbox', uid, id);

/** The user's mailbox of this id and the default's id; 404 when the user has none of this id. */
const findMailbox = async (deps: MailboxesDeps, uid: string, id: string) => {
  const set = await listMailboxes(deps.db, uid);
  const item = set.mailboxes.find((mailbox) => mailbox.id === id);
  if (!item) throw mailboxNotFound();
  return { item, defaultId: set.defaultId };
};

const findDefault = async (deps: MailboxesDeps, uid: string) => {
  const set = await listMailboxes(deps.db, uid);
  const item = set.mailboxes.find((mailbox) => mailbox.id === set.defaultId);
  if (!item) throw noDefault();
  return { item, defaultId: set.defaultId };
};

const findByEmail = async (deps: MailboxesDeps, uid: string, email: string) => {
  const set = await listMailboxes(deps.db, uid);
  const wanted = email.trim().toLowerCase();
  const item = set.mailboxes.find((mailbox) => mailbox.email === wanted);
  if (!item) throw mailboxNotFound();
  return { item, defaultId: set.defaultId };
};

/** A mailbox as it now is after a change, and its tokens while it is connected. */
export type Renewal = MailRenewal;

/** The core's failures as the routes answer them: a mailbox deleted meanwhile 404, a provider down 503/502. */
const asHttp = (error: unknown): never => {
  if (error instanceof MailboxGone) throw mailboxNotFound();
  return providerFailed(error);
};

/**
 * Marks a mailbox expired (SPEC §4: a refreshError of invalid_grant means expired): off the refresh schedule, its
 * tokens kept until the user reconnects or disconnects it. A change made meanwhile wins.
 */
const markExpired = (deps: MailboxesDeps, item: MailboxItem, reason: RefreshError = 'invalid_grant') =>
  expireMailboxItem(deps, item, reason).catch(asHttp);

/**
 * Renews a mailbox's access token with its refresh token (lambdas/connections/mail). A gone grant marks the mailbox
 * expired (answered, not thrown); a provider that is down changes nothing (503). Without a refresh token nothing can
 * renew it: expired.
 */
export const renewMailbox = (deps: MailboxesDeps, item: MailboxItem): Promise<Renewal> =>
  renewMailConnection(deps, item).catch(asHttp);

/** GET /api/email-connections: the default first. */
export const listConnections = async (deps: MailboxesDeps, uid: string) =>
  toConnections(await listMailboxes(deps.db, uid));

/** GET /api/email-connections/default: 404 when the user has no mailbox. */
export const getDefaultConnection = async (deps: MailboxesDeps, uid: string) => {
  const { item, defaultId } = await findDefault(deps, uid);
  return toConnection(item, defaultId);
};

/** GET /api/email-connections/count */
export const countConnections = async (deps: MailboxesDeps, uid: string) => ({
  count: (await listMailboxes(deps.db, uid)).mailboxes.length,
});

/** GET /api/email-connections/email/{email}: 404 when the user has no mailbox of this address. */
export const getConnectionByEmail = async (deps: MailboxesDeps, uid: string, email: string) => {
  const { item, defaultId } = await findByEmail(deps, uid, email);
  return toConnection(item, defaultId);
};

/** A mailbox's access token for the server's own calls (sends, reply checks), with the mailbox it is of. */
export type MailboxAccess = ConnectionState & { accessToken: string };

/**
 * An access token for the server's own calls (DESIGN §9: never answered to the browser), renewed first when under
 * 5 min remain. An expired mailbox, or one whose renewal finds the grant gone, is the 401 `invalid_grant` (the
 * connection in details).
 */
const accessTokenOf = async (
  deps: MailboxesDeps,
  item: MailboxItem,
  defaultId: string | null,
): Promise<MailboxAccess> => {
  if (item.status === 'expired') throw grantGone(toConnection(item, defaultId));
  let current = item;
  let tokens: TokenPair | null;
  if (new Date(item.expiry).getTime() - deps.now().getTime() < mailboxRules.renewMarginMs) {
    const renewal = await renewMailbox(deps, item);
    current = renewal.item;
    tokens = renewal.tokens;
  } else tokens = await openTokens(deps, item);
  if (!tokens || current.status === 'expired') throw grantGone(toConnection(current, defaultId));
  return {
    id: current.id,
    email: current.email,
    provider: current.provider,
    status: current.status,
    accessToken: tokens.accessToken,
    expiry: current.expiry,
  };
};

/** What `.../tokens` answer (DESIGN §9): the state of a mailbox whose token is good, never the token. */
const stateOf = ({ accessToken: _token, ...state }: MailboxAccess): ConnectionState => state;

/** A mailbox's access token, for other domains of the server (lambdas/mailboxes/index.ts). */
export const connectionTokens = async (deps: MailboxesDeps, uid: string, id: string) => {
  const { item, defaultId } = await findMailbox(deps, uid, id);
  return accessTokenOf(deps, item, defaultId);
};

/** The default mailbox's access token, for other domains of the server. */
export const defaultConnectionTokens = async (deps: MailboxesDeps, uid: string) => {
  const { item, defaultId } = await findDefault(deps, uid);
  return accessTokenOf(deps, item, defaultId);
};

/** GET|POST /api/email-connections/{id}/tokens: the mailbox's token renewed when due; answered without it. */
export const connectionTokenState = async (deps: MailboxesDeps, uid: string, id: string) =>
  stateOf(await connectionTokens(deps, uid, id));

/** POST /api/email-connections/default/tokens: as above, of the default mailbox. */
export const defaultConnectionTokenState = async (deps: MailboxesDeps, uid: string) =>
  stateOf(await defaultConnectionTokens(deps, uid));

/**
 * A mailbox the provider refused with a 401/403 while sending or reading it (SPEC §4 'Reply checks': token errors
 * mark it expired), or whose grant lacks a permission a send needs (`permission_denied`): off the refresh schedule
 * until the user reconnects. The connection as it now is.
 */
export const expireMailbox = async (
  deps: MailboxesDeps,
  uid: string,
  id: string,
  reason: Extract<RefreshError, 'invalid_grant' | 'permission_denied'> = 'invalid_grant',
) => {
  const { item, defaultId } = await findMailbox(deps, uid, id);
  if (item.status === 'expired') return toConnection(item, defaultId);
  return toConnection((await markExpired(deps, item, reason)).item, defaultId);
};

/** POST /api/email-connections/{id}/refresh: the connection as it now is (expired when the grant is gone). */
export const refreshConnection = async (deps: MailboxesDeps, uid: string, id: string) => {
  const { item, defaultId } = await findMailbox(deps, uid, id);
  return toConnection((await renewMailbox(deps, item)).item, defaultId);
};

/** POST /api/email-connections/silent-refresh `{email}`: as refresh, by address. */
export const silentRefresh = async (deps: MailboxesDeps, uid: string, email: string) => {
  const { item, defaultId } = await findByEmail(deps, uid, email);
  return toConnection((await renewMailbox(deps, item)).item, defaultId);
};

/**
 * POST /api/email-connections/{id}/validate: asks the provider. A mailbox with a refresh token is renewed, then its
 * new access token must still be accepted (Gmail `getProfile`, Graph `/me`); one refused right after a renewal, or a
 * gone grant, marks it expired. An expired mailbox is not valid until the user reconnects it.
 */
export const validateConnection = async (deps: MailboxesDeps, uid: string, id: string) => {
  const { item, defaultId } = await findMailbox(deps, uid, id);
  const answer = (current: MailboxItem) => ({
    valid: current.status === 'connected',
    connection: toConnection(current, defaultId),
  });
  if (item.status === 'expired') return answer(item);
  const renewal: Renewal = item.renewable
    ? await renewMailbox(deps, item)
    : { item, tokens: await openTokens(deps, item) };
  if (!renewal.tokens) return answer(renewal.item);
  try {
    await deps.mail[item.provider].mailboxAddress(renewal.tokens.accessToken);
  } catch (error) {
    if (isGrantGone(error)) return answer((await markExpired(deps, renewal.item)).item);
    return providerFailed(error);
  }
  return answer(renewal.item);
};

/** POST /api/email-connections/{id}/default: one write of the pointer (two defaults cannot exist). */
export const makeDefault = async (deps: MailboxesDeps, uid: string, id: string) => {
  const { item } = await findMailbox(deps, uid, id);
  if (!(await setDefaultMailbox(deps.db, uid, id))) throw mailboxNotFound();
  await publishChanged(deps, uid, id);
  return toConnection(item, id);
};

/**
 * A disconnected mailbox's push ends with it (DESIGN §6): its Gmail watch is stopped (`users.stop`; not while another
 * mailbox of ours reads the same address, as Gmail keeps one watch per address and topic) or its Graph subscription
 * deleted at the provider, best effort, with the access token the server holds (the token-refresh job keeps it
 * fresh); then its reply-check state and the lookups outside the user's partition (`MAILADDR#`, `GRAPHSUB#`) go, so a
 * later push for the address finds nothing to do.
 */
const endPush = async (deps: MailboxesDeps, item: MailboxItem, tokens: TokenPair | null) => {
  const sync = await getMailSync(deps.db, item.uid, item.id);
  if (!sync) return;
  if (sync.watchId && tokens) {
    const readers = item.provider === 'gmail' ? await mailboxesOfAddress(deps.db, item.email) : [];
    const shared = readers.some((reader) => reader.uid !== item.uid || reader.mailboxId !== item.id);
    if (!shared) {
      try {
        await deps.mailApis[item.provider].unwatch(tokens.accessToken, sync.watchId);
      } catch (error) {
        deps.logger?.warn("a disconnected mailbox's push was not stopped at the provider", {
          provider: item.provider,
          reason: error instanceof MailApiFailure ? error.kind : error instanceof Error ? error.name : 'unknown',
        });
      }
    }
  }
  await deleteMailSync(deps.db, sync);
  if (sync.provider === 'outlook' && sync.watchId) await deleteGraphSubscription(deps.db, sync.watchId);
};

/**
 * DELETE /api/email-connections/{id}: its push is ended (`endPush`) and its grant revoked at the provider (best
 * effort: the mailbox goes whatever the provider answers), the mailbox and its tokens deleted; when it was the
 * default, the oldest other one becomes it.
 */
export const disconnect = async (deps: MailboxesDeps, uid: string, id: string) => {
  const { item, defaultId } = await findMailbox(deps, uid, id);
  const tokens = await openTokens(deps, item).catch(() => null);
  await endPush(deps, item, tokens);
  try {
    if (!tokens) throw new Error('The mailbox holds no tokens');
    await deps.mail[item.provider].revoke(tokens.refreshToken ?? tokens.accessToken);
  } catch (error) {
    deps.logger?.warn('the grant of a disconnected mailbox was not revoked at the provider', {
      provider: item.provider,
      reason: error instanceof MailAuthFailure ? error.kind : error instanceof Error ? error.name : 'unknown',
    });
  }
  if (!(await deleteMailbox(deps.db, item))) throw mailboxNotFound();
  if (defaultId === id) {
    const rest = (await listMailboxes(deps.db, uid)).mailboxes.filter((mailbox) => mailbox.id !== id);
    const next = effectiveDefault(rest, null);
    await replaceDeletedDefault(deps.db, uid, id, next);
    if (next) await publishChanged(deps, uid, next);
  }
  await publishChanged(deps, uid, id);
  return { deleted: true, id };
};

const bearerToken = /^[\x21-\x7e]+$/;

/** SPEC §5: without a provider, outlook or hotmail addresses are Outlook, anything else Gmail. */
export const providerOfAddress = (email: string): MailProvider =>
  /@(outlook|hotmail|live|msn)\./i.test(email) ? 'outlook' : 'gmail';

type Connected = { item: MailboxItem; defaultId: string | null; tokens: TokenPair };

/**
 * Keeps a mailbox the provider vouched for: the user's mailbox of this address is updated (connected again, its
 * error cleared, a missing refresh token keeping the old one), or a new one made; the user's first becomes the default.
 */
const keepMailbox = async (
  deps: MailboxesDeps,
  uid: string,
  input: { provider: MailProvider; email: string; tokens: TokenPair; expiry: Date; scopes?: string[] | undefined },
): Promise<Connected> => {
  const now = deps.now().toISOString();
  const email = input.email.trim().toLowerCase();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const set = await listMailboxes(deps.db, uid);
    const existing = set.mailboxes.find((mailbox) => mailbox.email === email);
    if (existing) {
      const previous = input.tokens.refreshToken ? null : await openTokens(deps, existing).catch(() => null);
      const tokens = { ...input.tokens, refreshToken: input.tokens.refreshToken ?? previous?.refreshToken ?? null };
      const { scopes: _scopes, ...kept } = existing;
      const updated: MailboxItem = {
        ...kept,
        ...(input.scopes ? { scopes: input.scopes } : {}),
        provider: input.provider,
        status: 'connected',
        refreshError: null,
        expiry: input.expiry.toISOString(),
        renewable: tokens.refreshToken !== null,
        updatedAt: now,
        tokens: await sealMailboxTokens(deps, existing, tokens),
      };
      if (await replaceMailbox(deps.db, updated)) {
        await publishChanged(deps, uid, updated.id);
        return { item: updated, defaultId: set.defaultId, tokens };
      }
      continue;
    }
    const id = deps.newId();
    const created: MailboxItem = {
      uid,
      id,
      provider: input.provider,
      email,
      status: 'connected',
      expiry: input.expiry.toISOString(),
      refreshError: null,
      connectedAt: now,
      lastSynced: null,
      updatedAt: now,
      renewable: input.tokens.refreshToken !== null,
      version: 0,
      ...(input.scopes ? { scopes: input.scopes } : {}),
      tokens: await sealMailboxTokens(deps, { uid, id, provider: input.provider }, input.tokens),
    };
    if ((await createMailbox(deps.db, created)) === 'created') {
      const madeDefault = await setDefaultIfNone(deps.db, uid, id);
      await publishChanged(deps, uid, id);
      return { item: created, defaultId: madeDefault ? id : set.defaultId, tokens: input.tokens };
    }
    // another sign-in of the same address made it meanwhile: update that one
  }
  throw new Error('The mailbox changed under two attempts to keep it');
};

/**
 * POST /api/email-connections: a mailbox from tokens the caller holds. The provider must accept the access token
 * and name the same address; an expiry missing is an hour from now (SPEC §5).
 */
export const createConnection = async (deps: MailboxesDeps, uid: string, body: CreateConnectionBody) => {
  // RFC 6750 §2.1: a bearer token is visible ASCII; anything else is refused before it reaches a provider's header
  if (![body.accessToken, body.refreshToken ?? 'none'].every((token) => bearerToken.test(token))) {
    throw invalidRequest();
  }
  const provider = body.provider ?? providerOfAddress(body.email);
  let address: string;
  try {
    address = await deps.mail[provider].mailboxAddress(body.accessToken);
  } catch (error) {
    if (isGrantGone(error) || (error instanceof MailAuthFailure && error.kind === 'invalid_request')) {
      throw invalidRequest(error);
    }
    return providerFailed(error);
  }
  if (!address) throw badRequest(mailboxMessages.emailRequired);
  if (address.trim().toLowerCase() !== body.email) throw badRequest(mailboxMessages.emailMismatch);
  const expiry = body.expiry ? new Date(body.expiry) : new Date(deps.now().getTime() + mailboxRules.defaultLifetimeMs);
  const kept = await keepMailbox(deps, uid, {
    provider,
    email: body.email,
    tokens: { accessToken: body.accessToken, refreshToken: body.refreshToken ?? null },
    expiry,
  });
  return toConnection(kept.item, kept.defaultId);
};

/**
 * The web origin a sign-in may return to: the configured one (`CORS_ORIGIN`); where any is allowed (`*`, local
 * development), a localhost one only. Null when refused.
 */
export const allowedOrigin = (configured: string, origin: string | undefined): string | null => {
  if (!origin) return configured === '*' ? null : allowedOrigin(configured, configured);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (configured === '*') return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? url.origin : null;
  return url.origin === new URL(configured).origin ? url.origin : null;
};

/** SPEC §2: the receiver pages the providers redirect to. */
export const redirectUriOf = (provider: MailProvider, origin: string) =>
  `${origin}/${provider === 'gmail' ? 'gmail-auth' : 'outlook-auth'}`;

/**
 * POST /api/email-connections/oauth/init: the provider's authorization URL (PKCE S256) and a new single-use state
 * bound to the user, kept 10 minutes with its verifier sealed. The origin must be the web app's.
 */
export const startSignIn = async (
  deps: MailboxesDeps,
  uid: string,
  body: Pick<z.infer<typeof oauthInitBody>, 'provider'> & { origin?: string | undefined },
) => {
  const origin = allowedOrigin(deps.webOrigin, body.origin);
  if (!origin) throw badRequest(mailboxMessages.unknownOrigin);
  const state = randomBytes(32).toString('base64url');
  const redirectUri = redirectUriOf(body.provider, origin);
  const started = await deps.mail[body.provider].start({ state, redirectUri });
  const now = deps.now();
  const digest = stateDigest(state);
  await putOAuthState(
    deps.db,
    state,
    {
      uid,
      provider: body.provider,
      origin,
      redirectUri,
      verifier: await seal(deps.keys, verifierContext(uid, digest), started.codeVerifier),
      createdAt: now.toISOString(),
    },
    new Date(now.getTime() + mailboxRules.stateLifetimeMs),
  );
  return { authUrl: started.authUrl, state };
};

export type CallbackAnswer = z.infer<typeof oauthCallbackSchema>;

/**
 * Finishes a sign-in: the state is taken (once: a second callback finds none), and refused when unknown, older than
 * 10 minutes, of another provider, another origin or (on the signed-in routes) another user; then the code is
 * exchanged with the state's PKCE verifier, the provider names the mailbox, and the mailbox is kept. Anything the
 * provider refuses (a wrong verifier, a used code) is the same 400, and nothing is stored.
 */
const finishSignIn = async (
  deps: MailboxesDeps,
  input: { provider: MailProvider; code: string; digest: string; origin?: string | undefined; uid?: string },
): Promise<Connected> => {
  const pending = await takeOAuthState(deps.db, input.digest);
  if (!pending) throw invalidRequest();
  const age = deps.now().getTime() - new Date(pending.createdAt).getTime();
  if (
    !(age >= 0 && age <= mailboxRules.stateLifetimeMs) ||
    pending.provider !== input.provider ||
    (input.uid !== undefined && pending.uid !== input.uid) ||
    (input.origin !== undefined && allowedOrigin(pending.origin, input.origin) !== pending.origin)
  ) {
    throw invalidRequest();
  }
  // the public callback has no session to refuse: an account deleted since its sign-in began gets no mailbox
  if (input.uid === undefined && (await isAccountDeleted(deps.db, pending.uid))) throw invalidRequest();
  const verifier = await open(deps.keys, verifierContext(pending.uid, input.digest), pending.verifier);
  if (typeof verifier !== 'string') throw new Error('A sign-in state holds no verifier');
  const auth = deps.mail[pending.provider];
  let tokens: MailTokens;
  let address: string;
  try {
    tokens = await auth.exchangeCode({ code: input.code, redirectUri: pending.redirectUri, codeVerifier: verifier });
    address = await auth.mailboxAddress(tokens.accessToken);
  } catch (error) {
    if (error instanceof MailAuthFailure && error.kind !== 'unavailable') throw invalidRequest(error);
    return providerFailed(error);
  }
  if (!address) throw badRequest(mailboxMessages.emailRequired);
  return keepMailbox(deps, pending.uid, {
    provider: pending.provider,
    email: address,
    tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
    expiry: tokens.expiresAt,
    scopes: scopesOf(tokens.scope),
  });
};

/** DESIGN §9: the connection, never a token (the server sends and reads the mailbox itself). */
const callbackAnswer = ({ item, defaultId }: Connected): CallbackAnswer => ({
  id: item.id,
  email: item.email,
  provider: item.provider,
  status: item.status,
  expiry: item.expiry,
  connection: toConnection(item, defaultId),
});

/** POST /api/email-connections/oauth/callback-public: no credentials, the state says whose mailbox it is. */
export const finishPublicSignIn = async (
  deps: MailboxesDeps,
  body: { provider: MailProvider; code: string; state: string; origin: string },
) =>
  callbackAnswer(
    await finishSignIn(deps, {
      provider: body.provider,
      code: body.code,
      digest: stateDigest(body.state),
      origin: body.origin,
    }),
  );

/** Legacy POST /api/oauth/callback: as callback-public, for the signed-in user's own state only. */
export const finishOwnSignIn = async (
  deps: MailboxesDeps,
  uid: string,
  body: { provider: MailProvider; code: string; state: string; origin?: string | undefined },
) =>
  callbackAnswer(
    await finishSignIn(deps, {
      provider: body.provider,
      code: body.code,
      digest: stateDigest(body.state),
      origin: body.origin,
      uid,
    }),
  );

/**
 * Legacy POST /exchange_google_code: the user's Gmail sign-in finished with this code; its state is the one given,
 * else the user's latest Gmail sign-in (the legacy page sends only the code).
 */
export const exchangeGoogleCode = async (
  deps: MailboxesDeps,
  uid: string,
  body: z.infer<typeof exchangeGoogleCodeBody>,
) => {
  const digest = body.state ? stateDigest(body.state) : await pendingOAuthDigest(deps.db, uid, 'gmail');
  if (!digest) throw invalidRequest();
  const connected = await finishSignIn(deps, {
    provider: 'gmail',
    code: body.code,
    digest,
    origin: body.origin,
    uid,
  });
  return {
    ...callbackAnswer(connected),
    expires_in: Math.max(0, Math.floor((new Date(connected.item.expiry).getTime() - deps.now().getTime()) / 1000)),
  };
};
