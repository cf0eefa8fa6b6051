import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { messages } from '../../shared/messages.js';
import {
  routes,
  type Domain,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
  type Routes,
} from '../../shared/routes.js';
import { Reply, failure, success } from './envelope.js';
import { HttpError, unauthorized } from './errors.js';
import { parseOrThrow } from './validation.js';

/** The verified Cognito ID-token claims API Gateway (or the local gateway) puts on the event. */
export type Claims = { sub: string; email?: string; name?: string; [claim: string]: unknown };

/** What a route handler receives: validated input and the caller's identity from the verified claims only. */
export type RouteRequest<K extends RouteName> = {
  userId: Routes[K]['auth'] extends 'user' ? string : undefined;
  claims: Routes[K]['auth'] extends 'user' ? Claims : undefined;
  body: RouteBody<K>;
  query: RouteQuery<K>;
  params: RouteParams<K>;
  requestId: string;
  logger: Logger;
};

/** A route handler answers its data (200) or a `Reply` with another status; it throws `HttpError` for 4xx. */
export type RouteHandler<K extends RouteName> = (request: RouteRequest<K>) => Promise<unknown>;

/** One handler for every route of a domain: the type makes a missing or foreign route a compile error. */
export type DomainHandlers<D extends Domain> = {
  [K in RouteName as Routes[K]['domain'] extends D ? K : never]: RouteHandler<K>;
};

type Internal = { startedAt: number };

/** Parses the JSON body; a request without a body is fine (its schema decides), anything but JSON is 415. */
const readBody = (event: APIGatewayProxyEvent): unknown => {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  const contentType = event.headers?.['content-type'] ?? 'application/json';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new HttpError(415, messages.validation.unsupportedMediaType);
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new HttpError(400, messages.validation.invalidJson, { code: 'invalid_json', cause });
  }
};

/** Turns any error into the envelope; 5xx never leak internals and are logged with the request id. */
const envelopeErrors = (logger: Logger): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof HttpError && error.expose) {
      logger.info('request refused', { status: error.status, code: error.code });
      request.response = failure(error.status, error.message, error.code, error.details);
      return;
    }
    logger.error('request failed', error as Error);
    request.response = failure(500, messages.status[500], 'server_error');
  },
});

/** One structured line per request: method, route, status, duration. */
const accessLog = (logger: Logger): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal> => {
  const log: MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal>['after'] = (request) => {
    logger.info('request', {
      method: request.event.httpMethod,
      route: request.event.resource,
      status: request.response?.statusCode,
      ms: Date.now() - request.internal.startedAt,
    });
  };
  return {
    before: (request) => {
      request.internal.startedAt = Date.now();
      logger.appendKeys({ requestId: request.event.requestContext?.requestId });
    },
    after: log,
    onError: log,
  };
};

const dispatch = async (
  event: APIGatewayProxyEvent,
  handlers: Record<string, RouteHandler<RouteName>>,
  logger: Logger,
): Promise<APIGatewayProxyResult> => {
  const key = `${event.httpMethod} ${event.resource}`;
  const handle = handlers[key];
  const route = (routes as Record<string, RouteSpec>)[key];
  if (!handle || !route) throw new HttpError(404, messages.routing.notFound);

  let userId: string | undefined;
  let claims: Claims | undefined;
  if (route.auth === 'user') {
    const verified = event.requestContext?.authorizer?.claims as Claims | undefined;
    if (typeof verified?.sub !== 'string' || verified.sub === '') throw unauthorized();
    userId = verified.sub;
    claims = verified;
    logger.appendKeys({ userId });
  }

  const rawBody = readBody(event);
  const request = {
    userId,
    claims,
    // A request without a body is validated as an empty object, so its schema names any missing field.
    body: route.body ? parseOrThrow('body', route.body, rawBody ?? {}) : undefined,
    query: route.query ? parseOrThrow('query', route.query, event.queryStringParameters ?? {}) : undefined,
    params: route.params ? parseOrThrow('path', route.params, event.pathParameters ?? {}) : undefined,
    requestId: event.requestContext?.requestId ?? 'unknown',
    logger,
  } as RouteRequest<RouteName>;

  const result = await handle(request);
  return result instanceof Reply ? success(result.data, result.status) : success(result ?? null);
};

export type HttpHandlerOptions = {
  logger: Logger;
  /** the web origin allowed to call the API; `*` allows any */
  corsOrigin: string;
};

/**
 * The house middy stack every HTTP Lambda uses (STYLE §2): context-aware structured logs, header normalisation,
 * CORS, the envelope for every error, then dispatch on `METHOD resource` to the domain's route handlers with
 * body, query and path validated by the route table's zod schemas.
 */
export const httpHandler = <D extends Domain>(_domain: D, handlers: DomainHandlers<D>, options: HttpHandlerOptions) => {
  const { logger } = options;
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(accessLog(logger))
    .use(httpHeaderNormalizer())
    .use(
      httpCors({
        origin: options.corsOrigin,
        headers: 'Authorization,Content-Type',
        methods: 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        maxAge: 600,
      }),
    )
    .use(envelopeErrors(logger))
    .handler((event) => dispatch(event, handlers as Record<string, RouteHandler<RouteName>>, logger));
};
