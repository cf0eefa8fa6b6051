import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGatewayPayloadLimit, localAwsEndpoint, startGateway, type Gateway, type GatewayRoute } from './gateway.js';
import { freePort } from './net.js';

/** The gateway against fixture routes and a fixture Lambda that echoes what it was given. */
const routes: GatewayRoute[] = [
  { method: 'GET', path: '/api/things', domain: 'things', auth: 'public' },
  { method: 'GET', path: '/api/things/{id}', domain: 'things', auth: 'user' },
  { method: 'GET', path: '/api/things/special', domain: 'things', auth: 'public' },
  { method: 'POST', path: '/api/things/{id}/files', domain: 'things', auth: 'user' },
  { method: 'GET', path: '/files/{path+}', domain: 'things', auth: 'public' },
  { method: 'GET', path: '/api/broken', domain: 'broken', auth: 'public' },
];

let gateway: Gateway;
let url: string;
const localSecret = 'run-secret-1';
/** where cognito-local's Lambda client is pointed: the gateway and the run's secret */
let aws: string;
const events: APIGatewayProxyEvent[] = [];
const contexts: Context[] = [];
const lines: string[] = [];
const triggerEvents: unknown[] = [];

beforeAll(async () => {
  const port = await freePort();
  gateway = await startGateway({
    port,
    webOrigin: 'http://localhost:5999',
    routes,
    // a valid token is the word `good`; its claims are what the authorizer verified
    authorize: async (authorization) =>
      authorization?.replace(/^Bearer /, '') === 'good'
        ? { sub: 'user-1', email: 'a@example.com', email_verified: true, exp: 1613582952, token_use: 'id', aud: 'c' }
        : null,
    loadDomain: async (domain) => ({
      handler: async (event, context): Promise<APIGatewayProxyResult> => {
        if (domain === 'broken') throw new Error('boom');
        events.push(event);
        contexts.push(context);
        return {
          statusCode: 200,
          headers: { 'Content-Type': 'application/json', 'X-Echo': 'yes' },
          body: JSON.stringify({ success: true, data: { resource: event.resource } }),
        };
      },
    }),
    functions: {
      'local-echo': async () => ({
        handler: async (event: never) => {
          triggerEvents.push(event);
          return { ...(event as object), response: { autoConfirmUser: true } };
        },
      }),
      'local-failing': async () => ({
        handler: async () => {
          throw new TypeError('trigger broke');
        },
      }),
    },
    localSecret,
    log: (line) => lines.push(line),
  });
  url = gateway.url;
  aws = localAwsEndpoint(url, localSecret);
});
afterAll(() => gateway.stop());

const lastEvent = () => events.at(-1)!;

describe('the local gateway', () => {
  it('turns a request into the REST API proxy event of its route', async () => {
    const response = await fetch(`${url}/api/things/a%20b/files?tag=x&tag=y&one=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer good', 'Content-Type': 'application/json', 'X-Custom': 'v' },
      body: JSON.stringify({ name: 'n' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    const event = lastEvent();
    expect(event).toMatchObject({
      resource: '/api/things/{id}/files',
      path: '/api/things/a%20b/files',
      httpMethod: 'POST',
      pathParameters: { id: 'a b' },
      queryStringParameters: { tag: 'y', one: '1' },
      multiValueQueryStringParameters: { tag: ['x', 'y'], one: ['1'] },
      body: '{"name":"n"}',
      isBase64Encoded: false,
      stageVariables: null,
      requestContext: {
        stage: 'local',
        resourcePath: '/api/things/{id}/files',
        httpMethod: 'POST',
        requestId: expect.any(String),
        identity: { sourceIp: '127.0.0.1' },
        authorizer: { claims: { sub: 'user-1', email: 'a@example.com', email_verified: 'true', token_use: 'id' } },
      },
    });
    expect(event.headers['X-Custom']).toBe('v');
    expect(event.multiValueHeaders['X-Custom']).toEqual(['v']);
    // API Gateway's Cognito authorizer passes every claim as a string, dates in Java's format
    expect(event.requestContext.authorizer?.claims.exp).toBe('Wed Feb 17 17:29:12 UTC 2021');
    expect(contexts.at(-1)?.functionName).toBe('outreach-local-things');
    expect(contexts.at(-1)?.getRemainingTimeInMillis()).toBeGreaterThan(28_000);
  });

  it('passes query and header names such as __proto__ and valueOf on as they came, as own keys', async () => {
    const response = await fetch(`${url}/api/things?__proto__=a&valueOf=b&valueOf=c&constructor=d`, {
      headers: [
        ['valueOf', 'h'],
        ['constructor', 'k'],
      ],
    });
    expect(response.status).toBe(200);
    const event = lastEvent();
    expect(Object.entries(event.queryStringParameters ?? {})).toEqual([
      ['__proto__', 'a'],
      ['valueOf', 'c'],
      ['constructor', 'd'],
    ]);
    expect(Object.hasOwn(event.multiValueQueryStringParameters ?? {}, '__proto__')).toBe(true);
    expect(event.multiValueQueryStringParameters?.valueOf).toEqual(['b', 'c']);
    expect(event.headers.constructor).toBe('k');
    expect(event.multiValueHeaders.valueOf).toEqual(['h']);
  });

  it('gives a public route no claims and null parameters when there are none', async () => {
    expect((await fetch(`${url}/api/things`, { headers: { Authorization: 'Bearer good' } })).status).toBe(200);
    expect(lastEvent()).toMatchObject({ pathParameters: null, queryStringParameters: null, body: null });
    expect(lastEvent().requestContext.authorizer).toBeUndefined();
  });

  it('prefers a literal segment to a path parameter, as API Gateway does', async () => {
    await fetch(`${url}/api/things/special`);
    expect(lastEvent().resource).toBe('/api/things/special');
  });

  it('matches a greedy {path+} parameter', async () => {
    await fetch(`${url}/files/a/b/c.txt`);
    expect(lastEvent()).toMatchObject({ resource: '/files/{path+}', pathParameters: { path: 'a/b/c.txt' } });
  });

  it('passes a binary body base64-encoded', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff]);
    await fetch(`${url}/api/things/1/files`, {
      method: 'POST',
      headers: { Authorization: 'good', 'Content-Type': 'application/pdf' },
      body: pdf,
    });
    expect(lastEvent()).toMatchObject({ isBase64Encoded: true, body: pdf.toString('base64') });
  });

  it.each([
    ['no Authorization header', undefined],
    ['a token it does not verify', 'Bearer bad'],
  ])('answers a user route with 401 and the envelope for %s', async (_case, authorization) => {
    const before = events.length;
    const response = await fetch(
      `${url}/api/things/1`,
      authorization ? { headers: { Authorization: authorization } } : {},
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5999');
    expect(await response.json()).toEqual({ success: false, error: 'Authentication required', code: 'unauthorized' });
    expect(events.length).toBe(before);
  });

  it.each([
    ['an unknown path', 'GET', '/api/nothing'],
    ['a known path with another method', 'DELETE', '/api/things'],
  ])('answers %s with 404 and the envelope', async (_case, method, path) => {
    const response = await fetch(`${url}${path}`, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The requested resource was not found.',
      code: 'not_found',
    });
  });

  it('answers the CORS preflight of a route for the web origin', async () => {
    const response = await fetch(`${url}/api/things/1/files`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5999', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5999',
      'access-control-allow-headers': 'Authorization,Content-Type',
      'access-control-allow-methods': 'POST,OPTIONS',
    });
  });

  it('answers 502 with the envelope when the Lambda throws, as API Gateway does', async () => {
    const response = await fetch(`${url}/api/broken`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Server error. Please try again later.',
      code: 'server_error',
    });
  });

  it('logs one line per request with method, path, status and duration', async () => {
    await fetch(`${url}/api/things?x=1`);
    expect(lines.at(-1)).toMatch(/^GET \/api\/things\?x=1 200 \d+ ms$/);
  });

  it('serves Lambda Invoke for the functions it knows, as cognito-local calls them', async () => {
    const response = await fetch(`${aws}/2015-03-31/functions/local-echo/invocations`, {
      method: 'POST',
      body: JSON.stringify({ triggerSource: 'PreSignUp_SignUp', response: {} }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ triggerSource: 'PreSignUp_SignUp', response: { autoConfirmUser: true } });

    const failed = await fetch(`${aws}/2015-03-31/functions/local-failing/invocations`, { method: 'POST', body: '{}' });
    expect(failed.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await failed.json()).toMatchObject({ errorType: 'TypeError', errorMessage: 'trigger broke' });

    const unknown = await fetch(`${aws}/2015-03-31/functions/nope/invocations`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });

  it("refuses Lambda Invoke without the run's secret (403) and runs nothing, nor logs the secret", async () => {
    const before = triggerEvents.length;
    // what another process or a web page on this machine could send: a simple POST, no secret or a guessed one
    for (const prefix of ['', '/_aws/guess', '/_aws/run-secret-', `/_aws/${localSecret}x`]) {
      const response = await fetch(`${url}${prefix}/2015-03-31/functions/local-echo/invocations`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ triggerSource: 'PostConfirmation_ConfirmSignUp', userName: 'someone-else' }),
      });
      expect(response.status, prefix).toBe(403);
      expect(response.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
    }
    expect(triggerEvents.length).toBe(before);
    await fetch(`${aws}/2015-03-31/functions/local-echo/invocations`, { method: 'POST', body: '{}' });
    expect(lines.at(-1)).toMatch(/^POST \/_aws\/\*\*\*\/2015-03-31\/functions\/local-echo\/invocations 200 \d+ ms$/);
    expect(lines.join('\n')).not.toContain(localSecret);
  });

  const tooLarge = {
    success: false,
    error: 'This request is too large: the API accepts at most 10 MB.',
    code: 'payload_too_large',
  };

  it('takes a body of exactly API Gateway’s 10 MB', async () => {
    const body = Buffer.alloc(apiGatewayPayloadLimit, 'a');
    const response = await fetch(`${url}/api/things/1/files`, {
      method: 'POST',
      headers: { Authorization: 'Bearer good', 'Content-Type': 'text/plain' },
      body,
    });
    expect(response.status).toBe(200);
    expect(lastEvent().body?.length).toBe(apiGatewayPayloadLimit);
  });

  it('answers a body announced over 10 MB with 413 and the envelope before the authorizer or a Lambda runs', async () => {
    const before = events.length;
    const response = await fetch(`${url}/api/things/1/files`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: Buffer.alloc(apiGatewayPayloadLimit + 1, 'a'),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5999');
    expect(await response.json()).toEqual(tooLarge);
    expect(events.length).toBe(before);
  });

  it('answers 413 to a streamed body as soon as it passes 10 MB, without waiting for (or keeping) the rest', async () => {
    const before = events.length;
    // chunked, with no Content-Length: 11 MB are sent and the request is never ended, so only an answer given while
    // the body is still arriving reaches this test
    const client = request(`${url}/api/things/1/files`, {
      method: 'POST',
      headers: { Authorization: 'Bearer good', 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' },
    });
    client.on('error', () => {});
    const answered = new Promise<IncomingMessage>((resolve) => client.once('response', resolve));
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    for (let index = 0; index < 11; index++) client.write(chunk);
    const response = await answered;
    const text = await new Promise<string>((resolve) => {
      let body = '';
      response.on('data', (part: Buffer) => (body += part.toString('utf8')));
      response.once('end', () => resolve(body));
    });
    client.destroy();
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(text)).toEqual(tooLarge);
    expect(events.length).toBe(before);
  });

  it('will not serve Lambda Invoke or SQS without a local secret', async () => {
    await expect(
      startGateway({
        port: await freePort(),
        webOrigin: 'http://localhost:5999',
        routes,
        authorize: async () => null,
        functions: {},
        log: () => {},
      }),
    ).rejects.toThrow('local secret');
  });
});
