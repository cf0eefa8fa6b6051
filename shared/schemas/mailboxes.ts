import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema.js';

/**
 * Mailboxes: the SPEC §7 'E-mail connections' and 'OAuth' routes, DESIGN §8 'Mailboxes', §6 tokens.
 * A connection on the wire never carries a token (DESIGN §9), `.../tokens` and the OAuth callbacks included.
 */
export const mailProviders = ['gmail', 'outlook'] as const;
export type MailProvider = (typeof mailProviders)[number];

export const connectionStatuses = ['connected', 'expired'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** The texts of SPEC §5 and §8 'Connection' the server answers with (400s, refreshError), once. */
export const mailboxMessages = {
  /** SPEC §5 'Token expiry' */
  invalidExpiry: 'Invalid expiry timestamp format. Expected ISO 8601 format.',
  /** SPEC §5 'OAuth callback' */
  emailRequired: 'Email is required in auth data returned by service',
  unsupportedProvider: 'Unsupported provider',
  codeOrTokenRequired: 'A provider and an authorization code, or an access token, are required',
  /** SPEC §8 'Connection': a state unknown, used, expired or of another provider */
  invalidRequest: 'Invalid authentication request. Please try reconnecting.',
  /** SPEC §8 'Connection': the grant is gone (refresh answered invalid_grant, or the token was revoked) */
  reauthorize:
    'Your email connection needs to be re-authorized. The token has been invalidated or permissions revoked.',
  revoked: 'Permissions for this email connection have been revoked. Please re-authorize.',
  expired: 'Authentication expired. Please reconnect your account.',
  /** SPEC §5 'Disconnect' */
  disconnectNeedsId: 'Cannot disconnect non-active email without ID',
  /** the provider's answer names another mailbox than the tokens given (POST /api/email-connections) */
  emailMismatch: 'The tokens given belong to another mailbox than the e-mail address given',
  /** `origin` of init/callback is not the web app's */
  unknownOrigin: 'This sign-in cannot return to the address it came from.',
  notFound: 'Email connection not found',
  noDefault: 'No email connection is set up yet',
  /** the provider is down or slow (5xx, 429, timeout): nothing was changed, try again */
  providerUnavailable: 'The e-mail provider could not be reached. Please try again in a moment.',
} as const;

/** SPEC §5: ISO 8601 (date, T, time, optional fraction, optional Z or offset) with a year from 2000 to 2100. */
export const iso8601Pattern = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
export const isValidExpiry = (value: string) => {
  const match = iso8601Pattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2100 && !Number.isNaN(Date.parse(value));
};

/** Why a connection needs the user (SPEC §4: invalid_grant or permission_denied mean expired). */
export const refreshErrors = ['invalid_grant', 'permission_denied', 'auth_failure_on_send', 'network_error'] as const;
export type RefreshError = (typeof refreshErrors)[number];

/** A mailbox as every route answers it (DESIGN §8). */
export const connectionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    provider: z.enum(mailProviders),
    status: z.enum(connectionStatuses),
    isDefault: z.boolean(),
    /** when the access token the server holds expires (ISO 8601) */
    expiry: z.string(),
    refreshError: z.nullable(z.string()),
    connectedAt: z.string(),
    lastSynced: z.nullable(z.string()),
  }),
);
export type Connection = z.infer<typeof connectionSchema>;

/** A profile's `connectedEmails` entry (SPEC §3 'ConnectedEmail entry' without its access token: DESIGN §6). */
export type ConnectedEmail = Pick<
  Connection,
  'id' | 'provider' | 'email' | 'isDefault' | 'status' | 'connectedAt' | 'lastSynced' | 'refreshError' | 'expiry'
>;

/**
 * `.../tokens` (DESIGN §9: mailbox tokens never reach the browser): the connection's state once its access token was
 * renewed when about to expire, without any token. The server's own sends and reply checks use the token.
 */
export const connectionStateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    provider: z.enum(mailProviders),
    status: z.enum(connectionStatuses),
    /** ISO 8601 */
    expiry: z.string(),
  }),
);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

const id = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(64)));
/** an address as sent, compared in lower case (a plain email schema, so the contract suite can generate valid ones) */
const email = /* @__PURE__ */ lazySchema(() =>
  z.pipe(
    z.email().check(z.maxLength(320)),
    z.transform((address) => address.toLowerCase()),
  ),
);
const provider = /* @__PURE__ */ lazySchema(() =>
  z.enum(mailProviders, { error: mailboxMessages.unsupportedProvider }),
);
/** the web app's origin, e.g. http://localhost:5173; checked against the configured one */
const origin = /* @__PURE__ */ lazySchema(() => z.url().check(z.maxLength(200)));
/** what the provider returned on the redirect */
const code = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(4096)));
const state = /* @__PURE__ */ lazySchema(() => z.string().check(z.minLength(1), z.maxLength(256)));

export const connectionIdParams = /* @__PURE__ */ lazySchema(() => z.strictObject({ id }));
export const connectionEmailParams = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ email: z.string().check(z.minLength(3), z.maxLength(320)) }),
);

export const tokenPurposes = ['send_email', 'read_email', 'check_replies'] as const;
export const tokensBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ purpose: z._default(z.enum(tokenPurposes), 'send_email') }),
);

export const connectionListSchema = /* @__PURE__ */ lazySchema(() => z.array(connectionSchema));
export const connectionCountSchema = /* @__PURE__ */ lazySchema(() => z.object({ count: z.int().check(z.gte(0)) }));
export const deletedConnectionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ deleted: z.boolean(), id: z.string() }),
);
/** POST .../{id}/validate: whether the provider still accepts the connection, and the connection as it now is */
export const validationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ valid: z.boolean(), connection: connectionSchema }),
);

/**
 * POST /api/email-connections: a mailbox from tokens the caller already holds (SPEC §7 'connection data'). The
 * access token is checked with the provider, whose answer must name the same address; tokens are kept encrypted.
 */
export const createConnectionBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    provider: z.optional(provider),
    email,
    accessToken: z.string().check(z.minLength(1), z.maxLength(8192)),
    refreshToken: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(8192)))),
    expiry: z.optional(z.string().check(z.maxLength(64), z.refine(isValidExpiry, mailboxMessages.invalidExpiry))),
  }),
);
export type CreateConnectionBody = z.infer<typeof createConnectionBody>;

export const oauthInitBody = /* @__PURE__ */ lazySchema(() => z.strictObject({ provider, origin }));
export const oauthInitSchema = /* @__PURE__ */ lazySchema(() => z.object({ authUrl: z.string(), state: z.string() }));

/** POST .../oauth/callback-public: no credentials; the state says whose mailbox this is (single use, 10 min). */
export const oauthCallbackBody = /* @__PURE__ */ lazySchema(() => z.strictObject({ provider, code, state, origin }));
/**
 * What the callback answers (SPEC §7 reads email, provider, expiry, connection.id; DESIGN §9: without any token): the
 * connection's state, and the connection.
 */
export const oauthCallbackSchema = /* @__PURE__ */ lazySchema(() =>
  z.extend(connectionStateSchema, { connection: connectionSchema }),
);

export const silentRefreshBody = /* @__PURE__ */ lazySchema(() => z.strictObject({ email }));

/** Legacy POST /exchange_google_code: the user's pending Gmail sign-in (its state) finished with this code. */
export const exchangeGoogleCodeBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ code, state: z.optional(state), origin: z.optional(origin) }),
);
/** as the callback (DESIGN §9: without any token), with the seconds the server's access token has left */
export const exchangeGoogleCodeSchema = /* @__PURE__ */ lazySchema(() =>
  z.extend(oauthCallbackSchema, { expires_in: z.int() }),
);

/** Legacy POST /api/oauth/initiate: `is_manual_mode` is accepted and changes nothing (the redirect flow is the one). */
export const oauthInitiateBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    provider,
    is_manual_mode: z.optional(z.boolean()),
    origin: z.optional(origin),
  }),
);
export const oauthInitiateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ auth_url: z.string(), authUrl: z.string(), state: z.string() }),
);

/** Legacy POST /api/oauth/callback: the signed-in user's own state. */
export const legacyOauthCallbackBody = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ provider, code, state, origin: z.optional(origin) }),
);
