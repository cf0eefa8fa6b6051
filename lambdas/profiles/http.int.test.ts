import { describe, expect, it } from 'vitest';
import { settingsDefaults } from '../../shared/schemas/profile.js';
import type { FieldIssue } from '../../shared/envelope.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';

describe('profiles Lambda', () => {
  it("shows a new user's profile with the free plan, an active subscription and the settings defaults", async () => {
    const claims = userClaims();
    const { status, json } = await callRoute('GET /api/profiles', { claims });
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
    const first = await callRoute('POST /api/users/sync-user', {
      claims,
      body: {
        displayName: 'Grace Hopper',
        timeZone: 'UTC',
      },
    });
    const second = await callRoute('GET /api/user/profile', { claims });
    expect(second.json.data).toEqual(first.json.data);
    expect(second.json.data.displayName).toBe('Grace Hopper');
  });

  it('refuses a body that fails validation with the field named and writes nothing', async () => {
    const claims = userClaims();
    await callRoute('POST /api/users/sync-user', { claims, body: {} });
    const before = await callRoute('GET /api/profiles', { claims });

    const refused = await callRoute('PUT /api/profiles', { claims, body: { bio: 'ok', photoURL: 'not a url' } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ success: false, code: 'validation_failed' });
    expect(refused.json.details).toEqual([{ field: 'body.photoURL', message: expect.any(String) }]);

    const settings = await callRoute('PUT /api/profiles/settings', {
      claims,
      body: { settings: { meetingDuration: 'long' } },
      offSchema: true,
    });
    expect(settings.status).toBe(400);
    expect((settings.json.details as FieldIssue[])[0]!.field).toBe('body.settings.meetingDuration');

    const after = await callRoute('GET /api/profiles', { claims });
    expect(after.json.data).toEqual(before.json.data);
  });

  it('refuses an empty update with the spec message', async () => {
    const { status, json } = await callRoute('PUT /api/profiles', { claims: userClaims(), body: {} });
    expect(status).toBe(400);
    expect(json.error).toBe('No valid fields to update');
  });

  it('updates profile fields by PUT and POST and settings by {settings}', async () => {
    const claims = userClaims();
    await callRoute('PUT /api/profiles', { claims, body: { jobTitle: 'Engineer', company: 'Analytical Co' } });
    await callRoute('POST /api/profiles', { claims, body: { location: 'London', connectedEmails: [] } });
    const saved = await callRoute('PUT /api/profiles/settings', {
      claims,
      body: {
        settings: { theme: 'dark', emailNotifications: true },
      },
    });
    expect(saved.json.data).toEqual({ ...settingsDefaults, theme: 'dark', emailNotifications: true });

    const profile = (await callRoute('GET /api/profiles', { claims })).json.data;
    expect(profile).toMatchObject({ jobTitle: 'Engineer', company: 'Analytical Co', location: 'London' });
    expect((await callRoute('GET /api/profiles/settings', { claims })).json.data.theme).toBe('dark');
  });

  it("never shows or changes another user's profile", async () => {
    const alice = userClaims({ name: 'Alice' });
    const bob = userClaims({ name: 'Bob' });
    await callRoute('PUT /api/profiles', { claims: alice, body: { bio: 'Alice only' } });
    const bobs = await callRoute('GET /api/profiles', { claims: bob });
    expect(bobs.json.data.uid).toBe(bob.sub);
    expect(bobs.json.data.bio).toBe('');
    await callRoute('PUT /api/profiles', { claims: bob, body: { bio: 'Bob was here' } });
    expect((await callRoute('GET /api/profiles', { claims: alice })).json.data.bio).toBe('Alice only');
  });
});
