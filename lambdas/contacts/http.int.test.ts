import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../shared/envelope.js';
import type { RouteName } from '../../shared/routes.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';

describe('contacts Lambda', () => {
  it("answers 404 on every route for another user's contact and changes nothing", async () => {
    const [owner, other] = [userClaims(), userClaims()];
    const made = await callRoute('POST /api/contacts', {
      claims: owner,
      body: { name: 'Ada Lovelace', notes: 'mine' },
    });
    expect(made.status).toBe(201);
    const params = { id: made.json.data.id as string };
    expect((await callRoute('GET /api/contacts/{id}', { claims: other, params })).status).toBe(404);
    expect(
      (await callRoute('PUT /api/contacts/{id}', { claims: other, params, body: { notes: 'theirs' } })).status,
    ).toBe(404);
    expect(
      (await callRoute('PATCH /api/contacts/{id}', { claims: other, params, body: { emailConfirmedByUser: true } }))
        .status,
    ).toBe(404);
    expect((await callRoute('DELETE /api/contacts/{id}', { claims: other, params })).status).toBe(404);
    const lookup = await callRoute('POST /api/contacts/lookup-email', {
      claims: other,
      body: { contact_ids: [params.id] },
    });
    expect(lookup.json.data).toEqual({ queued: [], skipped: [params.id] });
    expect((await callRoute('GET /api/contacts', { claims: other })).json.data).toEqual({
      contacts: [],
      next_cursor: null,
      total: 0,
    });
    expect((await callRoute('GET /api/contacts/recent', { claims: other })).json.data).toEqual([]);
    const mine = await callRoute('GET /api/contacts/{id}', { claims: owner, params });
    expect(mine.json.data).toMatchObject({ contact: { id: params.id, notes: 'mine' }, draft: null });
  });

  it("keeps a contact's own e-mail language until it is set back to the user's, and refuses an unknown one", async () => {
    const claims = userClaims();
    const made = await callRoute('POST /api/contacts', { claims, body: { name: 'Ada Lovelace' } });
    const params = { id: made.json.data.id as string };
    expect(made.json.data.email_language).toBeNull();
    const set = await callRoute('PUT /api/contacts/{id}', { claims, params, body: { email_language: 'de' } });
    expect(set.status).toBe(200);
    expect((await callRoute('GET /api/contacts/{id}', { claims, params })).json.data.contact.email_language).toBe('de');
    // another change leaves it alone
    await callRoute('PUT /api/contacts/{id}', { claims, params, body: { notes: 'speaks German' } });
    expect((await callRoute('GET /api/contacts/{id}', { claims, params })).json.data.contact.email_language).toBe('de');
    const bad = await callRoute('PUT /api/contacts/{id}', {
      offSchema: true,
      claims,
      params,
      body: { email_language: 'xx' },
    });
    expect(bad.status).toBe(400);
    await callRoute('PUT /api/contacts/{id}', { claims, params, body: { email_language: null } });
    expect((await callRoute('GET /api/contacts/{id}', { claims, params })).json.data.contact.email_language).toBeNull();
  });

  it('refuses bad LinkedIn URLs and bad bodies with 400 naming the field', async () => {
    const claims = userClaims();
    const cases: [
      string,
      string,
      { body?: unknown; query?: Record<string, string>; params?: Record<string, string> },
      string,
    ][] = [
      ['POST', '/api/contacts', { body: { linkedin_url: 'https://example.com/in/ada' } }, 'body.linkedin_url'],
      ['POST', '/api/contacts', { body: { linkedin_url: 'https://www.linkedin.com/in/a' } }, 'body.linkedin_url'],
      ['POST', '/api/contacts', { body: {} }, 'body.linkedin_url'],
      ['POST', '/api/contacts', { body: { name: 'Ada', email: 'not-an-address' } }, 'body.email'],
      ['POST', '/api/contacts', { body: { name: 'Ada', plan: 'pro' } }, 'body.plan'],
      [
        'POST',
        '/api/contacts/preview',
        { body: { linkedin_url: 'linkedin.com/company/northwind' } },
        'body.linkedin_url',
      ],
      [
        'PUT',
        '/api/contacts/{id}',
        { params: { id: 'x' }, body: { relationship_status: 'friends' } },
        'body.relationship_status',
      ],
      ['GET', '/api/contacts', { query: { limit: '0' } }, 'query.limit'],
      ['GET', '/api/contacts', { query: { sort: 'cursor', cursor: 'nonsense' } }, 'query.sort'],
      ['POST', '/api/contacts/lookup-email', { body: { contact_ids: [] } }, 'body.contact_ids'],
      ['GET', '/api/contacts', { query: { cursor: 'nonsense' } }, 'cursor'],
      ['GET', '/api/contacts', { query: { sort: 'name', cursor: 'nonsense' } }, 'cursor'],
    ];
    for (const [method, resource, options, field] of cases) {
      const { status, json } = await callRoute(`${method} ${resource}` as RouteName, {
        claims,
        ...options,
        offSchema: true,
      });
      expect({ method, resource, status }).toEqual({ method, resource, status: 400 });
      expect((json.details as FieldIssue[]).map((detail) => detail.field)).toContain(field);
    }
    const slots = await callRoute('GET /api/profiles/slots', { claims });
    expect(slots.json.data).toMatchObject({ slotsUsed: 0, slotsAllowed: 25, plan: 'free', totalAvailableSlots: 25 });
  });

  it('answers 402 contact_limit_reached when no slot is left and adds nothing', async () => {
    const claims = userClaims();
    for (let index = 0; index < 25; index += 1) {
      expect((await callRoute('POST /api/contacts', { claims, body: { name: `Person ${index}` } })).status).toBe(201);
    }
    const refused = await callRoute('POST /api/contacts', { claims, body: { name: 'One Too Many' } });
    expect(refused.status).toBe(402);
    expect(refused.json).toMatchObject({ success: false, code: 'contact_limit_reached' });
    expect((await callRoute('GET /api/contacts', { claims })).json.data.total).toBe(25);
  });
});
