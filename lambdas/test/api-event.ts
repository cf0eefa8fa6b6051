import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

/** An API Gateway REST proxy event as the Cognito authorizer leaves it (claims only on `user` routes). */
export const apiEvent = (options: {
  method: string;
  resource: string;
  path?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  params?: Record<string, string>;
  claims?: Record<string, unknown>;
}): APIGatewayProxyEvent =>
  ({
    httpMethod: options.method,
    resource: options.resource,
    path: options.path ?? options.resource,
    headers: {
      ...(options.body !== undefined || options.rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    multiValueHeaders: {},
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: options.params ?? null,
    stageVariables: null,
    isBase64Encoded: false,
    body: options.rawBody ?? (options.body === undefined ? null : JSON.stringify(options.body)),
    requestContext: {
      requestId: randomUUID(),
      ...(options.claims ? { authorizer: { claims: options.claims } } : {}),
    },
  }) as unknown as APIGatewayProxyEvent;

export const lambdaContext = (): Context =>
  ({
    awsRequestId: randomUUID(),
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test',
    memoryLimitInMB: '256',
    logGroupName: 'test',
    logStreamName: 'test',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
  }) as Context;

/** A signed-in user's claims, unique per call. */
export const userClaims = (overrides: Record<string, unknown> = {}) => {
  const sub = randomUUID();
  return { sub, email: `${sub.slice(0, 8)}@example.com`, name: 'Ada Lovelace', token_use: 'id', ...overrides };
};
