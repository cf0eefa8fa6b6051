import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { messages } from '../../shared/messages.js';
import type { BodyOf, ParamsOf, QueryOf, RouteKey, RouteSpec, RouteTable } from '../../shared/routes/route-spec.js';
import { createDataClient, type DataClient } from '../data/client.js';
import { isAccountDeleted } from '../data/deleted-account.js';
import { readConfig } from './config.js';
import { RawReply, Reply, failure, success } from './envelope.js';
import { HttpError, unauthorized } from './errors.js';
import { identityFromClaims, type Identity } from './identity.js';
import { parseOrThrow } from './validation.js';

/** What a route handler receives: validated input and, on `user` routes, the caller's identity (lambdas/core/identity.ts). */
export type RouteRequest<S extends RouteSpec> = {
  identity: S['auth'] extends 'user' ? Identity : undefined;
  /** `identity.userId`: the verified `sub` */
  userId: S['auth'] extends 'user' ? string : undefined;
  body: BodyOf<S>;
  query: QueryOf<S>;
  params: ParamsOf<S>;
  requestId: string;
  logger: Logger;
  /** the request as API Gateway gave it: what a public webhook checks itself (its signature header, raw query, body) */
  event: APIGatewayProxyEvent;
};

/** A route handler answers its data (200) or a `Reply` with another status; it throws `HttpError` for 4xx. */
export type RouteHandler<S extends RouteSpec> = (request: RouteRequest<S>) => Promise<unknown>;

/**
 * One handler for every route of a domain's table (`shared/routes/<domain>.ts`): a missing route is a compile error,
 * and so is a route of another table (an excess property).
 */
export type DomainHandlers<T extends RouteTable> = { [K in keyof T & RouteKey]: RouteHandler<T[K]> };

type Internal = { startedAt: number };

/** Parses the JSON body; a request without a body is fine (its schema decides), anything but JSON is 415. */
const readBody = (event: APIGatewayProxyEvent, maxBytes?: number): unknown => {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  // a route's own limit, checked before parsing: a public route (the page-visit collector) never parses a large body
  if (maxBytes !== undefined) {
    const bytes = event.isBase64Encoded
      ? Buffer.byteLength(event.body, 'base64')
      : Buffer.byteLength(event.body, 'utf8');
    if (bytes > maxBytes) throw new HttpError(413, messages.validation.bodyTooLarge);
  }
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
      const response = failure(error.status, error.message, error.code, error.details);
      request.response = { ...response, headers: { ...response.headers, ...error.headers } };
      return;
    }
    logger.error('request failed', error as Error);
    request.response = failure(500, messages.status[500], 'server_error');
  },
});

/** One structured line per request: method, route, status, duration. */
const accessLog = (
  logger: Logger,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal> => {
  const log: MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal>['after'] = (
    request,
  ) => {
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

/** Whether the account of a verified `sub` was deleted (lambdas/data/deleted-account.ts). */
export type DeletedAccountCheck = (userId: string) => Promise<boolean>;

/** The deleted-account check on the Lambda's own table (`TABLE_NAME`), its client made on first use. */
const tableDeletedAccountCheck = (): DeletedAccountCheck => {
  let db: DataClient | undefined;
  return (userId) => {
    db ??= createDataClient(readConfig().tableName);
    return isAccountDeleted(db, userId);
  };
};

const dispatch = async (
  event: APIGatewayProxyEvent,
  routes: RouteTable,
  handlers: Record<string, RouteHandler<RouteSpec>>,
  logger: Logger,
  accountDeleted: DeletedAccountCheck,
): Promise<APIGatewayProxyResult> => {
  const key = `${event.httpMethod} ${event.resource}`;
  const handle = handlers[key];
  const route = routes[key as RouteKey];
  if (!handle || !route) throw new HttpError(404, messages.routing.notFound);

  let identity: Identity | undefined;
  if (route.auth === 'user') {
    identity = identityFromClaims(event.requestContext?.authorizer?.claims);
    if (!identity) throw unauthorized();
    logger.appendKeys({ userId: identity.userId });
    // DESIGN §6 "Your data": a deleted account's ID tokens stay valid for up to an hour after its Cognito user is
    // gone; they are refused as no token is, before the handler runs, reads too (a first read creates the profile).
    if (await accountDeleted(identity.userId)) throw unauthorized();
  }

  // a route without a body schema reads its body itself, whatever its type (a webhook's; RFC 8058's one-click form)
  const rawBody = route.body ? readBody(event, route.maxBodyBytes) : undefined;
  const request = {
    identity,
    userId: identity?.userId,
    // A request without a body is validated as an empty object, so its schema names any missing field.
    body: route.body ? parseOrThrow('body', route.body, rawBody ?? {}) : undefined,
    query: route.query ? parseOrThrow('query', route.query, event.queryStringParameters ?? {}) : undefined,
    params: route.params ? parseOrThrow('path', route.params, event.pathParameters ?? {}) : undefined,
    requestId: event.requestContext?.requestId ?? 'unknown',
    logger,
    event,
  } as RouteRequest<RouteSpec>;

  const result = await handle(request);
  if (result instanceof RawReply) return result.response;
  return result instanceof Reply ? success(result.data, result.status) : success(result ?? null);
};

export type HttpHandlerOptions = {
  logger: Logger;
  /** the web origin allowed to call the API; `*` allows any */
  corsOrigin: string;
  /**
   * Refuses the verified identity of a deleted account on every `user` route (401, as without a token): one
   * strongly consistent GetItem per request. @default the deleted-account marks of the Lambda's table (`TABLE_NAME`)
   */
  isAccountDeleted?: DeletedAccountCheck;
};

/**
 * The house middy stack every HTTP Lambda uses (STYLE §2): context-aware structured logs, header normalisation,
 * CORS, the envelope for every error, then dispatch on `METHOD resource` (on `user` routes once the caller's
 * account is known not to be deleted) to the domain's route handlers with
 * body, query and path validated by the domain's route table (`shared/routes/<domain>.ts`, so a Lambda bundles only
 * its own domain's schemas).
 */
export const httpHandler = <T extends RouteTable>(
  routes: T,
  handlers: DomainHandlers<T>,
  options: HttpHandlerOptions,
) => {
  const { logger } = options;
  const accountDeleted = options.isAccountDeleted ?? tableDeletedAccountCheck();
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(accessLog(logger))
    .use(httpHeaderNormalizer())
    .use(
      httpCors({
        origin: options.corsOrigin,
        headers: 'Authorization,Content-Type',
        methods: 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        // a 429's wait (SPEC §8): the web origin is another origin, and Retry-After is not a CORS-safelisted header
        exposeHeaders: 'Retry-After',
        maxAge: 600,
      }),
    )
    .use(envelopeErrors(logger))
    .handler((event) =>
      dispatch(event, routes, handlers as Record<string, RouteHandler<RouteSpec>>, logger, accountDeleted),
    );
};
