import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { messages } from '../../shared/messages.js';
import { routeEntries } from '../../shared/routes.js';
import type { Authorize } from './authorizer.js';
import { localClockPath } from './clock.js';
import type { LocalLive } from './live.js';
import { discardRest, PayloadTooLargeError, readBody, sendJson } from './http-util.js';
import { lambdaContext, localAccountId, TimeoutError, withTimeout } from './lambda-context.js';
import { closeServer, listen } from './net.js';
import type { SqsApi } from './sqs-api.js';

export type HttpLambda = {
  handler: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
};
/** Any Lambda module (Cognito triggers): `handler(event, context)` answering the payload. */
export type LambdaModule = { handler: (event: never, context: Context) => Promise<unknown> };

export type GatewayRoute = { method: string; path: string; domain: string; auth: 'public' | 'user' };

export type GatewayOptions = {
  port: number;
  /** the web origin allowed by CORS, e.g. http://localhost:5173 */
  webOrigin: string;
  /** the Cognito authorizer's twin (authorizer.ts) */
  authorize: Authorize;
  /** @default the route table of shared/routes.ts */
  routes?: GatewayRoute[];
  /** @default imports `lambdas/<domain>/http.ts` */
  loadDomain?: (domain: string) => Promise<HttpLambda>;
  /** Lambdas reachable through the Lambda-Invoke endpoint (cognito-local's triggers): function name -> module */
  functions?: Record<string, () => Promise<LambdaModule>>;
  /** the SQS JSON-protocol subset of the local queues (sqs-api.ts) */
  sqs?: SqsApi;
  /**
   * The local clock (clock.ts) at `GET|POST /_local/clock`: local only, never a route of the table (no Lambda serves
   * it), as the `/_aws/...` endpoints.
   */
  clock?: (req: IncomingMessage, res: ServerResponse) => Promise<number>;
  /** the live channel (live.ts): `/ws` on this port, and the management API's `@connections` under the secret path */
  live?: LocalLive;
  /**
   * The run's local secret (`newLocalSecret`): the Lambda-Invoke, SQS and `@connections` endpoints answer only under
   * `localAwsEndpoint(origin, secret)`, so no other process or web page on this machine can run a Cognito trigger,
   * queue a message or push a live event. Required with `functions`, `sqs` or `live`.
   */
  localSecret?: string;
  /** one line per request @default console.log */
  log?: (line: string) => void;
  /** API Gateway's integration timeout @default 29 s */
  timeoutMs?: number;
  /** the largest request body; a larger one is answered 413 @default apiGatewayPayloadLimit */
  maxBodyBytes?: number;
};

/**
 * API Gateway's payload limit: 10 MB (10,485,760 bytes); a larger request is refused with 413 before any Lambda runs.
 * @link https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html
 */
export const apiGatewayPayloadLimit = 10 * 1024 * 1024;

export type Gateway = { url: string; stop: () => Promise<void> };

/** A fresh secret for one run of the local stack (the gateway's AWS endpoints). */
export const newLocalSecret = () => randomBytes(24).toString('base64url');

/**
 * The endpoint of the AWS APIs the gateway speaks (Lambda Invoke, SQS) for the SDKs of this machine: the gateway's
 * origin and the run's secret as the path, which the SDKs keep in front of each call's own path
 * (`AWS_ENDPOINT_URL_SQS`, cognito-local's Lambda client).
 */
export const localAwsEndpoint = (origin: string, secret: string) => `${origin}/_aws/${secret}`;

const awsPath = /^\/_aws\/([^/]+)(\/.*)?$/;
const invocationPath = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

const stage = 'local';
const envelope = (error: string, code: string) => ({ success: false, error, code });

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'greedy'; name: string };
type CompiledPath = { template: string; segments: Segment[] };

const compilePath = (template: string): CompiledPath => ({
  template,
  segments: template
    .split('/')
    .filter(Boolean)
    .map((part): Segment => {
      const param = /^\{(\w+)(\+?)\}$/.exec(part);
      if (!param) return { kind: 'literal', value: part };
      return param[2] ? { kind: 'greedy', name: param[1]! } : { kind: 'param', name: param[1]! };
    }),
});

const matchPath = (compiled: CompiledPath, parts: string[]): Record<string, string> | null => {
  const params: Record<string, string> = {};
  for (const [index, segment] of compiled.segments.entries()) {
    if (segment.kind === 'greedy') {
      if (index >= parts.length) return null;
      params[segment.name] = parts.slice(index).join('/');
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.kind === 'literal' && segment.value !== part) return null;
    if (segment.kind === 'param') params[segment.name] = part;
  }
  return compiled.segments.length === parts.length ? params : null;
};

const rank = { literal: 0, param: 1, greedy: 2 } as const;
/** API Gateway prefers the most specific resource: a literal segment beats `{param}`, which beats `{proxy+}`. */
const moreSpecific = (a: CompiledPath, b: CompiledPath) => {
  for (let index = 0; index < Math.max(a.segments.length, b.segments.length); index++) {
    const left = a.segments[index];
    const right = b.segments[index];
    if (!left || !right) return left ? -1 : 1;
    if (rank[left.kind] !== rank[right.kind]) return rank[left.kind] - rank[right.kind];
  }
  return 0;
};

const textTypes = /^(text\/|application\/([\w.+-]*json|x-www-form-urlencoded|xml|javascript)|multipart\/form-data)/i;

/** API Gateway's Cognito authorizer hands claims over as strings, dates as `Wed Feb 17 17:29:12 UTC 2021`. */
const claimsAsApiGateway = (payload: Record<string, unknown>) => {
  const asDate = (seconds: number) => {
    // toUTCString: 'Wed, 17 Feb 2021 17:29:12 GMT'
    const [weekday, day, month, year, time] = new Date(seconds * 1000).toUTCString().replace(',', '').split(' ');
    return `${weekday} ${month} ${day} ${time} UTC ${year}`;
  };
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => {
      if ((name === 'exp' || name === 'iat') && typeof value === 'number') return [name, asDate(value)];
      if (Array.isArray(value)) return [name, value.join(',')];
      return [name, typeof value === 'string' ? value : String(value)];
    }),
  );
};

const requestTime = (date: Date) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())} +0000`;
};

/**
 * The local API Gateway (DESIGN §1, §7): serves the route table on one port, turning each request into the REST API
 * proxy event API Gateway builds and calling the same domain Lambda, after the same checks as the Cognito authorizer
 * on `user` routes. It also answers CORS preflights for the web origin, and, under the run's secret path only, the
 * Lambda-Invoke calls of cognito-local's triggers and the SQS calls of the queue port.
 */
export const startGateway = async (options: GatewayOptions): Promise<Gateway> => {
  const log = options.log ?? ((line: string) => console.log(line));
  const { localSecret } = options;
  if ((options.functions || options.sqs || options.live) && !localSecret) {
    throw new Error('The gateway serves Lambda Invoke and SQS only with a local secret (newLocalSecret)');
  }
  const secretMatches = (given: string) => {
    if (!localSecret) return false;
    const [a, b] = [Buffer.from(given), Buffer.from(localSecret)];
    return a.length === b.length && timingSafeEqual(a, b);
  };
  // the secret never reaches a log line
  const shown = (path: string | undefined) => (localSecret ? (path ?? '').replaceAll(localSecret, '***') : path);
  const timeoutMs = options.timeoutMs ?? 29_000;
  const maxBodyBytes = options.maxBodyBytes ?? apiGatewayPayloadLimit;
  const routes = (options.routes ?? routeEntries()).map((route) => ({ ...route, compiled: compilePath(route.path) }));
  const templates = [...new Map(routes.map((route) => [route.path, route.compiled])).values()];
  const loadDomain =
    options.loadDomain ??
    ((domain: string) =>
      import(new URL(`../../lambdas/${domain}/http.ts`, import.meta.url).href) as Promise<HttpLambda>);
  // Each domain's module is imported once, on its first request, as a Lambda's cold start.
  const domains = new Map<string, Promise<HttpLambda>>();
  const lambdaOf = (domain: string) => {
    let loaded = domains.get(domain);
    if (!loaded) {
      loaded = loadDomain(domain);
      loaded.catch(() => domains.delete(domain));
      domains.set(domain, loaded);
    }
    return loaded;
  };
  const functions = new Map<string, Promise<LambdaModule>>();
  const functionOf = (name: string) => {
    const load = options.functions?.[name];
    if (!load) return undefined;
    let loaded = functions.get(name);
    if (!loaded) {
      loaded = load();
      loaded.catch(() => functions.delete(name));
      functions.set(name, loaded);
    }
    return loaded;
  };
  const corsHeaders = { 'Access-Control-Allow-Origin': options.webOrigin, Vary: 'Origin' };

  const resolve = (pathname: string) => {
    const parts = pathname.split('/').filter(Boolean);
    let best: { compiled: CompiledPath; params: Record<string, string> } | undefined;
    for (const compiled of templates) {
      const params = matchPath(compiled, parts);
      if (params && (!best || moreSpecific(compiled, best.compiled) < 0)) best = { compiled, params };
    }
    return best;
  };

  const serveRoute = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> => {
    const method = req.method ?? 'GET';
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const resolved = resolve(pathname);
    if (method === 'OPTIONS' && resolved) {
      const allowed = routes.filter((route) => route.path === resolved.compiled.template).map((route) => route.method);
      res.writeHead(204, {
        ...corsHeaders,
        'Access-Control-Allow-Methods': [...allowed, 'OPTIONS'].join(','),
        'Access-Control-Allow-Headers': 'Authorization,Content-Type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return 204;
    }
    const route =
      resolved && routes.find((entry) => entry.path === resolved.compiled.template && entry.method === method);
    if (!resolved || !route) {
      sendJson(res, 404, envelope(messages.routing.notFound, 'not_found'), corsHeaders);
      return 404;
    }

    let claims: Record<string, string> | undefined;
    if (route.auth === 'user') {
      const payload = await options.authorize(req.headers.authorization);
      if (!payload) {
        sendJson(res, 401, envelope(messages.auth.required, 'unauthorized'), corsHeaders);
        return 401;
      }
      claims = claimsAsApiGateway(payload as Record<string, unknown>);
    }

    const body = await readBody(req, maxBodyBytes);
    const contentType = req.headers['content-type'] ?? '';
    const isText = contentType === '' || textTypes.test(contentType);
    const headerValues = new Map<string, string[]>();
    for (let index = 0; index < req.rawHeaders.length; index += 2) {
      const name = req.rawHeaders[index]!;
      headerValues.set(name, [...(headerValues.get(name) ?? []), req.rawHeaders[index + 1]!]);
    }
    const queryValues = new Map<string, string[]>();
    for (const [name, value] of url.searchParams) queryValues.set(name, [...(queryValues.get(name) ?? []), value]);
    // Object.fromEntries: a name such as `__proto__` or `valueOf` is an own key, as in the JSON API Gateway sends
    const lastValues = (values: Map<string, string[]>) =>
      Object.fromEntries([...values].map(([name, all]) => [name, all.at(-1)!]));
    const headers = lastValues(headerValues);
    const multiValueHeaders = Object.fromEntries(headerValues);
    const query = lastValues(queryValues);
    const multiQuery = Object.fromEntries(queryValues);
    const pathParameters = Object.fromEntries(
      Object.entries(resolved.params).map(([name, value]) => [name, safeDecode(value)]),
    );
    const now = new Date();
    const requestId = randomUUID();
    const event: APIGatewayProxyEvent = {
      resource: route.path,
      path: pathname,
      httpMethod: method,
      headers,
      multiValueHeaders,
      queryStringParameters: Object.keys(query).length > 0 ? query : null,
      multiValueQueryStringParameters: Object.keys(multiQuery).length > 0 ? multiQuery : null,
      pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : null,
      stageVariables: null,
      body: body.length === 0 ? null : isText ? body.toString('utf8') : body.toString('base64'),
      isBase64Encoded: body.length > 0 && !isText,
      requestContext: {
        accountId: localAccountId,
        apiId: 'local',
        ...(claims ? { authorizer: { claims } } : {}),
        domainName: req.headers.host ?? `localhost:${options.port}`,
        domainPrefix: 'localhost',
        extendedRequestId: requestId,
        httpMethod: method,
        identity: {
          accessKey: null,
          accountId: null,
          apiKey: null,
          apiKeyId: null,
          caller: null,
          clientCert: null,
          cognitoAuthenticationProvider: null,
          cognitoAuthenticationType: null,
          cognitoIdentityId: null,
          cognitoIdentityPoolId: null,
          principalOrgId: null,
          sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
          user: null,
          userAgent: req.headers['user-agent'] ?? null,
          userArn: null,
        },
        path: `/${stage}${pathname}`,
        protocol: `HTTP/${req.httpVersion}`,
        requestId,
        requestTime: requestTime(now),
        requestTimeEpoch: now.getTime(),
        resourceId: 'local',
        resourcePath: route.path,
        stage,
      } as APIGatewayProxyEvent['requestContext'],
    };

    let result: APIGatewayProxyResult;
    try {
      const lambda = await lambdaOf(route.domain);
      result = await withTimeout(
        lambda.handler(event, lambdaContext(`outreach-${stage}-${route.domain}`, timeoutMs)),
        timeoutMs,
        `${route.domain} Lambda`,
      );
      if (!result || typeof result.statusCode !== 'number') throw new Error('Malformed Lambda proxy response');
    } catch (error) {
      if (error instanceof TimeoutError) {
        sendJson(res, 504, envelope('Endpoint request timed out', 'timeout'), corsHeaders);
        return 504;
      }
      log(`  ${route.domain} Lambda failed: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 502, envelope(messages.status[500], 'server_error'), corsHeaders);
      return 502;
    }
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
      res.setHeader(name, values.map(String));
    }
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
    res.writeHead(result.statusCode);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
    return result.statusCode;
  };

  /** `POST /2015-03-31/functions/<name>/invocations`, as the AWS SDK's Lambda `Invoke` calls it. */
  const invokeFunction = async (res: ServerResponse, name: string, req: IncomingMessage): Promise<number> => {
    const functionName = name.startsWith('arn:') ? (name.split(':')[6] ?? name) : name;
    const loaded = functionOf(functionName);
    if (!loaded) {
      sendJson(
        res,
        404,
        { Type: 'User', message: `Function not found: ${functionName}` },
        {
          'x-amzn-ErrorType': 'ResourceNotFoundException',
        },
      );
      return 404;
    }
    const payload = (await readBody(req, maxBodyBytes)).toString('utf8');
    try {
      const module = await loaded;
      const event = (payload ? JSON.parse(payload) : {}) as never;
      const result = await module.handler(event, lambdaContext(functionName, 30_000));
      sendJson(res, 200, result ?? null, { 'X-Amz-Executed-Version': '$LATEST' });
    } catch (error) {
      const failure = error as Error;
      log(`  ${functionName} failed: ${failure.stack ?? String(failure)}`);
      sendJson(
        res,
        200,
        { errorType: failure.name ?? 'Error', errorMessage: failure.message ?? String(failure), trace: [] },
        { 'X-Amz-Function-Error': 'Unhandled', 'X-Amz-Executed-Version': '$LATEST' },
      );
    }
    return 200;
  };

  /** Lambda Invoke and SQS, under `/_aws/<secret>` only: anything else that asks for them is refused with 403. */
  const serveAws = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> => {
    const aws = awsPath.exec(url.pathname);
    if (!aws || !secretMatches(safeDecode(aws[1]!))) {
      sendJson(
        res,
        403,
        {
          __type: 'AccessDeniedException',
          message: "The local Lambda and SQS endpoints answer only under the run's secret path (localAwsEndpoint)",
        },
        { 'x-amzn-ErrorType': 'AccessDeniedException' },
      );
      return 403;
    }
    const path = aws[2] ?? '/';
    const invocation = invocationPath.exec(path);
    if (req.method === 'POST' && invocation) return invokeFunction(res, safeDecode(invocation[1]!), req);
    const live = options.live && (await options.live.serveManagement(req, res, path));
    if (live) return live;
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method === 'POST' && target.startsWith('AmazonSQS.') && options.sqs) {
      const text = (await readBody(req, maxBodyBytes)).toString('utf8');
      const endpoint = localAwsEndpoint(url.origin, aws[1]!);
      const answer = await options.sqs(target.slice('AmazonSQS.'.length), text ? JSON.parse(text) : {}, endpoint);
      sendJson(res, answer.status, answer.body, answer.headers, 'application/x-amz-json-1.0');
      return answer.status;
    }
    sendJson(res, 404, { __type: 'UnknownOperationException', message: 'Unknown operation' });
    return 404;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const asksAws =
      awsPath.test(url.pathname) || invocationPath.test(url.pathname) || req.headers['x-amz-target'] !== undefined;
    try {
      // a body announced too large is refused before the authorizer or a Lambda runs, as API Gateway does
      if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) throw new PayloadTooLargeError(maxBodyBytes);
      if (options.clock && url.pathname === localClockPath) return await options.clock(req, res);
      return await (asksAws ? serveAws(req, res, url) : serveRoute(req, res, url));
    } catch (error) {
      if (!(error instanceof PayloadTooLargeError) || res.headersSent) throw error;
      sendJson(res, 413, envelope(messages.status[413], 'payload_too_large'), corsHeaders);
      discardRest(req);
      return 413;
    }
  };

  const server = createServer((req, res) => {
    const started = performance.now();
    handle(req, res)
      .then((status) => log(`${req.method} ${shown(req.url)} ${status} ${Math.round(performance.now() - started)} ms`))
      .catch((error: unknown) => {
        log(`${req.method} ${shown(req.url)} failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) sendJson(res, 500, envelope(messages.status[500], 'server_error'), corsHeaders);
        else res.end();
      });
  });
  options.live?.attach(server);
  await listen(server, options.port);
  return {
    url: `http://localhost:${options.port}`,
    stop: () => {
      options.live?.closeAll();
      return closeServer(server);
    },
  };
};

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
