import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages.js';
import { profilesRoutes } from '../../shared/routes/profiles.js';
import { userClaims } from '../test/api-event.js';
import { callRoute, type HttpLambda } from '../test/call-route.js';
import { created } from './envelope.js';
import { HttpError } from './errors.js';
import { httpHandler, type DomainHandlers } from './http.js';
import { createLogger } from './logger.js';

const logger = createLogger('test');
logger.setLogLevel('SILENT');

const fakeProfiles = (
  overrides: Partial<DomainHandlers<typeof profilesRoutes>> = {},
): DomainHandlers<typeof profilesRoutes> => {
  const echo = async (request: { body?: unknown; userId?: string }) => ({
    body: request.body ?? null,
    userId: request.userId,
  });
  return {
    'POST /api/users/sync-user': echo,
    'GET /api/profiles': echo,
    'PUT /api/profiles': echo,
    'POST /api/profiles': echo,
    'GET /api/user/profile': echo,
    'GET /api/profiles/settings': echo,
    'PUT /api/profiles/settings': echo,
    'GET /api/referrals': echo,
    ...overrides,
  };
};

/** No account is deleted here but those named. */
const deletedAccounts = new Set<string>();
const isAccountDeleted = async (userId: string) => deletedAccounts.has(userId);

/** The house handler over the profiles table with these handlers: what `callRoute` invokes here, in their stead. */
const house = (handlers: DomainHandlers<typeof profilesRoutes>): HttpLambda =>
  httpHandler(profilesRoutes, handlers, { logger, corsOrigin: 'http://localhost:5173', isAccountDeleted });

describe('the house HTTP handler', () => {
  it('wraps a result in the success envelope with the user id from the verified claims', async () => {
    const claims = userClaims();
    const response = await callRoute('GET /api/profiles', { handler: house(fakeProfiles()), claims });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, data: { body: null, userId: claims.sub } });
  });

  it('gives a user route the identity of the verified claims', async () => {
    const claims = userClaims({ 'cognito:username': 'Google_1234' });
    const handle = vi.fn(async ({ identity }: { identity: unknown }) => identity);
    const response = await callRoute('GET /api/profiles', {
      handler: house(fakeProfiles({ 'GET /api/profiles': handle })),
      claims,
    });
    expect(response.json.data).toEqual({
      userId: claims.sub,
      email: claims.email,
      name: claims.name,
      username: 'Google_1234',
    });
  });

  it('answers 401 Authentication required on a user route without verified claims', async () => {
    const handle = vi.fn();
    const response = await callRoute('GET /api/profiles', {
      handler: house(fakeProfiles({ 'GET /api/profiles': handle })),
    });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ success: false, error: messages.auth.required, code: 'unauthorized' });
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses the verified claims of a deleted account with 401 before any handler runs, reads and writes alike', async () => {
    const claims = userClaims();
    deletedAccounts.add(claims.sub);
    const handle = vi.fn(async () => ({ written: true }));
    const handlers = fakeProfiles({ 'GET /api/profiles': handle, 'POST /api/users/sync-user': handle });
    for (const [route, body] of [
      ['GET /api/profiles', undefined],
      ['POST /api/users/sync-user', { displayName: 'Ada' }],
      // refused before its body is even read
      ['POST /api/users/sync-user', { unexpected: true }],
    ] as const) {
      const response = await callRoute(route, { handler: house(handlers), claims, body, offSchema: true });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ success: false, error: messages.auth.required, code: 'unauthorized' });
    }
    expect(handle).not.toHaveBeenCalled();
    // another user's claims still pass
    expect((await callRoute('GET /api/profiles', { handler: house(handlers), claims: userClaims() })).status).toBe(200);
  });

  it('never takes the user id from the request body or headers', async () => {
    const claims = userClaims();
    const response = await callRoute('POST /api/users/sync-user', {
      handler: house(fakeProfiles()),
      claims,
      headers: { 'x-user-id': 'someone-else' },
      body: { displayName: 'Ada' },
    });
    expect((response.json.data as unknown as { userId: string }).userId).toBe(claims.sub);
  });

  it('accepts a POST without a body and validates it as an empty object', async () => {
    const response = await callRoute('POST /api/users/sync-user', {
      handler: house(fakeProfiles()),
      claims: userClaims(),
    });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({ body: {} });
  });

  it('answers 400 naming the failing field, without calling the handler', async () => {
    const handle = vi.fn();
    const response = await callRoute('PUT /api/profiles/settings', {
      handler: house(fakeProfiles({ 'PUT /api/profiles/settings': handle })),
      claims: userClaims(),
      body: { settings: { theme: 'purple', followUpTime: '9am' } },
      offSchema: true,
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('validation_failed');
    expect(response.json.error).toContain('body.settings.theme');
    expect(response.json.details).toEqual([
      { field: 'body.settings.theme', message: expect.any(String) },
      { field: 'body.settings.followUpTime', message: 'Expected a time as HH:MM' },
    ]);
    expect(handle).not.toHaveBeenCalled();
  });

  it('names unknown fields in a strict body', async () => {
    const response = await callRoute('PUT /api/profiles', {
      handler: house(fakeProfiles()),
      claims: userClaims(),
      body: { bio: 'Hi', subscriptionTier: 'pro' },
    });
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([{ field: 'body.subscriptionTier', message: 'Unknown field' }]);
  });

  it('answers 400 on a body that is not JSON and 415 on a body that is not declared JSON', async () => {
    const broken = await callRoute('PUT /api/profiles', {
      handler: house(fakeProfiles()),
      claims: userClaims(),
      rawBody: '{"bio":',
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toBe(messages.validation.invalidJson);

    const form = await callRoute('PUT /api/profiles', {
      handler: house(fakeProfiles()),
      claims: userClaims(),
      rawBody: 'bio=hi',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('passes HttpError messages through and hides unexpected errors behind the 500 text', async () => {
    const refused = await callRoute('GET /api/profiles', {
      handler: house(
        fakeProfiles({ 'GET /api/profiles': async () => Promise.reject(new HttpError(409, 'Already there')) }),
      ),
      claims: userClaims(),
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ success: false, error: 'Already there', code: 'conflict' });

    const crashed = await callRoute('GET /api/profiles', {
      handler: house(
        fakeProfiles({ 'GET /api/profiles': async () => Promise.reject(new Error('secret table name leaked')) }),
      ),
      claims: userClaims(),
    });
    expect(crashed.status).toBe(500);
    expect(crashed.raw).not.toContain('secret');
    expect(crashed.json).toEqual({ success: false, error: messages.status[500], code: 'server_error' });
  });

  it('refuses a missing handler or a route of another domain, by type and at run time', async () => {
    const options = { logger, corsOrigin: '*', isAccountDeleted };
    const { 'GET /api/profiles': _left, ...missingOne } = fakeProfiles();
    // @ts-expect-error a route of the table without its handler
    const missing = httpHandler(profilesRoutes, missingOne, options);
    const foreign = httpHandler(
      profilesRoutes,
      {
        ...fakeProfiles(),
        // @ts-expect-error a route of another domain's table
        'GET /api/health': async () => ({ status: 'ok' }),
      },
      options,
    );

    const left = await callRoute('GET /api/profiles', { handler: missing, claims: userClaims() });
    expect(left.status).toBe(404);
    const health = await callRoute('GET /api/health', { handler: foreign });
    expect(health.status).toBe(404);
  });

  it('answers 404 for a route the table does not give this domain', async () => {
    const response = await callRoute('GET /api/health', { handler: house(fakeProfiles()), claims: userClaims() });
    expect(response.status).toBe(404);
    expect(response.json.error).toBe(messages.routing.notFound);
  });

  it('uses the status of a Reply and sets CORS headers on successes and errors', async () => {
    const ok = await callRoute('POST /api/profiles', {
      handler: house(fakeProfiles({ 'POST /api/profiles': async () => created({ id: 1 }) })),
      claims: userClaims(),
      body: { bio: 'x' },
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(ok.status).toBe(201);
    expect(ok.headers['Access-Control-Allow-Origin']).toBe('http://localhost:5173');

    const refused = await callRoute('GET /api/profiles', {
      handler: house(fakeProfiles()),
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['Access-Control-Allow-Origin']).toBe('http://localhost:5173');
  });
});
