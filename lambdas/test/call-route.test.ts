import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { RouteName } from '../../shared/routes.js';
import { userClaims } from './api-event.js';
import { callRoute, type HttpLambda } from './call-route.js';

/** A Lambda that keeps the events it was given and answers one envelope. */
const recording = () => {
  const events: APIGatewayProxyEvent[] = [];
  const handler: HttpLambda = async (event) => {
    events.push(event);
    return {
      statusCode: 201,
      headers: { 'Retry-After': '3' },
      body: JSON.stringify({ success: true, data: { id: 'c1' } }),
    };
  };
  return { events, handler };
};

describe('callRoute', () => {
  it('makes the API Gateway event of a route of the table: path filled from its parameters, claims, query and body', async () => {
    const { events, handler } = recording();
    const claims = userClaims();

    const answer = await callRoute('PUT /api/contacts/{id}', {
      handler,
      claims,
      params: { id: 'a b/c' },
      body: { notes: 'met at the fair' },
    });

    expect(answer).toEqual({
      status: 201,
      headers: { 'Retry-After': '3' },
      json: { success: true, data: { id: 'c1' } },
      raw: '{"success":true,"data":{"id":"c1"}}',
    });
    expect(events[0]).toMatchObject({
      httpMethod: 'PUT',
      resource: '/api/contacts/{id}',
      path: '/api/contacts/a%20b%2Fc',
      pathParameters: { id: 'a b/c' },
      body: '{"notes":"met at the fair"}',
      headers: { 'Content-Type': 'application/json' },
      requestContext: { authorizer: { claims } },
    });
    await callRoute('GET /api/contacts', { handler, claims, query: { limit: '5' } });
    expect(events[1]).toMatchObject({ path: '/api/contacts', queryStringParameters: { limit: '5' }, body: null });
  });

  it('refuses an unknown route and a missing path parameter by type, and both with a clear error at run time', async () => {
    const { events, handler } = recording();
    // @ts-expect-error not a route of shared/routes.ts
    await expect(callRoute('GET /api/nowhere', { handler })).rejects.toThrow(
      'GET /api/nowhere is not a route of shared/routes.ts',
    );
    // @ts-expect-error the path names {id}
    await expect(callRoute('GET /api/contacts/{id}', { handler })).rejects.toThrow('missing or empty: id');
    // @ts-expect-error a parameter the path does not name
    await expect(callRoute('GET /api/contacts/{id}', { handler, params: { contactId: 'c1' } })).rejects.toThrow(
      'missing or empty: id; not in the path: contactId',
    );
    await expect(callRoute('GET /api/contacts/{id}', { handler, params: { id: '' } })).rejects.toThrow(
      'missing or empty: id',
    );
    // a table of routes checks its parameters at run time only
    const route = 'DELETE /api/contacts/{id}' as RouteName;
    await expect(callRoute(route, { handler, offSchema: true })).rejects.toThrow('missing or empty: id');
    expect(events).toEqual([]);
  });

  it("types the body from the route's schema", async () => {
    const { handler } = recording();
    // @ts-expect-error relationship_status is one of the schema's values
    await callRoute('PUT /api/contacts/{id}', {
      handler,
      params: { id: 'c1' },
      body: { relationship_status: 'friends' },
    });
    // @ts-expect-error a route without a body schema takes none
    await callRoute('GET /api/contacts/recent', { handler, body: { any: 'thing' } });
    // what no schema takes, on purpose
    await callRoute('PUT /api/contacts/{id}', {
      handler,
      params: { id: 'c1' },
      body: { relationship_status: 'friends' },
      offSchema: true,
    });
  });
});
