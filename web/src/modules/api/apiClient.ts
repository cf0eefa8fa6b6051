import { messages } from '../../../../shared/messages';
import { timings } from '../../../../shared/constants';
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse } from '../../../../shared/routes';
import type { Envelope } from '../../../../shared/envelope';
import { ApiError } from './ApiError';
import { errorMessage, type RequestKind } from './errorMessage';

/** What a call to route `K` takes: its body, path params and query as the route table types them. */
export type RequestInput<K extends RouteName> = (RouteBody<K> extends undefined ? { body?: undefined } : { body: RouteBody<K> }) &
  (RouteParams<K> extends undefined ? { params?: undefined } : { params: RouteParams<K> }) &
  (RouteQuery<K> extends undefined ? { query?: undefined } : { query?: RouteQuery<K> }) & {
    signal?: AbortSignal;
    /** @default timings.requestTimeoutMs (30 s, SPEC §7) */
    timeoutMs?: number;
  };

type RequestArgs<K extends RouteName> = object extends RequestInput<K> ? [input?: RequestInput<K>] : [input: RequestInput<K>];

export type ApiClientOptions = {
  /** the API origin from `config.json` */
  baseUrl: string;
  /** the Cognito ID token of the signed-in user, or undefined when signed out */
  getIdToken: () => Promise<string | undefined>;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default timings.requestTimeoutMs */
  timeoutMs?: number;
};


const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  'success' in value &&
  (value.success === true ? 'data' in value : value.success === false && 'error' in value);

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
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** `Retry-After` in seconds or as an HTTP date; SPEC §8: 60 s when absent. */
const retryAfterSeconds = (header: string | null, now = Date.now()) => {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  return 60;
};

const readJson = async (response: Response) => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The one client every API call goes through (SPEC §7): the route table types its calls, it attaches the Cognito ID
 * token as a bearer token, sends and reads JSON, unwraps the `{success, data}` envelope and turns every failure into
 * an {@link ApiError} carrying the status, the machine code and the text to show (SPEC §8).
 */
export const createApiClient = ({ baseUrl, getIdToken, fetch: fetchFn = fetch, timeoutMs = timings.requestTimeoutMs }: ApiClientOptions) => {
  const origin = baseUrl.replace(/\/+$/, '');

  const request = async <K extends RouteName>(route: K, ...[input]: RequestArgs<K>): Promise<RouteResponse<K>> => {
    const [method, path] = route.split(' ') as [string, string];
    const kind: RequestKind = method === 'GET' ? 'read' : 'mutation';
    const options = (input ?? {}) as RequestInput<K>;
    const url = `${origin}${fillPath(path, options.params as Record<string, unknown> | undefined)}${queryString(options.query as Record<string, unknown> | undefined)}`;

    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await getIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const timeout = AbortSignal.timeout(options.timeoutMs ?? timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await fetchFn(url, { method, headers, body, signal });
    } catch (cause) {
      if (options.signal?.aborted) {
        throw new ApiError({ status: 0, code: 'cancelled', message: messages.status.cancelled, cause });
      }
      if (timeout.aborted) throw new ApiError({ status: 0, code: 'timeout', message: messages.status.network, cause });
      throw new ApiError({ status: 0, code: 'network_error', message: messages.status.network, cause });
    }

    const payload = await readJson(response);
    if (isEnvelope(payload)) {
      if (payload.success) return payload.data as RouteResponse<K>;
      throw new ApiError({
        status: response.status,
        code: payload.code,
        message: errorMessage(response.status, kind, payload.error),
        serverMessage: payload.error,
        details: payload.details,
        ...(response.status === 429 ? { retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')) } : {}),
      });
    }
    if (!response.ok) {
      throw new ApiError({
        status: response.status,
        code: response.status >= 500 ? 'server_error' : 'http_error',
        message: errorMessage(response.status, kind),
        ...(response.status === 429 ? { retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')) } : {}),
      });
    }
    throw new ApiError({ status: response.status, code: 'bad_response', message: messages.status[500] });
  };

  return { request };
};

export type ApiClient = ReturnType<typeof createApiClient>;
