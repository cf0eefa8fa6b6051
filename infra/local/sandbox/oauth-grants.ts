import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';

export const oauthVendors = ['google', 'microsoft', 'zoom'] as const;
export type OAuthVendor = (typeof oauthVendors)[number];

/** A sign-in waiting on the consent page: what the authorize request asked, kept here rather than in the form. */
export type PendingConsent = {
  id: string;
  vendor: OAuthVendor;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: 'S256' | 'plain';
  /** whether the grant gets a refresh token (Google: `access_type=offline`; Microsoft: the `offline_access` scope) */
  offline: boolean;
  loginHint: string | undefined;
  expiresAt: number;
};

/** An authorization code: single use, short-lived, bound to its client, redirect URI and PKCE challenge. */
export type AuthorizationCode = Omit<PendingConsent, 'id' | 'loginHint' | 'state'> & {
  code: string;
  email: string;
  used: boolean;
};

const grantSchema = z.object({
  id: z.string(),
  vendor: z.enum(oauthVendors),
  clientId: z.string(),
  email: z.string(),
  scopes: z.array(z.string()),
  /**
   * the grant's live refresh tokens (Microsoft issues a new one on each refresh and the old ones stay valid; Zoom's
   * new one replaces the one used)
   */
  refreshTokens: z.array(z.string()),
  revoked: z.boolean(),
  createdAt: z.string(),
});
export type Grant = z.infer<typeof grantSchema>;

const accessTokenSchema = z.object({ token: z.string(), grantId: z.string(), expiresAt: z.number() });
type AccessToken = z.infer<typeof accessTokenSchema>;

/** What is kept across restarts: grants, live access tokens and each client's secret (pending sign-ins are not). */
const savedSchema = z.object({
  grants: z.array(grantSchema),
  accessTokens: z.array(accessTokenSchema),
  clientSecrets: z.record(z.string(), z.string()),
});

/** RFC 6749 §4.1.2: a code lives at most 10 minutes; so does a consent page left open. */
export const codeLifetimeMs = 10 * 60 * 1000;
/** Google's and Microsoft's access tokens live an hour (Zoom's a second less: its dialect says so). */
export const accessTokenLifetimeSeconds = 3600;

const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

export type RedeemedCode =
  | { ok: true; code: AuthorizationCode }
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; code?: AuthorizationCode };

/** How each provider's codes and tokens start, so a mix-up shows in logs (Zoom's real ones are JWTs: `eyJ...`). */
const prefixes: Record<OAuthVendor, { code: string; refresh: string; access: string }> = {
  google: { code: '4/', refresh: '1//', access: 'ya29.' },
  microsoft: { code: 'M.C5', refresh: 'M.C5_R', access: 'EwB' },
  zoom: { code: 'zc', refresh: 'eyJzr.', access: 'eyJza.' },
};

/**
 * The sandbox's OAuth state, shared by its Google, Microsoft and Zoom vendors: pending consents, codes, grants and their
 * tokens. Grants and access tokens are written to `file` (when given) on every change, so a restarted local stack
 * keeps its connected mailboxes; codes and open consent pages live in memory only.
 */
export class OAuthGrants {
  readonly #file: string | undefined;
  readonly #now: () => number;
  readonly #consents = new Map<string, PendingConsent>();
  readonly #codes = new Map<string, AuthorizationCode>();
  #grants: Grant[] = [];
  #accessTokens = new Map<string, AccessToken>();
  #clientSecrets = new Map<string, string>();

  constructor(options: { file?: string; now?: () => number } = {}) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
    if (this.#file && existsSync(this.#file)) {
      const saved = savedSchema.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      // a file of another shape (an older sandbox) is started over rather than half read
      if (saved.success) {
        this.#grants = saved.data.grants;
        this.#accessTokens = new Map(saved.data.accessTokens.map((token) => [token.token, token]));
        this.#clientSecrets = new Map(Object.entries(saved.data.clientSecrets));
      }
    }
  }

  #save() {
    if (!this.#file) return;
    const now = this.#now();
    const saved: z.infer<typeof savedSchema> = {
      grants: this.#grants,
      accessTokens: [...this.#accessTokens.values()].filter((token) => token.expiresAt > now),
      clientSecrets: Object.fromEntries(this.#clientSecrets),
    };
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved, null, 2));
    renameSync(temporary, this.#file);
  }

  /** A sign-in shown on the consent page; its id is the page's hidden field. */
  openConsent(consent: Omit<PendingConsent, 'id' | 'expiresAt'>): PendingConsent {
    const pending = { ...consent, id: randomToken(16), expiresAt: this.#now() + codeLifetimeMs };
    this.#consents.set(pending.id, pending);
    return pending;
  }

  /** The consent page's sign-in, once (a second submit of the same page finds nothing). */
  takeConsent(id: string, vendor: OAuthVendor): PendingConsent | undefined {
    const pending = this.#consents.get(id);
    if (!pending || pending.vendor !== vendor) return undefined;
    this.#consents.delete(id);
    return pending.expiresAt > this.#now() ? pending : undefined;
  }

  /** The code for a consent given as `email`. */
  issueCode(consent: PendingConsent, email: string): string {
    const code = `${prefixes[consent.vendor].code}sandbox-${randomToken()}`;
    const { id: _id, loginHint: _hint, state: _state, ...rest } = consent;
    this.#codes.set(code, { ...rest, code, email, used: false, expiresAt: this.#now() + codeLifetimeMs });
    return code;
  }

  /** A code for tokens: it is spent by this attempt whatever the attempt's outcome (a verifier cannot be guessed). */
  redeemCode(code: string, vendor: OAuthVendor): RedeemedCode {
    const found = this.#codes.get(code);
    if (!found || found.vendor !== vendor) return { ok: false, reason: 'unknown' };
    if (found.used) return { ok: false, reason: 'used', code: found };
    found.used = true;
    if (found.expiresAt <= this.#now()) return { ok: false, reason: 'expired', code: found };
    return { ok: true, code: found };
  }

  /** A new grant from a redeemed code, with a refresh token when the sign-in asked for offline access. */
  createGrant(code: AuthorizationCode): Grant {
    const grant: Grant = {
      id: randomToken(12),
      vendor: code.vendor,
      clientId: code.clientId,
      email: code.email,
      scopes: code.scopes,
      refreshTokens: code.offline ? [this.#refreshToken(code.vendor)] : [],
      revoked: false,
      createdAt: new Date(this.#now()).toISOString(),
    };
    this.#grants.push(grant);
    this.#save();
    return grant;
  }

  #refreshToken(vendor: OAuthVendor) {
    return `${prefixes[vendor].refresh}sandbox-${randomToken(32)}`;
  }

  /**
   * A refresh answer's new refresh token. Microsoft's old ones stay valid until the grant ends; Zoom's `retired` one
   * (the token just used) stops working now, so a second use of it finds no grant (`invalid_grant`).
   */
  rotateRefreshToken(grant: Grant, retired?: string): string {
    const token = this.#refreshToken(grant.vendor);
    if (retired !== undefined) grant.refreshTokens = grant.refreshTokens.filter((old) => old !== retired);
    grant.refreshTokens.push(token);
    this.#save();
    return token;
  }

  /** The grant of a refresh token, revoked or not. */
  grantOfRefreshToken(token: string, vendor: OAuthVendor): Grant | undefined {
    return this.#grants.find((grant) => grant.vendor === vendor && grant.refreshTokens.includes(token));
  }

  /** A new access token of the grant, living `lifetimeSeconds` (@default an hour). */
  issueAccessToken(grant: Grant, lifetimeSeconds = accessTokenLifetimeSeconds): { token: string; expiresIn: number } {
    const token = `${prefixes[grant.vendor].access}sandbox-${randomToken(32)}`;
    this.#accessTokens.set(token, { token, grantId: grant.id, expiresAt: this.#now() + lifetimeSeconds * 1000 });
    this.#save();
    return { token, expiresIn: lifetimeSeconds };
  }

  /** The live grant an access token stands for: none when the token is unknown, expired or its grant revoked. */
  grantOfAccessToken(token: string, vendor: OAuthVendor): Grant | undefined {
    const found = this.#accessTokens.get(token);
    if (!found || found.expiresAt <= this.#now()) return undefined;
    const grant = this.#grants.find((candidate) => candidate.id === found.grantId);
    return grant && grant.vendor === vendor && !grant.revoked ? grant : undefined;
  }

  /** Google's and Zoom's revocation endpoints: either token of a grant ends the whole grant. False when unknown. */
  revokeToken(token: string, vendor: OAuthVendor): boolean {
    const grant =
      this.grantOfRefreshToken(token, vendor) ??
      this.#grants.find((candidate) => candidate.id === this.#accessTokens.get(token)?.grantId);
    if (!grant || grant.vendor !== vendor || grant.revoked) return false;
    grant.revoked = true;
    this.#save();
    return true;
  }

  #grantsOf(email: string, vendor: OAuthVendor | undefined) {
    const address = email.trim().toLowerCase();
    return this.#grants.filter(
      (grant) => grant.email === address && !grant.revoked && (vendor === undefined || grant.vendor === vendor),
    );
  }

  /** `POST /_sandbox/oauth/revoke`: every live grant of the mailbox ends (refresh: invalid_grant; API calls: 401). */
  revokeEmail(email: string, vendor?: OAuthVendor): number {
    const grants = this.#grantsOf(email, vendor);
    for (const grant of grants) grant.revoked = true;
    this.#save();
    return grants.length;
  }

  /** `POST /_sandbox/oauth/expire`: the mailbox's access tokens expire now (its refresh tokens still work). */
  expireEmail(email: string, vendor?: OAuthVendor): number {
    const ids = new Set(this.#grantsOf(email, vendor).map((grant) => grant.id));
    let expired = 0;
    for (const token of this.#accessTokens.values()) {
      if (ids.has(token.grantId) && token.expiresAt > this.#now()) {
        token.expiresAt = this.#now();
        expired += 1;
      }
    }
    this.#save();
    return expired;
  }

  /**
   * A confidential client's secret: the sandbox knows no registrations, so any non-empty secret is taken the first
   * time a client id shows it, and the same one is wanted from then on (a mix-up of two configurations shows).
   */
  checkClientSecret(vendor: OAuthVendor, clientId: string, secret: string): boolean {
    const key = `${vendor}:${clientId}`;
    const known = this.#clientSecrets.get(key);
    if (known !== undefined) return known === secret;
    this.#clientSecrets.set(key, secret);
    this.#save();
    return true;
  }

  /** Every grant, newest first, without its tokens (`GET /_sandbox/oauth/grants`). */
  list() {
    return this.#grants
      .map(({ refreshTokens: _tokens, ...grant }) => grant)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}
