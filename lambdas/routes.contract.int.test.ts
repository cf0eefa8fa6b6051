import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { messages } from '../shared/messages.js';
import { routeEntries } from '../shared/routes.js';
import { apiEvent, lambdaContext } from './test/api-event.js';

type HttpLambda = { handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyResult> };

const concretePath = (path: string) => path.replace(/\{(\w+)\}/g, 'someone-elses-$1');
const load = (domain: string) => import(`./${domain}/http.ts`) as Promise<HttpLambda>;

/** Every route of the table, present and future (STYLE §16). */
describe.each(routeEntries().filter((route) => route.auth === 'user'))('$key', (route) => {
  it('answers 401 Authentication required without verified claims', async () => {
    const { handler } = await load(route.domain);
    const response = await handler(
      apiEvent({ method: route.method, resource: route.path, path: concretePath(route.path), body: {} }),
      lambdaContext(),
    );
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ success: false, error: messages.auth.required, code: 'unauthorized' });
  });
});

describe.each(routeEntries())('$key', (route) => {
  it('is served by its domain Lambda with the envelope', async () => {
    const { handler } = await load(route.domain);
    const response = await handler(
      apiEvent({
        method: route.method,
        resource: route.path,
        path: concretePath(route.path),
        ...(route.auth === 'user' ? { claims: { sub: crypto.randomUUID(), email: 'x@example.com' } } : {}),
      }),
      lambdaContext(),
    );
    expect(response.statusCode).not.toBe(404);
    expect(JSON.parse(response.body)).toHaveProperty('success');
  });
});
