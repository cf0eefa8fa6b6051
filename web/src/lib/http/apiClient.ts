import { messages } from '@shared/messages';
import { timings } from '@shared/constants';
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse, RouteSpec } from '@shared/routes';
// the route table's `auth` column, read at build time: the table itself would bring every zod schema along (web/vite/routeAuth.ts)
import { routeAuth } from 'virtual:route-auth';
import { ApiError } from './ApiError';
import { errorMessage, type RequestKind } from './errorMessage';
import { isRecord } from '@/lib/isRecord';

/** What a call to route `K` takes: its body, path params and query as the route table types them. */
export type RequestInput<K extends RouteName> = (RouteBody<K> extends undefined
  ? { body?: undefined }
  : { body: RouteBody<K> }) &
  (RouteParams<K> extends undefined ? { params?: undefined } : { params: RouteParams<K> }) &
  (RouteQuery<K> extends undefined ? { query?: undefined } : { query?: RouteQuery<K> }) & {
    signal?: AbortSignal;
    /** per attempt; pass {@link helperTimeoutMs} for helper calls. @default timings.requestTimeoutMs (30 s, SPEC §7) */
    timeoutMs?: number;
  };

type RequestArgs<K extends RouteName> =
  object extends RequestInput<K> ? [input?: RequestInput<K>] : [input: RequestInput<K>];

export type GetToken = (options?: { force?: boolean }) => Promise<string | undefined>;

export type ApiClientOptions = {
  /** the API origin from `config.json` */
  baseUrl: string;
  /**
   * The ID token for the bearer header, undefined when nobody is signed in; `force` asks for a new one after a 401
   * (the token cache's `getToken` fits).
   */
  getToken: GetToken;
  /** SPEC §4: resolves once auth is ready; awaited before every `user` route of the table, never before public ones */
  waitForAuth?: () => Promise<void>;
  /** SPEC §8 'Auth': a 401 survived the forced refresh, or the refresh found nobody signed in */
  onAuthFailure?: (error: ApiError) => void;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** per attempt. @default timings.requestTimeoutMs (30 s) */
  timeoutMs?: number;
  /** retries after a network failure (not after an HTTP error, a timeout or a cancel). @default 3 */
  retries?: number;
  /** delay before the first retry, doubled for each next one. @default 300 */
  retryDelayMs?: number;
  /** waits between retries; rejects when `signal` aborts. @default a setTimeout */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** SPEC §7: helper calls (document processing, AI generation) get 120 s instead of 30 s: pass as `timeoutMs`. */
export const helperTimeoutMs = timings.helperRequestTimeoutMs;

/** SPEC §5: GET answers of these paths that come back null mean an empty list. */
export const listPathPrefixes = [
  '/api/contacts',
  '/api/templates',
  '/api/meetings',
  '/api/conversations',
  '/api/outreach',
  '/api/pipeline',
] as const;

/** SPEC §5: a path is public when it contains one of these; used for paths the route table does not know. */
const publicPathParts = ['/api/public', '/api/auth', '/api/health', '/api/signup', '/api/login'];

/**
 * The body code of a 401 that is about a mailbox's grant, not the app's session (SPEC §4 'A 401 on e-mail endpoints
 * flags the connection expired'): thrown as it is, with the server's text, without a token refresh or a sign-out.
 */
export const mailboxGrantGoneCode = 'invalid_grant';

type Payload = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'invalid' };

type Sent = { response: Response; payload: Payload };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const handleAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', handleAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', handleAbort, { once: true });
  });

/** `/api/profiles/{id}` + `{id: 'a b'}` -> `/api/profiles/a%20b` */
const fillPath = (path: string, params: Record<string, unknown> | undefined) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });

const queryString = (query: Record<string, unknown> | undefined) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : '';
};

/** SPEC §8: seconds from `Retry-After` (seconds or HTTP date), else the body's `retryAfter`, else 60. */
const retryAfterSeconds = (header: string | null, body: unknown, now = Date.now()) => {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const fromBody = isRecord(body)
    ? (body.retryAfter ?? (isRecord(body.details) ? body.details.retryAfter : undefined))
    : undefined;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  return 60;
};

const authOf = (route: string, path: string): RouteSpec['auth'] => {
  const auth = (routeAuth as Partial<Record<string, RouteSpec['auth']>>)[route];
  if (auth) return auth;
  return publicPathParts.some((part) => path.includes(part)) ? 'public' : 'user';
};

const isListPath = (method: string, path: string) =>
  method === 'GET' && listPathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * SPEC §8 'Auth': 'Missing or insufficient permissions' is about the session, not the resource (any other 403 is):
 * the person is signed out and told so. Matched on the body's code or text, as the server or a gateway words it.
 */
export const insufficientPermissionsCode = 'insufficient_permissions';
const insufficientPermissions = /\binsufficient permissions?\b/i;

const lacksPermissions = ({ response, payload }: Sent) => {
  if (response.status !== 403 || payload.kind !== 'json' || !isRecord(payload.value)) return false;
  const { code, error, message } = payload.value;
  return (
    code === insufficientPermissionsCode ||
    [error, message].some((value) => typeof value === 'string' && insufficientPermissions.test(value))
  );
};

const isGrantGone = ({ payload }: Sent) =>
  payload.kind === 'json' && isRecord(payload.value) && payload.value.code === mailboxGrantGoneCode;

const cancelled = (cause: unknown) =>
  new ApiError({ status: 0, code: 'cancelled', message: messages.status.cancelled, cause });

/** Settles with `promise`, or rejects as cancelled as soon as `signal` aborts. */
const unlessAborted = <T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelled(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const handleAbort = () => reject(cancelled(signal.reason));
    signal.addEventListener('abort', handleAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', handleAbort));
  });
};

/** The machine code of a failure whose body names none. */
const statusCode = (status: number) => {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'server_error' : 'http_error';
};

/**
 * SPEC §5 'Envelope handling': `{success, data}` and `{result}` give their content, `success: false` throws the
 * server's `error` (or `message`) through the status texts of SPEC §8, and an empty answer becomes `[]` on list paths,
 * otherwise null. Any other 2xx body is a bad response.
 */
const unwrap = (
  { response, payload }: Sent,
  { method, path, kind }: { method: string; path: string; kind: RequestKind },
) => {
  const value = payload.kind === 'json' ? payload.value : undefined;
  const empty = () => (isListPath(method, path) ? [] : null);
  const retryAfter = () =>
    response.status === 429 ? { retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After'), value) } : {};

  if (isRecord(value) && value.success === false) {
    const serverMessage = text(value.error) ?? text(value.message);
    const grantGone = value.code === mailboxGrantGoneCode && serverMessage;
    throw new ApiError({
      status: response.status,
      code: text(value.code) ?? statusCode(response.status),
      message: grantGone ? serverMessage : errorMessage(response.status, kind, serverMessage),
      serverMessage,
      details: value.details,
      ...retryAfter(),
    });
  }
  if (!response.ok) {
    // not our envelope (a gateway or proxy answered): SPEC §8 generic text prefers `message`, then `error`
    const serverMessage = isRecord(value) ? (text(value.message) ?? text(value.error)) : undefined;
    throw new ApiError({
      status: response.status,
      code: (isRecord(value) && text(value.code)) || statusCode(response.status),
      message: errorMessage(response.status, kind, serverMessage),
      serverMessage,
      ...retryAfter(),
    });
  }
  if (payload.kind === 'empty' || value === null) return empty();
  if (isRecord(value) && value.success === true) return value.data ?? empty();
  if (isRecord(value) && 'result' in value) return value.result ?? empty();
  throw new ApiError({ status: response.status, code: 'bad_response', message: messages.status[500] });
};

/**
 * The one client every API call goes through (SPEC §7): the route table types its calls; it waits for auth before
 * `user` routes, attaches the ID token as bearer token, sends and reads JSON, retries network failures 3 times (300,
 * 600, 1200 ms), answers a 401 with one forced token refresh shared by all calls that meet it and one retry each,
 * unwraps `{success, data}` and `{result}` (SPEC §5), and turns every failure into an {@link ApiError} carrying the
 * status, the machine code and the text to show (SPEC §8).
 */
export const createApiClient = ({
  baseUrl,
  getToken,
  waitForAuth,
  onAuthFailure,
  fetch: fetchFn = globalThis.fetch,
  timeoutMs = timings.requestTimeoutMs,
  retries = timings.requestRetries,
  retryDelayMs = timings.requestRetryDelayMs,
  sleep = defaultSleep,
}: ApiClientOptions) => {
  const origin = baseUrl.replace(/\/+$/, '');
  // SPEC §7: calls meeting a 401 while a refresh runs queue behind that same refresh
  let refreshing: Promise<string | undefined> | undefined;

  const refreshToken = () => {
    if (!refreshing) {
      const refresh = getToken({ force: true }).finally(() => {
        if (refreshing === refresh) refreshing = undefined;
      });
      refreshing = refresh;
    }
    return refreshing;
  };

  const request = async <K extends RouteName>(route: K, ...[input]: RequestArgs<K>): Promise<RouteResponse<K>> => {
    const [method, path] = route.split(' ') as [string, string];
    const kind: RequestKind = method === 'GET' ? 'read' : 'mutation';
    const options = (input ?? {}) as RequestInput<K>;
    const callerSignal = options.signal;
    const url = `${origin}${fillPath(path, options.params as Record<string, unknown> | undefined)}${queryString(options.query as Record<string, unknown> | undefined)}`;
    const needsUser = authOf(route, path) === 'user';
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);

    /** One attempt: fetch and read the body within the timeout. */
    const attempt = async (headers: Record<string, string>): Promise<Sent> => {
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new DOMException('The request timed out.', 'TimeoutError')),
        options.timeoutMs ?? timeoutMs,
      );
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
      try {
        const response = await fetchFn(url, { method, headers, body, signal });
        const raw = await response.text();
        if (!raw) return { response, payload: { kind: 'empty' } };
        try {
          return { response, payload: { kind: 'json', value: JSON.parse(raw) as unknown } };
        } catch {
          return { response, payload: { kind: 'invalid' } };
        }
      } catch (cause) {
        if (callerSignal?.aborted) throw cancelled(cause);
        if (timeout.signal.aborted)
          throw new ApiError({ status: 0, code: 'timeout', message: messages.status.network, cause });
        throw new ApiError({ status: 0, code: 'network_error', message: messages.status.network, cause });
      } finally {
        clearTimeout(timer);
      }
    };

    /** SPEC §7: network failures only are retried, after 300 ms doubled each time. */
    const send = async (token: string | undefined): Promise<Sent> => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      for (let retry = 0; ; retry += 1) {
        try {
          return await attempt(headers);
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'network_error' || retry >= retries) throw error;
        }
        try {
          await sleep(retryDelayMs * 2 ** retry, callerSignal);
        } catch (cause) {
          throw cancelled(cause);
        }
      }
    };

    const tokenFor = async (force: boolean) => {
      try {
        return await unlessAborted(force ? refreshToken() : getToken(), callerSignal);
      } catch (cause) {
        if (cause instanceof ApiError) throw cause;
        // a public call goes without a token rather than fail on the auth provider
        if (!needsUser && !force) return undefined;
        throw new ApiError({
          status: force ? 401 : 0,
          code: force ? 'unauthorized' : 'network_error',
          message: force ? messages.auth.retryFailed : messages.status.network,
          cause,
        });
      }
    };

    const authFailed = (sent?: Sent) => {
      const payload = sent?.payload.kind === 'json' ? sent.payload.value : undefined;
      const error = new ApiError({
        status: 401,
        code: (isRecord(payload) && text(payload.code)) || 'unauthorized',
        message: messages.auth.retryFailed,
        serverMessage: isRecord(payload) ? (text(payload.error) ?? text(payload.message)) : undefined,
      });
      onAuthFailure?.(error);
      return error;
    };

    if (needsUser && waitForAuth) await unlessAborted(waitForAuth(), callerSignal);
    const token = await tokenFor(false);
    // SPEC §5: a non-public call without a token fails before it leaves
    if (needsUser && !token) throw new ApiError({ status: 401, code: 'unauthorized', message: messages.auth.required });

    let sent = await send(token);
    if (needsUser && sent.response.status === 401 && !isGrantGone(sent)) {
      // SPEC §7: force one refresh, retry once; SPEC §8: a second 401 signs out
      const fresh = await tokenFor(true);
      if (!fresh) throw authFailed();
      sent = await send(fresh);
      if (sent.response.status === 401) throw authFailed(sent);
    }
    if (needsUser && lacksPermissions(sent)) {
      const payload = sent.payload.kind === 'json' && isRecord(sent.payload.value) ? sent.payload.value : {};
      const error = new ApiError({
        status: 403,
        code: insufficientPermissionsCode,
        message: messages.auth.permissions,
        serverMessage: text(payload.error) ?? text(payload.message),
      });
      onAuthFailure?.(error);
      throw error;
    }
    return unwrap(sent, { method, path, kind }) as RouteResponse<K>;
  };

  return { request };
};

export type ApiClient = ReturnType<typeof createApiClient>;
