import type { MailProvider } from '../../../shared/schemas/mailboxes.js';

/**
 * The mailbox sign-in port (DESIGN §5 'mail'): OAuth 2 with PKCE for one provider, and who the mailbox is.
 * Real adapters: Google through googleapis' OAuth2 client (google.ts), Microsoft identity platform with Graph's
 * `/me` (microsoft.ts); locally and in tests the same adapters talk to the sandbox (infra/local/sandbox/google.ts,
 * microsoft.ts) by base URL. Sending and reading live in the same folder.
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
  /**
   * New tokens from a refresh token, asking for no more than `granted` (the scopes the grant gave, when known);
   * MailAuthFailure `invalid_grant` when the grant is gone.
   */
  refresh: (refreshToken: string, granted?: readonly string[]) => Promise<MailTokens>;
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

/**
 * Sending and reading a mailbox (DESIGN §5 'mail', §8 'Conversations and replies'). One `MailApi` per
 * provider (Gmail API through `@googleapis/gmail`, Microsoft Graph through `@microsoft/microsoft-graph-client`);
 * each call takes a fresh access token of the mailbox (the caller renews it first). Locally and in tests the same
 * adapters talk to the sandbox (infra/local/sandbox/gmail-api.ts, graph-mail.ts) by base URL.
 *
 * Failures are MailApiFailure: `unauthorized` (401/403, the token or grant is refused: the mailbox is expired),
 * `rate_limited` (429, with `retryAfterSeconds` from `Retry-After`), `not_found` (the cursor, message or thread is
 * gone: Gmail history 404, Graph delta 410 `syncStateNotFound`), `rejected` (the provider refused this message for
 * good: a bad recipient, a message too large), `unavailable` (5xx, timeout: try again later), `consent_required`
 * (the grant works but lacks a permission this send needs, as an Outlook grant made before `Mail.ReadWrite` was asked
 * for, on a message over 4 MB: the mailbox must be reconnected).
 */
export type OutgoingMail = {
  /** the mailbox's own address */
  from: string;
  /** the user's name for the From header, when known */
  fromName?: string;
  to: string;
  toName?: string;
  subject: string;
  /** plain text; the adapter sends it as text/plain (and the MIME builder may add an HTML alternative) */
  body: string;
  /**
   * The RFC 5322 Message-ID this e-mail carries, chosen by the caller BEFORE the first attempt and kept with the
   * draft, so a retry can ask the mailbox whether it was already sent (`findSent`). Form `<ulid@domain>`.
   */
  messageId: string;
  /** threading: the Message-ID answered (the last message of the conversation) and the whole chain */
  inReplyTo?: string;
  references?: string[];
  /** the provider's thread or conversation id, so Gmail files the reply in the same thread */
  threadId?: string;
  attachments?: { fileName: string; contentType: string; content: Uint8Array }[];
  /**
   * A meeting invitation or cancellation (iTIP, RFC 5546) that calendars act on: sent as RFC 6047 and MS-OXCMAIL
   * want it, the `text/calendar; method=...` alternative of the text body, and as `fileName` attached besides.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; fileName: string };
  /** extra headers, e.g. `X-Outreach-Draft-Id` */
  headers?: Record<string, string>;
};

export type SentMail = {
  /** the provider's id of the sent message (Gmail message id, Graph message id) */
  providerMessageId: string;
  /** the provider's thread id (Gmail threadId, Graph conversationId) */
  threadId: string;
  /** the RFC Message-ID as sent */
  messageId: string;
  sentAt: Date;
};

/** A message that arrived in (or was sent from) the mailbox, as reply detection needs it. */
export type MailboxMessage = {
  providerMessageId: string;
  threadId: string;
  /** RFC Message-ID, when the message has one */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** bare lower-case address and display name */
  from: { email: string; name: string | null };
  to: string[];
  subject: string;
  /** plain text body (decoded), cut to a bounded length by the adapter (64 KiB) */
  body: string;
  receivedAt: Date;
  /** lower-case header names -> values, only those classification needs: auto-submitted, x-autoreply,
   * x-autorespond, precedence, x-failed-recipients, content-type, list-unsubscribe, x-outreach-draft-id */
  headers: Record<string, string>;
  /**
   * The text of the message's iCalendar part (RFC 6047: `text/calendar`, or an `application/ics` attachment), cut to
   * the body's bound: how an attendee's answer to an invitation (an iTIP REPLY) comes back. Absent when it has none.
   */
  calendar?: string;
};

/** What changed since a cursor: new messages and the next cursor (Gmail historyId, Graph deltaLink). */
export type MailChanges = { messages: MailboxMessage[]; cursor: string };

export type MailWatch = {
  /** Gmail: the watch's historyId start; Graph: the subscription id */
  id: string;
  /** when it lapses (Gmail watch: 7 days; Graph subscription on messages: at most ~3 days) */
  expiresAt: Date;
  /** the cursor to read from after starting the watch (Gmail: historyId of `watch`; Graph: a fresh delta link) */
  cursor: string | null;
};

export type MailApi = {
  provider: MailProvider;
  send: (accessToken: string, mail: OutgoingMail) => Promise<SentMail>;
  /** the sent message carrying this Message-ID, or null: how a retried send learns it already went out */
  findSent: (accessToken: string, messageId: string) => Promise<SentMail | null>;
  /** the cursor for "from now on" (Gmail profile historyId; Graph: a delta link after an initial bounded sync) */
  currentCursor: (accessToken: string) => Promise<string>;
  /**
   * Messages added since `cursor` (Gmail `history.list` historyTypes=messageAdded then `messages.get`; Graph delta on
   * the inbox), at most `limit` messages; MailApiFailure `not_found` when the cursor is too old (resync).
   */
  changesSince: (accessToken: string, cursor: string, limit: number) => Promise<MailChanges>;
  /** the messages of one provider thread, oldest first (the resync path and the drawer's thread) */
  threadMessages: (accessToken: string, threadId: string) => Promise<MailboxMessage[]>;
  /**
   * Start (or renew) push: Gmail `users.watch` on INBOX to `topicName`; Graph a subscription on the inbox's messages
   * (`created`) with `notificationUrl`, `lifecycleNotificationUrl` and `clientState`. `renewId` renews that one.
   */
  watch: (
    accessToken: string,
    input: { topicName?: string; notificationUrl?: string; clientState?: string; renewId?: string },
  ) => Promise<MailWatch>;
  /** stop push (Gmail `users.stop`; Graph delete the subscription), best effort */
  unwatch: (accessToken: string, watchId: string) => Promise<void>;
};

export type MailApiFailureKind =
  | 'unauthorized'
  | 'consent_required'
  | 'rate_limited'
  | 'not_found'
  | 'rejected'
  | 'unavailable';

export class MailApiFailure extends Error {
  readonly kind: MailApiFailureKind;
  readonly retryAfterSeconds: number | null;
  readonly status: number | null;

  constructor(
    kind: MailApiFailureKind,
    message: string,
    options: { cause?: unknown; retryAfterSeconds?: number | null; status?: number | null } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'MailApiFailure';
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.status = options.status ?? null;
  }
}
