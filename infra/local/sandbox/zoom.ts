import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { zonedTime as instantOfWallClock } from '../../../lambdas/core/wall-clock.js';
import type { Grant, OAuthGrants } from './oauth-grants.js';
import {
  authorize,
  bearerGrant,
  consent,
  type OAuthDialect,
  oauthGrantsOf,
  registerOAuthControl,
  token,
} from './oauth-server.js';
import type {
  SandboxContext,
  SandboxRequest,
  SandboxResponse,
  SandboxRouter,
  SandboxVendor,
  ZoomWebhookSettings,
} from './router.js';
import { controlPage, joinPage } from './zoom-page.js';

/*
 * Zoom as the sandbox speaks it: Zoom's OAuth (https://zoom.us/oauth/...) under `/zoom/oauth/`, the REST
 * API (https://api.zoom.us/v2) under `/zoom/v2`, a join page for the meetings' links, signed event notifications and
 * the control routes of DESIGN §8 'Sandbox control'. The meetings adapter (lambdas/providers/meetings/zoom.ts) runs
 * unchanged against it by base URL.
 * @link https://developers.zoom.us/docs/integrations/oauth/
 * @link https://developers.zoom.us/docs/api/meetings/
 */

/** The scopes of the sandbox's Zoom app when an authorize request names none (at Zoom they are the app's, set once). */
export const zoomDefaultScopes = ['meeting:read', 'meeting:write', 'user:read'];

/** Zoom's token refusals carry a `reason` of their own words; these are the ones Zoom answers. */
const zoomReasons: Record<string, string> = {
  client: 'Invalid client_id or client_secret',
  code: 'Invalid authorization code',
  redirect: 'Redirect URI mismatch.',
  verifier: 'Invalid code verifier',
  refresh: 'Invalid Token!',
};

/**
 * Zoom's authorization server: `{reason, error}` refusals (a used code: `Invalid authorization code`, a used or revoked
 * refresh token: `Invalid Token!`, both `invalid_grant`), HTTP Basic client authentication only, `expires_in` 3599,
 * `token_type` `bearer`, and a new refresh token on every refresh that retires the one used.
 * @link https://developers.zoom.us/docs/integrations/oauth/#refreshing-an-access-token
 */
const zoom: OAuthDialect = {
  vendor: 'zoom',
  name: 'Zoom',
  defaultEmail: 'you@zoom.example',
  scopeTexts: {
    'meeting:read': 'View your meetings',
    'meeting:write': 'View and manage your meetings',
    'user:read': 'View your user information',
    'meeting:write:meeting': 'Create a meeting for a user',
    'meeting:update:meeting': 'Update a meeting',
    'meeting:delete:meeting': 'Delete a meeting',
    'meeting:read:meeting': 'View a meeting',
    'user:read:user': 'View a user',
  },
  // every Zoom grant gets a refresh token
  offline: () => true,
  tokenError: (status, error, description, subject) => {
    // a bad verifier or redirect is the request's fault at Zoom (invalid_request), a used code the grant's
    const zoomError = subject === 'redirect' || subject === 'verifier' ? 'invalid_request' : error;
    return { status, json: { reason: zoomReasons[subject] ?? description, error: zoomError } };
  },
  redirectMismatch: 'invalid_request',
  denied: 'The user denied the authorization request',
  grantedScope: (scopes) => scopes.join(' '),
  rotatesRefreshTokens: true,
  retiresUsedRefreshToken: true,
  refreshNeedsScope: false,
  defaultScopes: zoomDefaultScopes,
  basicClientAuthOnly: true,
  accessTokenSeconds: 3599,
  tokenExtras: () => ({ token_type: 'bearer' }),
};

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A Zoom account of the sandbox: any address that consented; its ids are derived from the address. */
export const zoomUserOf = (email: string) => {
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0]!;
  const words = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return {
    id: hashOf(`zoom-user:${address}`).slice(0, 22),
    accountId: hashOf(`zoom-account:${address}`).slice(0, 22),
    email: address,
    firstName: words[0] ?? local,
    lastName: words.slice(1).join(' '),
    /** every sandbox Zoom account's time zone (the app keeps the user's own) */
    timeZone: 'America/New_York',
  };
};

/** Zoom's API error body: `{code, message}` (code 124: token, 3001: no such meeting, 300: validation, 4711: scope). */
const apiError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  json: { code, message, ...extra },
});
const invalidToken = () => apiError(401, 124, 'Invalid access token.');
const noMeeting = (id: string) => apiError(404, 3001, `Meeting does not exist: ${id}.`);

/** What an operation wants of the grant's scopes (classic `meeting:write` or granular `meeting:update:meeting`). */
const scopeNeeds = {
  me: ['user:read'],
  getMeeting: ['meeting:read', 'meeting:write'],
  createMeeting: ['meeting:write'],
  updateMeeting: ['meeting:write', 'meeting:update'],
  deleteMeeting: ['meeting:write', 'meeting:delete'],
} as const;

/* ---------------------------------------------------------------- failures */

export const zoomOperations = [
  'token',
  'revoke',
  'me',
  'getMeeting',
  'createMeeting',
  'updateMeeting',
  'deleteMeeting',
] as const;
export type ZoomOperation = (typeof zoomOperations)[number];

const failBody = z.object({
  operation: z.enum(zoomOperations),
  status: z.number().int().min(400).max(599),
  times: z.number().int().min(1).max(1000).default(1),
});

/** `POST /_sandbox/zoom/fail`: the next `times` calls of an operation answer `status`, in Zoom's shape. */
class ZoomFailures {
  readonly #pending = new Map<ZoomOperation, { status: number; remaining: number }>();

  add(operation: ZoomOperation, status: number, times: number) {
    this.#pending.set(operation, { status, remaining: times });
  }

  list() {
    return Object.fromEntries(this.#pending);
  }

  /** The injected failure of this call, if one is pending. */
  take(operation: ZoomOperation): SandboxResponse | undefined {
    const pending = this.#pending.get(operation);
    if (!pending) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) this.#pending.delete(operation);
    const { status } = pending;
    const headers: Record<string, string> = status === 429 ? { 'Retry-After': '1' } : {};
    if (operation === 'token' || operation === 'revoke') {
      const error = status === 429 ? 'too_many_requests' : status >= 500 ? 'server_error' : 'invalid_request';
      return { status, headers, json: { reason: `Sandbox failure (${status})`, error } };
    }
    const message =
      status === 429
        ? 'You have reached the maximum per-second rate limit for this API. Try again later.'
        : `Sandbox failure (${status}).`;
    return { status, headers, json: { code: status, message } };
  }
}

/* ---------------------------------------------------------------- meetings */

const meetingRecord = z.object({
  id: z.number(),
  uuid: z.string(),
  hostId: z.string(),
  hostEmail: z.string(),
  topic: z.string(),
  type: z.number(),
  /** UTC, Zoom's `yyyy-MM-ddTHH:mm:ssZ` */
  startTime: z.string(),
  duration: z.number(),
  timezone: z.string(),
  agenda: z.string(),
  password: z.string(),
  joinUrl: z.string(),
  startUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deleted: z.boolean(),
});
export type ZoomMeetingRecord = z.infer<typeof meetingRecord>;

/** The sandbox's Zoom meetings, kept in `<dataDir>/zoom.json` (written on every change) so restarts keep them. */
export class ZoomMeetings {
  readonly #file: string | undefined;
  #meetings: ZoomMeetingRecord[] = [];

  constructor(file?: string) {
    this.#file = file;
    if (file && existsSync(file)) {
      const saved = z.object({ meetings: z.array(meetingRecord) }).safeParse(JSON.parse(readFileSync(file, 'utf8')));
      // a file of another shape (an older sandbox) is started over rather than half read
      if (saved.success) this.#meetings = saved.data.meetings;
    }
  }

  #save() {
    if (!this.#file) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ meetings: this.#meetings }, null, 2));
    renameSync(temporary, this.#file);
  }

  /** A new meeting id: 11 digits, as Zoom's are, unused here. */
  newId() {
    for (;;) {
      const id = randomInt(80_000_000_000, 99_999_999_999);
      if (!this.#meetings.some((meeting) => meeting.id === id)) return id;
    }
  }

  add(meeting: ZoomMeetingRecord) {
    this.#meetings.push(meeting);
    this.#save();
  }

  /** The meeting of `id` (deleted ones too). */
  get(id: number) {
    return this.#meetings.find((meeting) => meeting.id === id);
  }

  update(meeting: ZoomMeetingRecord, changes: Partial<ZoomMeetingRecord>) {
    Object.assign(meeting, changes);
    this.#save();
  }

  /** Every meeting, or those hosted by `email`, soonest first. */
  list(email?: string) {
    const address = email?.trim().toLowerCase();
    return this.#meetings
      .filter((meeting) => address === undefined || meeting.hostEmail === address)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
  }
}

export const zoomMeetingsOf = (context: SandboxContext) =>
  context.shared(
    'zoom-meetings',
    () => new ZoomMeetings(context.dataDir ? join(context.dataDir, 'zoom.json') : undefined),
  );

/** The UTC instant of a wall-clock time in `timeZone` (Zoom takes `start_time` without `Z` as the meeting's zone). */
const zonedToUtc = (local: string, timeZone: string) => {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = local.split(/[-T:]/).map(Number);
  return instantOfWallClock({ year, month, day, hour, minute, second }, timeZone).getTime();
};

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Zoom's `yyyy-MM-ddTHH:mm:ssZ`. */
const zoomTime = (at: number) => `${new Date(at).toISOString().slice(0, 19)}Z`;

const zonedTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const absoluteTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The fields of a meeting request Zoom checks (others are taken and ignored, as settings the sandbox has not). */
const meetingFields = z.object({
  topic: z.string().max(200).optional(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(8), z.literal(10)]).optional(),
  start_time: z.string().optional(),
  duration: z.number().int().min(0).max(1440).optional(),
  timezone: z.string().optional(),
  agenda: z.string().max(2000).optional(),
  password: z.string().max(10).optional(),
});
type MeetingFields = z.infer<typeof meetingFields>;

const validationFailed = (errors: { field: string; message: string }[]) =>
  apiError(400, 300, 'Validation Failed.', { errors });

/** The request body as meeting fields, or Zoom's validation refusal. */
const readMeetingFields = (request: SandboxRequest): { ok: true; fields: MeetingFields } | SandboxResponse => {
  let body: unknown;
  try {
    body = request.json() ?? {};
  } catch {
    return apiError(400, 300, 'Request Body should be a valid JSON object.');
  }
  const parsed = meetingFields.safeParse(body);
  if (!parsed.success) {
    return validationFailed(
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    );
  }
  const fields = parsed.data;
  if (fields.timezone !== undefined && fields.timezone !== '' && !isTimeZone(fields.timezone)) {
    return validationFailed([{ field: 'timezone', message: `Invalid timezone: ${fields.timezone}` }]);
  }
  if (
    fields.start_time !== undefined &&
    !(absoluteTime.test(fields.start_time) || zonedTime.test(fields.start_time)) &&
    Number.isNaN(Date.parse(fields.start_time))
  ) {
    return validationFailed([{ field: 'start_time', message: 'Invalid field.' }]);
  }
  return { ok: true, fields };
};

/** `start_time` as a UTC instant: with `Z` or an offset as given, without as a wall-clock time in `timeZone`. */
const startOf = (startTime: string, timeZone: string) =>
  zonedTime.test(startTime) ? zonedToUtc(startTime, timeZone) : Date.parse(startTime);

/** A meeting as Zoom's `GET /meetings/{meetingId}` and `POST /users/me/meetings` answer it. */
const meetingJson = (meeting: ZoomMeetingRecord) => ({
  uuid: meeting.uuid,
  id: meeting.id,
  host_id: meeting.hostId,
  host_email: meeting.hostEmail,
  topic: meeting.topic,
  type: meeting.type,
  status: 'waiting',
  start_time: meeting.startTime,
  duration: meeting.duration,
  timezone: meeting.timezone,
  agenda: meeting.agenda,
  created_at: meeting.createdAt,
  start_url: meeting.startUrl,
  join_url: meeting.joinUrl,
  password: meeting.password,
  h323_password: meeting.password.replace(/\D/g, '0'),
  pre_schedule: false,
  settings: {
    host_video: false,
    participant_video: false,
    join_before_host: false,
    mute_upon_entry: false,
    waiting_room: true,
    approval_type: 2,
    audio: 'voip',
    auto_recording: 'none',
  },
});

/* ---------------------------------------------------------------- webhooks */

/** Zoom's event signature: `v0=` + hex HMAC-SHA256 of `v0:{x-zm-request-timestamp}:{raw body}` under the secret. */
export const zoomSignature = (secret: string, timestamp: string, rawBody: string) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;

type WebhookAnswer = { url: string; status: number | null; body: unknown };

/** Posts one event to the configured endpoint, signed as Zoom signs, once (Zoom retries; the sandbox tells the caller). */
const postEvent = async (settings: ZoomWebhookSettings, event: Record<string, unknown>): Promise<WebhookAnswer> => {
  const url = settings.endpoint!;
  const rawBody = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Zoom Marketplace/1.0a',
        'x-zm-request-timestamp': timestamp,
        'x-zm-signature': zoomSignature(settings.secret!, timestamp, rawBody),
      },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // a text answer is shown as it is
    }
    return { url, status: response.status, body };
  } catch (error) {
    return { url, status: null, body: (error as Error).message };
  }
};

/* ---------------------------------------------------------------- routes */

/** The live Zoom grant of the request's bearer token and the account it stands for, or Zoom's refusal. */
const callerOf = (grants: OAuthGrants, request: SandboxRequest, operation: keyof typeof scopeNeeds) => {
  const grant = bearerGrant(grants, 'zoom', request);
  if (!grant) return { refused: invalidToken() };
  const needs = scopeNeeds[operation];
  if (!grant.scopes.some((scope) => needs.some((need) => scope === need || scope.startsWith(`${need}:`)))) {
    return {
      refused: apiError(403, 4711, `Invalid access token, does not contain scopes:[${needs.join(', ')}].`),
    };
  }
  return { grant, user: zoomUserOf(grant.email) };
};

const isForm = (request: SandboxRequest) =>
  (request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');

/** A control request's body: JSON, or the form of the control page. */
const parseJsonBody = <T>(request: SandboxRequest, schema: z.ZodType<T>) => {
  let json: unknown;
  try {
    json = isForm(request) ? Object.fromEntries(request.form()) : request.json();
  } catch {
    json = undefined;
  }
  return schema.safeParse(json);
};

const controlError = (status: number, message: string) => ({ status, json: { error: { message } } });

const registerApi = (router: SandboxRouter, grants: OAuthGrants, meetings: ZoomMeetings, failures: ZoomFailures) => {
  /**
   * `GET /v2/users/me`
   * @link https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}
   */
  router.get('/zoom/v2/users/me', (request) => {
    const caller = callerOf(grants, request, 'me');
    if (caller.refused) return caller.refused;
    const injected = failures.take('me');
    if (injected) return injected;
    const { user, grant } = caller;
    return {
      json: {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        display_name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        type: 1,
        role_name: 'Owner',
        pmi: Number.parseInt(createHash('sha256').update(user.email).digest('hex').slice(0, 8), 16) % 9_000_000_000,
        use_pmi: false,
        timezone: user.timeZone,
        verified: 1,
        dept: '',
        created_at: grant.createdAt.replace(/\.\d+Z$/, 'Z'),
        last_login_time: zoomTime(Date.now()),
        language: 'en-US',
        status: 'active',
        role_id: '0',
        account_id: user.accountId,
        account_number: Number.parseInt(createHash('sha256').update(user.accountId).digest('hex').slice(0, 8), 16),
        cluster: 'us05',
        user_created_at: grant.createdAt.replace(/\.\d+Z$/, 'Z'),
      },
    };
  });

  /**
   * `POST /v2/users/me/meetings`: 201 with the meeting (a scheduled meeting, type 2, wants `start_time`).
   * @link https://developers.zoom.us/docs/api/meetings/#tag/meetings/POST/users/{userId}/meetings
   */
  router.post('/zoom/v2/users/:userId/meetings', (request) => {
    const caller = callerOf(grants, request, 'createMeeting');
    if (caller.refused) return caller.refused;
    const { user, grant } = caller;
    // an OAuth app's user may name itself by `me`, its id or its address; another user is another account's
    const target = request.params.userId!;
    if (target !== 'me' && target !== user.id && target.toLowerCase() !== user.email) {
      return apiError(404, 1001, `User does not exist: ${target}.`);
    }
    const injected = failures.take('createMeeting');
    if (injected) return injected;
    const read = readMeetingFields(request);
    if (!('ok' in read)) return read;
    const { fields } = read;
    const type = fields.type ?? 2;
    const timezone = fields.timezone || user.timeZone;
    if ((type === 2 || type === 8) && !fields.start_time) {
      return validationFailed([{ field: 'start_time', message: 'start_time is required for a scheduled meeting.' }]);
    }
    const now = Date.now();
    const id = meetings.newId();
    const meeting: ZoomMeetingRecord = {
      id,
      uuid: `${randomBytes(16).toString('base64').slice(0, 22)}==`,
      hostId: user.id,
      hostEmail: grant.email,
      topic: fields.topic ?? 'Zoom meeting',
      type,
      startTime: zoomTime(fields.start_time ? startOf(fields.start_time, timezone) : now),
      duration: fields.duration ?? 60,
      timezone,
      agenda: fields.agenda ?? '',
      password: fields.password ?? randomBytes(6).toString('base64url').slice(0, 6),
      joinUrl: `${request.origin}/zoom/j/${id}`,
      startUrl: `${request.origin}/zoom/s/${id}`,
      createdAt: zoomTime(now),
      updatedAt: zoomTime(now),
      deleted: false,
    };
    meetings.add(meeting);
    return { status: 201, json: meetingJson(meeting) };
  });

  /** The caller's live meeting of `:meetingId`: another account's meeting does not exist for it, as at Zoom. */
  const meetingOf = (request: SandboxRequest, grant: Grant) => {
    const id = request.params.meetingId!;
    const meeting = /^\d+$/.test(id) ? meetings.get(Number(id)) : undefined;
    if (!meeting || meeting.deleted || meeting.hostEmail !== grant.email) return { refused: noMeeting(id) };
    return { meeting };
  };

  /** @link https://developers.zoom.us/docs/api/meetings/#tag/meetings/GET/meetings/{meetingId} */
  router.get('/zoom/v2/meetings/:meetingId', (request) => {
    const caller = callerOf(grants, request, 'getMeeting');
    if (caller.refused) return caller.refused;
    const found = meetingOf(request, caller.grant);
    if (found.refused) return found.refused;
    const injected = failures.take('getMeeting');
    if (injected) return injected;
    return { json: meetingJson(found.meeting) };
  });

  /**
   * `PATCH /v2/meetings/{meetingId}`: 204; the fields given change (a `start_time` without `Z` is in the meeting's
   * zone, the new one when the request changes it).
   * @link https://developers.zoom.us/docs/api/meetings/#tag/meetings/PATCH/meetings/{meetingId}
   */
  router.route('PATCH', '/zoom/v2/meetings/:meetingId', (request) => {
    const caller = callerOf(grants, request, 'updateMeeting');
    if (caller.refused) return caller.refused;
    const found = meetingOf(request, caller.grant);
    if (found.refused) return found.refused;
    const injected = failures.take('updateMeeting');
    if (injected) return injected;
    const read = readMeetingFields(request);
    if (!('ok' in read)) return read;
    const { fields } = read;
    const { meeting } = found;
    const timezone = fields.timezone || meeting.timezone;
    meetings.update(meeting, {
      ...(fields.topic !== undefined ? { topic: fields.topic } : {}),
      ...(fields.type !== undefined ? { type: fields.type } : {}),
      ...(fields.start_time !== undefined ? { startTime: zoomTime(startOf(fields.start_time, timezone)) } : {}),
      ...(fields.duration !== undefined ? { duration: fields.duration } : {}),
      ...(fields.agenda !== undefined ? { agenda: fields.agenda } : {}),
      ...(fields.password !== undefined ? { password: fields.password } : {}),
      timezone,
      updatedAt: zoomTime(Date.now()),
    });
    return { status: 204 };
  });

  /**
   * `DELETE /v2/meetings/{meetingId}`: 204; a deleted or unknown meeting is 404 (code 3001), as at Zoom.
   * @link https://developers.zoom.us/docs/api/meetings/#tag/meetings/DELETE/meetings/{meetingId}
   */
  router.route('DELETE', '/zoom/v2/meetings/:meetingId', (request) => {
    const caller = callerOf(grants, request, 'deleteMeeting');
    if (caller.refused) return caller.refused;
    const found = meetingOf(request, caller.grant);
    if (found.refused) return found.refused;
    const injected = failures.take('deleteMeeting');
    if (injected) return injected;
    meetings.update(found.meeting, { deleted: true, updatedAt: zoomTime(Date.now()) });
    return { status: 204 };
  });
};

/**
 * `POST /oauth/revoke?token=` with the client's Basic authentication: either token of the grant ends it.
 * @link https://developers.zoom.us/docs/integrations/oauth/#revoking-an-access-token
 */
const revoke = (grants: OAuthGrants, failures: ZoomFailures) => (request: SandboxRequest) => {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
  const clientId = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] : undefined;
  if (!clientId) return { status: 401, json: { reason: zoomReasons.client, error: 'invalid_client' } };
  const injected = failures.take('revoke');
  if (injected) return injected;
  const value = request.query.get('token') ?? request.form().get('token');
  // a token Zoom no longer knows (already revoked, the user removed the app) is refused as the refresh grant is
  if (!value || !grants.revokeToken(value, 'zoom')) {
    return { status: 400, json: { reason: 'Invalid Token!', error: 'invalid_grant' } };
  }
  return { json: { status: 'success' } };
};

const emailBody = z.object({ email: z.string().trim().toLowerCase().min(3) });
const webhookConfigBody = z.object({ endpoint: z.url().optional(), secret: z.string().min(1).optional() });
const lifetimeBody = z.object({ seconds: z.number().int().min(1).max(86_400).nullable() });

/** The access tokens' lifetime the token endpoint gives from now on; undefined: Zoom's 3599 s. */
type TokenLifetime = { seconds: number | undefined };

/**
 * Control routes (DESIGN §8 'Sandbox control', on the sandbox port): the meetings as JSON, a user removing the app
 * (its grant ends and Zoom's `app_deauthorized` event goes to the webhook), injected failures, the webhook's settings
 * Zoom's endpoint URL validation, and the lifetime of new access tokens.
 */
const registerControl = (
  router: SandboxRouter,
  context: SandboxContext,
  grants: OAuthGrants,
  meetings: ZoomMeetings,
  failures: ZoomFailures,
  lifetime: TokenLifetime,
) => {
  const webhook = context.zoomWebhook;
  router
    .get('/_sandbox/zoom', () => ({ html: controlPage(grants.list(), meetings.list(), webhook) }))
    .post('/_sandbox/zoom/token-lifetime', (request) => {
      // tokens issued from now on live `seconds` (their `expires_in` says so), e.g. to see the app renew them
      const body = parseJsonBody(request, lifetimeBody);
      if (!body.success) return controlError(400, 'Give {seconds: 1-86400, or null for Zoom’s 3599}');
      lifetime.seconds = body.data.seconds ?? undefined;
      return { json: { seconds: lifetime.seconds ?? zoom.accessTokenSeconds } };
    })
    .get('/_sandbox/zoom/meetings', (request) => ({
      json: meetings.list(request.query.get('email') ?? undefined).map((meeting) => ({
        id: meeting.id,
        hostEmail: meeting.hostEmail,
        topic: meeting.topic,
        startTime: meeting.startTime,
        duration: meeting.duration,
        timezone: meeting.timezone,
        agenda: meeting.agenda,
        joinUrl: meeting.joinUrl,
        createdAt: meeting.createdAt,
        updatedAt: meeting.updatedAt,
        deleted: meeting.deleted,
      })),
    }))
    .post('/_sandbox/zoom/deauthorize', async (request) => {
      const body = parseJsonBody(request, emailBody);
      if (!body.success) return controlError(400, 'Give {email}');
      const { email } = body.data;
      const live = grants.list().filter((grant) => grant.vendor === 'zoom' && grant.email === email && !grant.revoked);
      if (live.length === 0) return controlError(404, `No live Zoom grant for ${email}`);
      grants.revokeEmail(email, 'zoom');
      // the control page's button comes back to the page
      const done = (response: SandboxResponse): SandboxResponse =>
        isForm(request) ? { status: 303, redirect: '/_sandbox/zoom' } : response;
      if (!webhook.endpoint || !webhook.secret) {
        return done({
          json: { revoked: live.length, webhook: null, message: 'No Zoom webhook is configured: no event sent' },
        });
      }
      const user = zoomUserOf(email);
      const now = Date.now();
      // one event per app the user removes (the sandbox's apps are its client ids)
      const answers: WebhookAnswer[] = [];
      for (const clientId of new Set(live.map((grant) => grant.clientId))) {
        answers.push(
          await postEvent(webhook, {
            event: 'app_deauthorized',
            event_ts: now,
            payload: {
              account_id: user.accountId,
              user_id: user.id,
              // Zoom's legacy field (an HMAC its older verification used); the headers are what apps check now
              signature: createHmac('sha256', webhook.secret).update(`${user.id}:${now}`).digest('hex'),
              deauthorization_time: new Date(now).toISOString(),
              client_id: clientId,
            },
          }),
        );
      }
      const last = answers.at(-1)!;
      // the webhook's status is the answer's (502: the webhook could not be reached)
      return done({ status: last.status ?? 502, json: { revoked: live.length, webhook: last, deliveries: answers } });
    })
    .post('/_sandbox/zoom/fail', (request) => {
      const body = parseJsonBody(request, failBody);
      if (!body.success) {
        return controlError(400, `Give {operation: ${zoomOperations.join('|')}, status: 400-599, times?}`);
      }
      failures.add(body.data.operation, body.data.status, body.data.times);
      return { json: { pending: failures.list() } };
    })
    .post('/_sandbox/zoom/webhook-config', (request) => {
      const body = parseJsonBody(request, webhookConfigBody);
      if (!body.success) return controlError(400, 'Give {endpoint?: URL, secret?}');
      if (body.data.endpoint) webhook.endpoint = body.data.endpoint;
      if (body.data.secret) webhook.secret = body.data.secret;
      return { json: { endpoint: webhook.endpoint ?? null, secret: webhook.secret ? 'set' : null } };
    })
    .post('/_sandbox/zoom/validate-endpoint', async () => {
      // Zoom's check of an event endpoint: it must answer the plain token and its HMAC under the secret token
      // @link https://developers.zoom.us/docs/api/webhooks/#validate-your-webhook-endpoint
      if (!webhook.endpoint || !webhook.secret) return controlError(409, 'No Zoom webhook is configured');
      const plainToken = randomBytes(16).toString('base64url');
      const answer = await postEvent(webhook, {
        payload: { plainToken },
        event_ts: Date.now(),
        event: 'endpoint.url_validation',
      });
      const expected = createHmac('sha256', webhook.secret).update(plainToken).digest('hex');
      const got = answer.body as { plainToken?: unknown; encryptedToken?: unknown } | null;
      const valid =
        answer.status === 200 &&
        got?.plainToken === plainToken &&
        typeof got.encryptedToken === 'string' &&
        got.encryptedToken.length === expected.length &&
        timingSafeEqual(Buffer.from(got.encryptedToken), Buffer.from(expected));
      return { json: { valid, webhook: answer } };
    });
};

/**
 * Zoom under `/zoom`: OAuth at `/zoom/oauth/authorize|token|revoke` (the consent page and grants shared with Google
 * and Microsoft: oauth-server.ts), the API at `/zoom/v2`, join links `/zoom/j/{id}`, control at `/_sandbox/zoom/...`
 * and `/_sandbox/oauth/revoke|expire {email, provider: 'zoom'}`.
 */
export const zoomVendor: SandboxVendor = {
  name: 'zoom',
  summary:
    'Zoom OAuth (base /zoom: /zoom/oauth/authorize, /token, /revoke) and API (base /zoom/v2: users/me, meetings); join pages /zoom/j/{id}; control /_sandbox/zoom/meetings, /deauthorize, /fail, /webhook-config, /validate-endpoint, /token-lifetime',
  register: (router, context) => {
    const grants = oauthGrantsOf(context);
    const meetings = zoomMeetingsOf(context);
    const failures = context.shared('zoom-failures', () => new ZoomFailures());
    registerOAuthControl(router, context);
    const lifetime = context.shared<TokenLifetime>('zoom-token-lifetime', () => ({ seconds: undefined }));
    const issueTokens = (request: SandboxRequest) =>
      token({ ...zoom, accessTokenSeconds: lifetime.seconds ?? zoom.accessTokenSeconds }, grants)(request);
    router
      .get('/zoom/oauth/authorize', authorize(zoom, grants))
      .post('/zoom/oauth/authorize', consent(zoom, grants))
      .post('/zoom/oauth/token', (request) => failures.take('token') ?? issueTokens(request))
      .post('/zoom/oauth/revoke', revoke(grants, failures))
      .get('/zoom/j/:id', joinPage(meetings, 'join'))
      .get('/zoom/s/:id', joinPage(meetings, 'start'));
    registerApi(router, grants, meetings, failures);
    registerControl(router, context, grants, meetings, failures, lifetime);
  },
};
