import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import { apiEvent, lambdaContext, userClaims } from '../test/api-event.js';

let handler: (
  event: ReturnType<typeof apiEvent>,
  context: ReturnType<typeof lambdaContext>,
) => Promise<APIGatewayProxyResult>;
beforeAll(async () => {
  ({ handler } = await import('./http.js'));
});

const request = async (
  claims: Record<string, unknown> | undefined,
  method: string,
  resource: string,
  body?: unknown,
) => {
  const response = await handler(apiEvent({ method, resource, body, ...(claims ? { claims } : {}) }), lambdaContext());
  return { status: response.statusCode, json: JSON.parse(response.body) };
};

describe('profiles Lambda', () => {
  it("shows a new user's profile with the free plan, an active subscription and the settings defaults", async () => {
    const claims = userClaims();
    const { status, json } = await request(claims, 'GET', '/api/profiles');
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.data).toMatchObject({
      uid: claims.sub,
      email: claims.email,
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
      settings: settingsDefaults,
    });
  });

  it('answers the same profile on /api/user/profile', async () => {
    const claims = userClaims();
    const first = await request(claims, 'POST', '/api/users/sync-user', {
      displayName: 'Grace Hopper',
      timeZone: 'UTC',
    });
    const second = await request(claims, 'GET', '/api/user/profile');
    expect(second.json.data).toEqual(first.json.data);
    expect(second.json.data.displayName).toBe('Grace Hopper');
  });

  it('refuses a body that fails validation with the field named and writes nothing', async () => {
    const claims = userClaims();
    await request(claims, 'POST', '/api/users/sync-user', {});
    const before = await request(claims, 'GET', '/api/profiles');

    const refused = await request(claims, 'PUT', '/api/profiles', { bio: 'ok', photoURL: 'not a url' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ success: false, code: 'validation_failed' });
    expect(refused.json.details).toEqual([{ field: 'body.photoURL', message: expect.any(String) }]);

    const settings = await request(claims, 'PUT', '/api/profiles/settings', { settings: { meetingDuration: 'long' } });
    expect(settings.status).toBe(400);
    expect(settings.json.details[0].field).toBe('body.settings.meetingDuration');

    const after = await request(claims, 'GET', '/api/profiles');
    expect(after.json.data).toEqual(before.json.data);
  });

  it('refuses an empty update with the spec message', async () => {
    const { status, json } = await request(userClaims(), 'PUT', '/api/profiles', {});
    expect(status).toBe(400);
    expect(json.error).toBe('No valid fields to update');
  });

  it('updates profile fields by PUT and POST and settings by {settings}', async () => {
    const claims = userClaims();
    await request(claims, 'PUT', '/api/profiles', { jobTitle: 'Engineer', company: 'Analytical Co' });
    await request(claims, 'POST', '/api/profiles', { location: 'London', connectedEmails: [] });
    const saved = await request(claims, 'PUT', '/api/profiles/settings', {
      settings: { theme: 'dark', emailNotifications: true },
    });
    expect(saved.json.data).toEqual({ ...settingsDefaults, theme: 'dark', emailNotifications: true });

    const profile = (await request(claims, 'GET', '/api/profiles')).json.data;
    expect(profile).toMatchObject({ jobTitle: 'Engineer', company: 'Analytical Co', location: 'London' });
    expect((await request(claims, 'GET', '/api/profiles/settings')).json.data.theme).toBe('dark');
  });

  it("never shows or changes another user's profile", async () => {
    const alice = userClaims({ name: 'Alice' });
    const bob = userClaims({ name: 'Bob' });
    await request(alice, 'PUT', '/api/profiles', { bio: 'Alice only' });
    const bobs = await request(bob, 'GET', '/api/profiles');
    expect(bobs.json.data.uid).toBe(bob.sub);
    expect(bobs.json.data.bio).toBe('');
    await request(bob, 'PUT', '/api/profiles', { bio: 'Bob was here' });
    expect((await request(alice, 'GET', '/api/profiles')).json.data.bio).toBe('Alice only');
  });
});
