/**
 * The meetings port (DESIGN §5 'meetings'): Zoom's OAuth 2 (authorization code with PKCE; Zoom rotates the
 * refresh token on every refresh: the old one stops working once the new one is issued), who the account is, and its
 * meetings. The real adapter (zoom.ts) speaks Zoom's HTTP API with fetch (there is no maintained Zoom SDK for
 * Node); locally and in tests the same adapter talks to the sandbox (infra/local/sandbox/zoom.ts) by base URL.
 */
export type ZoomTokens = {
  accessToken: string;
  /** Zoom answers a new one with every code exchange and refresh */
  refreshToken: string;
  expiresAt: Date;
  scope?: string;
};

export type ZoomUser = {
  /** Zoom's user id (what a deauthorization event names) */
  id: string;
  accountId: string;
  /** lower case */
  email: string;
  /** the account's IANA time zone, when Zoom says */
  timeZone: string | null;
};

export type ZoomMeetingInput = {
  topic: string;
  /** ISO 8601 in UTC */
  startTime: string;
  durationMinutes: number;
  /** IANA zone the meeting shows in */
  timeZone: string;
  agenda?: string;
};

export type ZoomMeeting = {
  /** Zoom's numeric meeting id, as a string */
  id: string;
  joinUrl: string;
};

export type ZoomAuth = {
  /** Zoom's consent URL (S256 code challenge of `codeVerifier`, `state`) */
  authorizeUrl: (input: { state: string; redirectUri: string; codeChallenge: string }) => string;
  /** the code of the redirect for tokens; `redirectUri` and `codeVerifier` as at authorize */
  exchangeCode: (input: { code: string; redirectUri: string; codeVerifier: string }) => Promise<ZoomTokens>;
  /** new tokens (a new refresh token too); ZoomFailure `invalid_grant` when the grant is gone or the token was used */
  refresh: (refreshToken: string) => Promise<ZoomTokens>;
  /** ends the grant at Zoom (POST /oauth/revoke), best effort */
  revoke: (token: string) => Promise<void>;
};

export type ZoomApi = {
  /** GET /v2/users/me */
  me: (accessToken: string) => Promise<ZoomUser>;
  /** POST /v2/users/me/meetings (a scheduled meeting, type 2) */
  createMeeting: (accessToken: string, input: ZoomMeetingInput) => Promise<ZoomMeeting>;
  /** PATCH /v2/meetings/{id}; ZoomFailure `not_found` when Zoom no longer has it */
  updateMeeting: (accessToken: string, meetingId: string, input: ZoomMeetingInput) => Promise<void>;
  /** DELETE /v2/meetings/{id}; a meeting Zoom no longer has is fine */
  deleteMeeting: (accessToken: string, meetingId: string) => Promise<void>;
};

/**
 * Zoom refused or failed. `invalid_grant`: the code or refresh token is no longer valid (revoked, expired, used: Zoom
 * answers `{reason: 'Invalid authorization code' | 'Invalid Token!', error: 'invalid_grant'}`); `unauthorized`: the
 * access token was refused (401, Zoom code 124); `permission_denied`: the grant lacks a scope (Zoom code 4711, 403);
 * `not_found`: the meeting is gone (404, code 3001); `invalid_request`: our request was refused (400, a bad
 * verifier or redirect); `unavailable`: try again later (5xx, 429, timeout).
 */
export type ZoomFailureKind =
  | 'invalid_grant'
  | 'unauthorized'
  | 'permission_denied'
  | 'not_found'
  | 'invalid_request'
  | 'unavailable';

export class ZoomFailure extends Error {
  readonly kind: ZoomFailureKind;

  constructor(kind: ZoomFailureKind, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'ZoomFailure';
    this.kind = kind;
  }
}

/** Zoom as the meetings domain uses it (zoom.ts `createZoomProvider`: the sandbox locally, by base URL). */
export type ZoomProvider = {
  auth: ZoomAuth;
  api: ZoomApi;
  /** the secret token Zoom signs its event notifications with (`x-zm-signature`); null when none is configured */
  webhookSecret: () => Promise<string | null>;
};
