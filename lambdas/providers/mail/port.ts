import type { MailProvider } from '../../../shared/schemas/mailboxes.js';

/**
 * The mailbox sign-in port (issue 12, DESIGN §5 'mail'): OAuth 2 with PKCE for one provider, and who the mailbox is.
 * Real adapters: Google through googleapis' OAuth2 client (google.ts), Microsoft identity platform with Graph's
 * `/me` (microsoft.ts); locally and in tests the same adapters talk to the sandbox (infra/local/sandbox/google.ts,
 * microsoft.ts) by base URL. Issue 13 adds sending and reading to the same folder.
 */
export type MailTokens = {
  accessToken: string;
  /** null when the provider gave none on this answer (a refresh may keep the old one) */
  refreshToken: string | null;
  expiresAt: Date;
  /** the scopes granted, space-separated, when the provider says */
  scope?: string;
};

export type MailAuthStart = {
  /** where the browser goes to consent */
  authUrl: string;
  /** the PKCE verifier of this sign-in: kept server-side with the state, never sent to the browser */
  codeVerifier: string;
};

export type MailAuth = {
  provider: MailProvider;
  /** least privilege: sending, and the narrowest read that lets replies be detected and shown */
  scopes: readonly string[];
  /** a new sign-in: its authorization URL (S256 code challenge, `state`, offline access, consent prompt) */
  start: (input: { state: string; redirectUri: string; loginHint?: string }) => Promise<MailAuthStart>;
  /** the code of the redirect for tokens; `redirectUri` and `codeVerifier` as at `start` */
  exchangeCode: (input: { code: string; redirectUri: string; codeVerifier: string }) => Promise<MailTokens>;
  /** new tokens from a refresh token; MailAuthFailure `invalid_grant` when the grant is gone */
  refresh: (refreshToken: string) => Promise<MailTokens>;
  /** the mailbox's address; MailAuthFailure `unauthorized` when the access token is refused */
  mailboxAddress: (accessToken: string) => Promise<string>;
  /** ends the grant at the provider (best effort where the provider has no revocation endpoint) */
  revoke: (token: string) => Promise<void>;
};

/**
 * The provider refused or failed. `invalid_grant`: the refresh token or code is no longer valid (revoked, expired,
 * used); `unauthorized`: the access token was refused (401/403); `invalid_request`: our request was refused (a
 * PKCE verifier that does not match, a wrong redirect); `unavailable`: try again later (5xx, 429, timeout).
 */
export type MailAuthFailureKind = 'invalid_grant' | 'unauthorized' | 'invalid_request' | 'unavailable';

export class MailAuthFailure extends Error {
  readonly kind: MailAuthFailureKind;

  constructor(kind: MailAuthFailureKind, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'MailAuthFailure';
    this.kind = kind;
  }
}
