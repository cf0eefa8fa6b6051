import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { routes, type Domain, type RouteName, type RouteResponse, type Routes } from '../../shared/routes.js';
import { apiEvent, lambdaContext } from './api-event.js';

/** A domain's HTTP Lambda as API Gateway invokes it. */
export type HttpLambda = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Each domain's real Lambda (`lambdas/<domain>/http.ts`), imported on first call: a test file sets its environment and
 * its mocks before the Lambda reads them, as it did when it imported the handler itself.
 */
const lambdas: Record<Domain, () => Promise<{ handler: unknown }>> = {
  health: () => import('../health/http.js'),
  profiles: () => import('../profiles/http.js'),
  documents: () => import('../documents/http.js'),
  ai: () => import('../ai/http.js'),
  account: () => import('../account/http.js'),
  contacts: () => import('../contacts/http.js'),
  drafts: () => import('../drafts/http.js'),
  templates: () => import('../templates/http.js'),
  mailboxes: () => import('../mailboxes/http.js'),
  conversations: () => import('../conversations/http.js'),
  replies: () => import('../replies/http.js'),
  pipeline: () => import('../pipeline/http.js'),
  meetings: () => import('../meetings/http.js'),
  billing: () => import('../billing/http.js'),
  dashboard: () => import('../dashboard/http.js'),
  notifications: () => import('../notifications/http.js'),
  sequences: () => import('../sequences/http.js'),
};

type PathOf<K> = K extends `${string} ${infer P}` ? P : never;
/** The `{name}` parameters of a path template. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type SchemaInput<S, F extends string> = S extends { [P in F]: infer T }
  ? T extends z.ZodMiniType
    ? z.input<T>
    : never
  : never;

/** Path parameters are required exactly when the route's path names them. */
type ParamsOption<K extends RouteName> = [ParamNames<PathOf<K>>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<PathOf<K>>, string> };

/** A query string carries text: the names the route's query schema takes, each as written in a URL. */
type QueryOption<K extends RouteName> = [SchemaInput<Routes[K], 'query'>] extends [never]
  ? { query?: never }
  : { query?: { [N in keyof SchemaInput<Routes[K], 'query'>]?: string } };

/** The body as the route's schema takes it; `rawBody` for what no schema takes (a 400's test) or a route with none. */
type BodyOption<K extends RouteName> = [SchemaInput<Routes[K], 'body'>] extends [never]
  ? { body?: never; rawBody?: string }
  : { body?: SchemaInput<Routes[K], 'body'>; rawBody?: string };

export type CallOptions<K extends RouteName> = ParamsOption<K> &
  QueryOption<K> &
  BodyOption<K> & {
    /** the signed-in user's claims (`userClaims()`); none for public routes or a test of the 401 */
    claims?: Record<string, unknown>;
    headers?: Record<string, string>;
    /** the handler to invoke instead of the route's domain Lambda: for tests of the house handler itself */
    handler?: HttpLambda;
  };

/**
 * A request a test makes outside the route's schemas on purpose (the cases of a 400, a table of routes): its path
 * parameters, query and body are not checked by type, only by the Lambda and, for the path, by `callRoute` at run time.
 */
export type OffSchemaOptions = {
  offSchema: true;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  claims?: Record<string, unknown>;
  headers?: Record<string, string>;
  handler?: HttpLambda;
};

/**
 * The envelope as the test reads it: `data` typed from the route's response schema where the table has one. Not the
 * `Success | Failure` union, so an assertion on `data` or `error` reads without narrowing first (it fails, as it
 * should, when the answer is the other one).
 */
export type TestEnvelope<T> = { success: boolean; data: T; error?: string; code?: string; details?: unknown };

export type RouteAnswer<K extends RouteName> = {
  status: number;
  headers: Record<string, string | number | boolean>;
  /** the parsed envelope; `null` for an answer without a body (a redirect), which no test reads it of */
  json: TestEnvelope<RouteResponse<K>>;
  /** the body as sent */
  raw: string;
};

const pathOf = (route: string, template: string, params: Record<string, string> = {}) => {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const missing = names.filter((name) => !params[name]);
  const unknown = Object.keys(params).filter((name) => !names.includes(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `${route}: path parameters ${JSON.stringify(params)} do not fit ${template}` +
        (missing.length > 0 ? `; missing or empty: ${missing.join(', ')}` : '') +
        (unknown.length > 0 ? `; not in the path: ${unknown.join(', ')}` : ''),
    );
  }
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
};

/**
 * One API request of the route table (`shared/routes.ts`) through its domain's real Lambda, as API Gateway would
 * make it: the event of `apiEvent` with the path filled from `params`, the user's claims as the authorizer leaves them.
 * Answers the status, the headers and the parsed envelope.
 *
 *   const { status, json } = await callRoute('GET /api/contacts/{id}', { claims, params: { id } });
 */
export const callRoute = async <K extends RouteName>(
  route: K,
  options: CallOptions<K> | OffSchemaOptions,
): Promise<RouteAnswer<K>> => {
  const spec = (routes as Record<string, { domain: Domain }>)[route];
  if (!spec) throw new Error(`${route} is not a route of shared/routes.ts`);
  const [method, resource] = route.split(' ') as [string, string];
  const { params, query, body, rawBody, claims, headers } = options as Omit<OffSchemaOptions, 'offSchema'>;
  const path = pathOf(route, resource, params);
  const handler = options.handler ?? ((await lambdas[spec.domain]()).handler as HttpLambda);
  const response = await handler(
    apiEvent({
      method,
      resource,
      path,
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(rawBody !== undefined ? { rawBody } : {}),
      ...(claims ? { claims } : {}),
      ...(headers ? { headers } : {}),
    }),
    lambdaContext(),
  );
  return {
    status: response.statusCode,
    headers: response.headers ?? {},
    json: response.body ? JSON.parse(response.body) : null,
    raw: response.body,
  };
};

/** The data of a 2xx answer, failing the test with the answer otherwise: for the steps a test builds its case with. */
export const dataOf = async <K extends RouteName>(
  call: Promise<RouteAnswer<K>>,
): Promise<RouteAnswer<K>['json']['data']> => {
  const answer = await call;
  expect(answer.status, answer.raw).toBeLessThan(300);
  return answer.json.data;
};

/** An answer's status and envelope, without its headers and raw body: what a test compares whole with `toEqual`. */
export const answerOf = ({ status, json }: { status: number; json: unknown }) => ({ status, json });
